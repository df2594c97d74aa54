import type { Db } from '../db/database.ts';

/**
 * The rows that name stored files, read for the storage check and the orphan sweep: CVs (volunteers), logos
 * (companies) and solution attachments (submission_attachments). Those modules own and write the columns; this file
 * only reads them, so that one place knows every column that holds a storage key. A new column that holds one must
 * be added to both queries here.
 */
export type StoredFileRow = { table: 'volunteers' | 'companies' | 'submission_attachments'; id: number; key: string };

const PAGE = 500;

/** Every row that names a stored file, read a page at a time (keyset by table and id). */
export async function* storedFileRows(db: Db): AsyncGenerator<StoredFileRow> {
  const pages = {
    volunteers: (after: number) =>
      db
        .selectFrom('volunteers')
        .select(['id', 'cv_storage_key as key'])
        .where('cv_storage_key', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    companies: (after: number) =>
      db
        .selectFrom('companies')
        .select(['id', 'logo_storage_key as key'])
        .where('logo_storage_key', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    submission_attachments: (after: number) =>
      db
        .selectFrom('submission_attachments')
        .select(['id', 'storage_key as key'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
  } as const;
  for (const [table, page] of Object.entries(pages) as Array<
    [StoredFileRow['table'], (after: number) => Promise<Array<{ id: number; key: string | null }>>]
  >) {
    let after = 0;
    for (;;) {
      const rows = await page(after);
      for (const row of rows) if (row.key !== null) yield { table, id: row.id, key: row.key };
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  }
}

/** Which of `keys` some row names (CV, logo or attachment). */
export async function namedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [cvs, logos, attachments] = await Promise.all([
    db.selectFrom('volunteers').select('cv_storage_key as key').where('cv_storage_key', 'in', keys).execute(),
    db.selectFrom('companies').select('logo_storage_key as key').where('logo_storage_key', 'in', keys).execute(),
    db.selectFrom('submission_attachments').select('storage_key as key').where('storage_key', 'in', keys).execute(),
  ]);
  return new Set([...cvs, ...logos, ...attachments].map((row) => row.key).filter((key) => key !== null));
}

/**
 * Claims the sweep that is due: moves `next_run_at` to `next` if it had passed by `now`. True for the one caller
 * (of all processes) whose update changed the row: that one sweeps.
 */
export async function claimDueSweep(db: Db, now: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('storage_sweeps')
    .set({ next_run_at: next })
    .where('id', '=', 1)
    .where('next_run_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordSweep(db: Db, finishedAt: string, removed: number): Promise<void> {
  await db
    .updateTable('storage_sweeps')
    .set({ last_finished_at: finishedAt, last_removed: removed })
    .where('id', '=', 1)
    .execute();
}

export function lastSweep(db: Db) {
  return db
    .selectFrom('storage_sweeps')
    .select(['next_run_at', 'last_finished_at', 'last_removed'])
    .where('id', '=', 1)
    .executeTakeFirst();
}
