import type { Db } from '../db/database.ts';
import type { JobName, JobPayloads } from './job-names.ts';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueOptions } from './job-queue.ts';
import { insertJob } from './jobs.repository.ts';

/**
 * @deprecated Use `deps.queue.enqueue(trx, name, payload)`: this writes to the `jobs` table, which only the table
 * queue (SQLite) reads; on PostgreSQL jobs go to pg-boss.
 */
export async function enqueue<N extends JobName>(
  db: Db,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<number> {
  return insertJob(db, name, payload, {
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
}
