import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { type JobDefinitions, jobDefinitions } from './handlers.ts';
import type { JobName } from './job-names.ts';
import { claimNextJob, completeJob, failJobAttempt } from './jobs.repository.ts';

const LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 10 * 60_000;

/** Delay before attempt `attempt + 1`: 5 s, 20 s, 80 s, … capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 4 ** Math.max(0, attempt - 1));
}

export type Worker = { stop: () => Promise<void>; drain: () => Promise<number> };

/** A definition as the worker sees it: the payload is whatever JSON the row holds. */
type RuntimeDefinition = {
  handle(deps: AppDeps, payload: unknown): Promise<void>;
  onFailed?(deps: AppDeps, payload: unknown, error: string): Promise<void>;
};

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Runs queued jobs: claims one at a time, runs its handler, and records the outcome. A failed attempt is retried
 * with backoff until `max_attempts`, then marked failed (listed by `guild jobs:failed`, re-run by `jobs:retry`).
 */
export function startWorker(deps: AppDeps, log: Logger, definitions: JobDefinitions = jobDefinitions): Worker {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const names = Object.keys(definitions) as JobName[];
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runOne(): Promise<boolean> {
    const now = new Date();
    const job = await claimNextJob(deps.db, deps.dialect, names, workerId, now, LEASE_MS);
    if (!job) return false;
    const definition = definitions[job.name as JobName] as unknown as RuntimeDefinition;
    const payload = JSON.parse(job.payload);
    try {
      await definition.handle(deps, payload);
      await completeJob(deps.db, job.id, workerId, new Date());
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const retryAt = job.attempts < job.max_attempts ? new Date(Date.now() + backoffMs(job.attempts)) : null;
      log.warn({ jobId: job.id, job: job.name, attempt: job.attempts, err: error }, 'job attempt failed');
      await failJobAttempt(deps.db, job.id, workerId, message, retryAt, new Date());
      if (!retryAt) await runOnFailed(definition, payload, message);
    }
    return true;
  }

  async function runOnFailed(definition: RuntimeDefinition, payload: unknown, message: string): Promise<void> {
    try {
      await definition.onFailed?.(deps, payload, message);
    } catch (error) {
      log.error({ err: error }, 'onFailed hook failed');
    }
  }

  /** Runs every due job, then returns how many ran (tests call this instead of waiting for the poll). */
  async function drain(): Promise<number> {
    let count = 0;
    while (!stopped && (await runOne())) count++;
    return count;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      running = drain().catch((error) => {
        log.error({ err: error }, 'worker loop failed');
        return 0;
      });
      await running;
      running = null;
      schedule();
    }, deps.config.workerPollMs);
  }

  if (names.length > 0) schedule();
  return {
    drain,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
