import type { Dialect } from '../db/column-types.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';

/** The insert of `insertJob`, compiled once (a job is queued by many writes, in their transactions). */
const jobInsert = compiledOnce((db, name: string, payload: string, maxAttempts: number, runAt: string, now: string) =>
  db
    .insertInto('jobs')
    .values({
      name,
      payload,
      status: 'pending',
      max_attempts: maxAttempts,
      run_at: runAt,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    })
    .returning('id'),
);

/** Inserts a pending job; `db` is the caller's transaction, so the job commits or rolls back with its cause. */
export async function insertJob(
  db: Db,
  name: string,
  payload: unknown,
  options: { runAt: Date; maxAttempts: number },
): Promise<number> {
  const now = new Date().toISOString();
  const [row] = await jobInsert(
    db,
    name,
    JSON.stringify(payload),
    options.maxAttempts,
    options.runAt.toISOString(),
    now,
  );
  if (!row) throw new Error('The job insert returned no row.');
  return row.id;
}

/**
 * Claims the next due job among `names`: a pending job whose time has come, or a running one whose lease ran out
 * (its worker died). One UPDATE … WHERE id = (SELECT …) so two workers never claim the same row; on PostgreSQL the
 * inner select also skips rows another worker has locked.
 */
export async function claimNextJob(
  db: Db,
  dialect: Dialect,
  names: readonly string[],
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<JobRow | undefined> {
  if (names.length === 0) return undefined;
  const nowIso = now.toISOString();
  const next = db
    .selectFrom('jobs')
    .select('id')
    .where('name', 'in', names)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
      updated_at: nowIso,
    }))
    .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
    .returningAll()
    .executeTakeFirst();
}

export async function completeJob(db: Db, id: number, workerId: string, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'completed',
      completed_at: now.toISOString(),
      updated_at: now.toISOString(),
      locked_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

export async function failJobAttempt(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: retryAt ? 'pending' : 'failed',
      run_at: retryAt ? retryAt.toISOString() : now.toISOString(),
      last_error: error.slice(0, 4000),
      locked_until: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/**
 * Hands a running job back to the queue, due now, without counting the attempt it was in (its worker is stopping
 * and gave up waiting for it). Only while this worker still holds it, so a finished or taken-over job is left alone;
 * the handler's own outcome, if it still comes, is then ignored by the same check in completeJob and failJobAttempt.
 */
export async function releaseJob(db: Db, id: number, workerId: string, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'pending',
      attempts: eb('attempts', '-', 1),
      run_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
      updated_at: now.toISOString(),
    }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/** Jobs per name and status, for the given statuses (the `jobs_due` index starts with status). */
export async function countJobsByStatus(db: Db, statuses: readonly JobRow['status'][]) {
  if (statuses.length === 0) return [];
  return db
    .selectFrom('jobs')
    .select((eb) => ['name', 'status', eb.fn.countAll<number>().as('count')])
    .where('status', 'in', statuses)
    .groupBy(['name', 'status'])
    .orderBy('name')
    .orderBy('status')
    .execute();
}

/** Throws when the jobs table cannot be read (readiness). */
export async function probeJobsTable(db: Db): Promise<void> {
  await db.selectFrom('jobs').select('id').limit(1).execute();
}

export function listFailedJobs(db: Db, limit = 100) {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'failed').orderBy('id', 'desc').limit(limit).execute();
}

/** Puts failed jobs (all, or one) back in the queue with a fresh set of attempts. */
export async function retryFailedJobs(db: Db, id: number | null, now: Date): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now.toISOString(), locked_by: null, updated_at: now.toISOString() })
    .where('status', '=', 'failed')
    .$if(id !== null, (qb) => qb.where('id', '=', id!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
