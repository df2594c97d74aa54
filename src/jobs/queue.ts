import type { Db } from '../db/database.ts';
import type { JobName, JobPayloads } from './job-names.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Queues a job in the caller's transaction (pass `trx`), so the job exists exactly when the write that causes it
 * committed: no lost jobs on a crash between the two, no job for a write that rolled back.
 */
export async function enqueue<N extends JobName>(
  db: Db,
  name: N,
  payload: JobPayloads[N],
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('jobs')
    .values({
      name,
      payload: JSON.stringify(payload),
      status: 'pending',
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (options.runAt ?? new Date()).toISOString(),
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
