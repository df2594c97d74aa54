import type { Db } from '../db/database.ts';
import type { JobRegistry } from './job-definition.ts';
import { withJobMeta } from './job-meta.ts';
import type { JobName, JobPayloads } from './job-names.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type FailedJob,
  type JobCount,
  type JobLogger,
  type JobQueue,
  type JobState,
  type JobWorker,
  type WorkerContext,
  type WorkerOptions,
} from './job-queue.ts';
import { countJobsByStatus, insertJob, listFailedJobs, probeJobsTable, retryFailedJobs } from './jobs.repository.ts';
import { startWorker } from './worker.ts';

/**
 * The embedded queue: jobs are rows of the `jobs` table in the application's own database (the default on SQLite,
 * where several processes may still share the file). A worker claims a row with a lease; see worker.ts.
 */
export class TableJobQueue implements JobQueue {
  readonly engine = 'table';
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The table comes with the application's migrations: nothing to install. */
  async start(_log: JobLogger): Promise<void> {}

  async enqueue<N extends JobName>(
    db: Db,
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<string> {
    const id = await insertJob(db, name, withJobMeta(payload), {
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
    return String(id);
  }

  /** `concurrency` independent claim loops, each running one job at a time. */
  async startWorker<C extends WorkerContext>(
    registry: JobRegistry<C>,
    context: C,
    log: JobLogger,
    options: WorkerOptions = {},
  ): Promise<JobWorker> {
    // Each loop checks the registry first: an incomplete one rejects here, before any loop starts.
    const loops = Array.from({ length: options.concurrency ?? context.config.workerConcurrency }, () =>
      startWorker(registry, context, log, options),
    );
    return {
      stop: async (deadline) => (await Promise.all(loops.map((loop) => loop.stop(deadline)))).every(Boolean),
    };
  }

  async check(): Promise<void> {
    try {
      await probeJobsTable(this.#db);
    } catch (error) {
      throw new Error(`The jobs table cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  async countJobs(states: readonly JobState[]): Promise<JobCount[]> {
    const rows = await countJobsByStatus(this.#db, states);
    return rows.map((row) => ({ name: row.name, state: row.status, count: Number(row.count) }));
  }

  async listFailed(limit = 100): Promise<FailedJob[]> {
    const rows = await listFailedJobs(this.#db, limit);
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      failedAt: row.updated_at,
      lastError: row.last_error,
    }));
  }

  async retry(target: { id: string } | 'all'): Promise<number> {
    if (target === 'all') return retryFailedJobs(this.#db, null, new Date());
    // Ids here are row numbers; anything else (a pg-boss UUID) names no job of this queue.
    if (!/^[1-9]\d{0,15}$/.test(target.id)) return 0;
    return retryFailedJobs(this.#db, Number(target.id), new Date());
  }

  async stop(): Promise<void> {}
}
