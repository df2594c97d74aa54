import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/database.ts';
import type { JobDefinitions } from './handlers.ts';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-names.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Attempts before the job fails for good and its `onFailed` runs (default 5). */
  maxAttempts?: number;
};

export type WorkerOptions = {
  /** The definitions to run (default: the registry in handlers.ts); jobs of other names stay queued. */
  definitions?: JobDefinitions;
  /** Jobs run at the same time in this process (default: WORKER_CONCURRENCY). */
  concurrency?: number;
};

export type JobWorker = {
  /** Takes no new job, waits for the running ones to finish. */
  stop(): Promise<void>;
};

/** A job that failed for good, as `guild jobs:failed` shows it. */
export type FailedJob = {
  /** The queue's own id: a number on the table queue, a UUID on pg-boss. */
  id: string;
  /** The job name; `<name>.on-failed` is the follow-up that runs `onFailed` on pg-boss. */
  name: string;
  attempts: number;
  maxAttempts: number;
  failedAt: string;
  lastError: string | null;
};

/**
 * Where jobs wait and who runs them. One engine per deployment, chosen from the configuration: the `jobs` table on
 * SQLite (the embedded default), pg-boss on PostgreSQL. Delivery is at least once on both: a job whose worker died is
 * run again once its lease (JOB_LEASE_SECONDS) ran out, so handlers must be idempotent.
 */
export interface JobQueue {
  readonly engine: 'table' | 'pg-boss';
  /** Installs or upgrades what the engine keeps in the database; call once at boot, before anything else. */
  start(log: JobLogger): Promise<void>;
  /**
   * Queues a job on `db`, which should be the caller's transaction: the job exists exactly when the write that
   * causes it committed (no lost job on a crash between the two, no job for a write that rolled back).
   */
  enqueue<N extends JobName>(db: Db, name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  /** Runs registered jobs in this process until stopped: retries with backoff, `onFailed` after the last attempt. */
  startWorker(deps: AppDeps, log: JobLogger, options?: WorkerOptions): Promise<JobWorker>;
  /** Jobs that failed for good, newest first. */
  listFailed(limit?: number): Promise<FailedJob[]>;
  /** Puts one failed job (by id) or all of them back in the queue with a fresh set of attempts; returns how many. */
  retry(target: { id: string } | 'all'): Promise<number>;
  /** Releases the engine's connections (after every worker stopped). */
  stop(): Promise<void>;
}

/** Job names without a definition: their jobs are kept, but nothing runs them until one is registered. */
export function missingDefinitions(definitions: JobDefinitions): JobName[] {
  return JOB_NAMES.filter((name) => !definitions[name]);
}

export function reportMissingDefinitions(definitions: JobDefinitions, log: JobLogger): void {
  const missing = missingDefinitions(definitions);
  if (missing.length > 0) {
    log.warn({ missing }, `no handler registered for ${missing.join(', ')}: these jobs stay queued`);
  }
}

/** A definition as a worker sees it: the payload is whatever JSON was queued. */
export type RuntimeDefinition = {
  handle(deps: AppDeps, payload: unknown): Promise<void>;
  onFailed?(deps: AppDeps, payload: unknown, error: string): Promise<void>;
};

export function runtimeDefinition(definitions: JobDefinitions, name: JobName): RuntimeDefinition {
  return definitions[name] as unknown as RuntimeDefinition;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
