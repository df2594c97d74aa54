import type PgBoss from 'pg-boss';
import type { FailedJob, JobCount, JobState } from './job-queue.ts';

/**
 * The few reads and writes pg-boss has no API for, on its own tables (`<schema>.job`, pg-boss 10): which queues have
 * due jobs, which jobs failed for good, and putting those back with a fresh set of attempts. Kept here, together, so
 * that a pg-boss upgrade that changes its tables has one file to check (the queue tests exercise each of them).
 */

type Row = Record<string, unknown>;

/** Of `names`, the queues that have a job ready to start: one cheap query instead of one fetch per queue. */
export async function queuesWithDueJobs(db: PgBoss.Db, schema: string, names: readonly string[]): Promise<string[]> {
  const { rows } = await db.executeSql(
    `SELECT DISTINCT name FROM ${schema}.job
      WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
    [names],
  );
  return rows.map((row: Row) => row.name as string);
}

export async function selectFailedJobs(
  db: PgBoss.Db,
  schema: string,
  names: readonly string[],
  limit: number,
): Promise<FailedJob[]> {
  const { rows } = await db.executeSql(
    `SELECT id, name, retry_count, retry_limit, completed_on, output FROM ${schema}.job
      WHERE name = ANY($1::text[]) AND state = 'failed'
      ORDER BY completed_on DESC, id LIMIT $2`,
    [names, limit],
  );
  return rows.map((row: Row) => ({
    id: row.id as string,
    name: row.name as string,
    attempts: (row.retry_count as number) + 1,
    maxAttempts: (row.retry_limit as number) + 1,
    failedAt: new Date(row.completed_on as Date).toISOString(),
    lastError: describeOutput(row.output),
  }));
}

/**
 * Failed jobs (one by id, or all of `names`) back to `retry`, due now, with their attempts counted from zero again
 * (pg-boss counts a run as a retry once `started_on` is set) and their retention restarted, so maintenance does not
 * archive them before they run.
 */
export async function requeueFailedJobs(
  db: PgBoss.Db,
  schema: string,
  names: readonly string[],
  id: string | null,
  retentionDays: number,
): Promise<number> {
  const { rows } = await db.executeSql(
    `WITH requeued AS (
       UPDATE ${schema}.job
          SET state = 'retry', retry_count = 0, started_on = NULL, completed_on = NULL, output = NULL,
              start_after = now(), keep_until = now() + $3 * interval '1 day'
        WHERE name = ANY($1::text[]) AND state = 'failed' AND ($2::uuid IS NULL OR id = $2::uuid)
        RETURNING 1
     )
     SELECT count(*)::int AS count FROM requeued`,
    [names, id, retentionDays],
  );
  return rows[0].count as number;
}

/**
 * Makes the current attempt of an active job its last, with no dead letter: the `fail` that follows marks it failed
 * for good, and pg-boss queues no `<name>.on-failed` follow-up. `jobs:failed` then shows it as n/n attempts.
 */
export async function endRetries(db: PgBoss.Db, schema: string, name: string, id: string): Promise<void> {
  await db.executeSql(
    `UPDATE ${schema}.job SET retry_limit = retry_count, dead_letter = NULL
      WHERE name = $1 AND id = $2::uuid AND state = 'active'`,
    [name, id],
  );
}

/**
 * Active jobs (by id) back to `retry`, due now, without counting the attempt they were in: their worker is stopping
 * and gave up waiting for them. pg-boss counts a fetch as a retry when `started_on` is set, so the count goes one
 * down, or `started_on` is cleared for a first attempt.
 */
export async function releaseActiveJobs(db: PgBoss.Db, schema: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.executeSql(
    `UPDATE ${schema}.job
        SET state = 'retry', start_after = now(), retry_count = GREATEST(retry_count - 1, 0),
            started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END
      WHERE id = ANY($1::uuid[]) AND state = 'active'`,
    [ids],
  );
}

/** pg-boss's job states in the table queue's words (created and retry wait; cancelled ones will not run). */
export const PG_BOSS_JOB_STATES: Record<string, JobState> = {
  created: 'pending',
  retry: 'pending',
  active: 'running',
  completed: 'completed',
  cancelled: 'failed',
  failed: 'failed',
};

/** Jobs of `names` per name and state, for the given states. */
export async function countJobsByState(
  db: PgBoss.Db,
  schema: string,
  names: readonly string[],
  states: readonly JobState[],
): Promise<JobCount[]> {
  const bossStates = Object.keys(PG_BOSS_JOB_STATES).filter((state) => states.includes(PG_BOSS_JOB_STATES[state]));
  if (bossStates.length === 0) return [];
  const { rows } = await db.executeSql(
    `SELECT name, state::text AS state, count(*)::int AS count FROM ${schema}.job
      WHERE name = ANY($1::text[]) AND state::text = ANY($2::text[])
      GROUP BY name, state ORDER BY name, state`,
    [names, bossStates],
  );
  const counts = new Map<string, JobCount>();
  for (const row of rows as Row[]) {
    const state = PG_BOSS_JOB_STATES[row.state as string];
    const key = `${row.name}|${state}`;
    const entry = counts.get(key) ?? { name: row.name as string, state, count: 0 };
    entry.count += row.count as number;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/** Throws when pg-boss's job table cannot be read through its own connections (readiness). */
export async function probeJobTable(db: PgBoss.Db, schema: string): Promise<void> {
  await db.executeSql(`SELECT 1 FROM ${schema}.job LIMIT 1`, []);
}

/**
 * pg-boss stores a failure as the serialized error (`{ name, message, stack }`), or `{ value: { message } }` when
 * it expired the job itself (its worker died or hung past the lease).
 */
export function describeOutput(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  const error = output as { stack?: unknown; message?: unknown; value?: { message?: unknown } };
  if (typeof error.stack === 'string') return error.stack;
  if (typeof error.message === 'string') return error.message;
  if (typeof error.value?.message === 'string') return error.value.message;
  return JSON.stringify(output);
}
