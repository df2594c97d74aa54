import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/column-types.ts';
import type { Db } from '../db/database.ts';
import { checkJobRegistry, type JobRegistry } from './job-definition.ts';
import { isJobName, JOB_NAMES, type JobName, type JobPayloads } from './job-names.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Attempts before the job fails for good and its `onFailed` runs (default 5). */
  maxAttempts?: number;
};

/**
 * What a worker reads from the context it hands to the definitions: its settings and the database. The application's
 * dependencies (AppDeps) are one such context; src/jobs knows only this much of them.
 */
export type WorkerContext = Readonly<{ config: Config; db: Db; dialect: Dialect }>;

/** How one run of a job ended: its handler returned, threw, or the payload failed its schema. */
export type JobOutcome = 'completed' | 'failed' | 'invalid';

/** Told of every job run a worker finished (the metrics of src/observability). */
export type JobObserver = {
  jobFinished(name: string, outcome: JobOutcome, seconds: number): void;
};

export type WorkerOptions = {
  /** Run only these jobs (default: all); jobs of other names stay queued for other workers. */
  only?: readonly JobName[];
  /** Jobs run at the same time in this process (default: WORKER_CONCURRENCY). */
  concurrency?: number;
  observer?: JobObserver;
};

export type JobWorker = {
  /**
   * Takes no new job and waits for the running ones to finish. Those still running at `deadline` are handed back
   * to the queue, due at once and without counting the interrupted attempt, and stop resolves: the process may exit,
   * and another worker runs them again (handlers are idempotent). Resolves with whether every job finished.
   */
  stop(deadline?: Date): Promise<boolean>;
};

/** A job's state in the words of the table queue; pg-boss's states map onto them. */
export type JobState = 'pending' | 'running' | 'completed' | 'failed';

/** How many jobs of one name are in one state (`guild jobs:status`, the queue-depth metric). */
export type JobCount = { name: string; state: JobState; count: number };

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
  /**
   * Runs the jobs of `registry` in this process until stopped, handing each definition `context`: retries with
   * backoff, `onFailed` after the last attempt, and a job whose payload fails its schema fails for good at once.
   * Rejects, running nothing, when the registry lacks a job (see checkJobRegistry).
   */
  startWorker<C extends WorkerContext>(
    registry: JobRegistry<C>,
    context: C,
    log: JobLogger,
    options?: WorkerOptions,
  ): Promise<JobWorker>;
  /** Resolves when jobs can be queued and taken now (readiness); otherwise throws an Error saying what failed. */
  check(): Promise<void>;
  /** The number of jobs per name in each of `states` (names and states without jobs are left out). */
  countJobs(states: readonly JobState[]): Promise<JobCount[]>;
  /** Jobs that failed for good, newest first. */
  listFailed(limit?: number): Promise<FailedJob[]>;
  /** Puts one failed job (by id) or all of them back in the queue with a fresh set of attempts; returns how many. */
  retry(target: { id: string } | 'all'): Promise<number>;
  /** Releases the engine's connections (after every worker stopped). */
  stop(): Promise<void>;
}

/**
 * The jobs a worker takes: every job of a complete registry, or the `only` ones. Throws (the worker does not start)
 * when the registry lacks a job or `only` names something that is no job.
 */
export function jobsToRun(registry: object, options: WorkerOptions): readonly JobName[] {
  checkJobRegistry(registry);
  const unknown = (options.only ?? []).filter((name) => !isJobName(name));
  if (unknown.length > 0) throw new Error(`The worker was asked to run ${unknown.join(', ')}, which no job is called.`);
  return options.only ?? JOB_NAMES;
}

/**
 * Waits for `running` until `deadline` (forever without one); true when everything finished in time. The timer does
 * not keep the process alive.
 */
export async function settledBy(running: Promise<unknown>, deadline: Date | undefined): Promise<boolean> {
  if (deadline === undefined) {
    await running;
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline.getTime() - Date.now()));
  });
  try {
    return await Promise.race([running.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
