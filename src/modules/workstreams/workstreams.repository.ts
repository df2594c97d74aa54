import type { Db } from '../../db/database.ts';
import { renumberedFor } from '../../shared/positions.ts';

/**
 * The company's writes on its challenge's workstreams (issue 12, item 1). The analysis inserts the planned ones
 * (challenge-analysis.repository.ts); the challenge read lists them (challenges.repository.ts).
 */

export function findWorkstream(db: Db, id: number) {
  return db.selectFrom('workstreams').selectAll().where('id', '=', id).executeTakeFirst();
}

export type WorkstreamRow = NonNullable<Awaited<ReturnType<typeof findWorkstream>>>;

/** A workstream the company adds, `active` like the planned ones, at the end of the challenge's list. */
export async function insertCompanyWorkstream(
  db: Db,
  challengeId: number,
  values: { title: string; description: string | null },
  now: string,
): Promise<number> {
  const last = await db
    .selectFrom('workstreams')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
  const row = await db
    .insertInto('workstreams')
    .values({
      challenge_id: challengeId,
      title: values.title,
      description: values.description,
      position: Number(last?.position ?? 0) + 1,
      status: 'active',
      origin: 'company',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWorkstream(
  db: Db,
  id: number,
  values: { title?: string; description?: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('workstreams')
    .set({ ...values, company_edited_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts the workstream at `position` (1 = first; past the end = last) and numbers the challenge's workstreams 1, 2, …
 * in their new order. Only rows whose number changes are written.
 */
export async function placeWorkstream(db: Db, challengeId: number, id: number, position: number): Promise<void> {
  const rows = await db
    .selectFrom('workstreams')
    .select(['id', 'position'])
    .where('challenge_id', '=', challengeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const moved of renumberedFor(rows, id, position)) {
    await db.updateTable('workstreams').set({ position: moved.position }).where('id', '=', moved.id).execute();
  }
}

export async function deleteWorkstream(db: Db, id: number): Promise<void> {
  await db.deleteFrom('workstreams').where('id', '=', id).execute();
}
