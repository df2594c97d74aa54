import crypto from 'node:crypto';
import os from 'node:os';
import { type JobRegistry, type RuntimeDefinition, runtimeDefinition } from './job-definition.ts';
import { type JobName, payloadProblem } from './job-names.ts';
import { describeError, type JobLogger, jobsToRun, type WorkerContext, type WorkerOptions } from './job-queue.ts';
import { claimNextJob, completeJob, failJobAttempt } from './jobs.repository.ts';

const BACKOFF_MAX_MS = 10 * 60_000;

/** Delay before attempt `attempt + 1`: base, 4×base, 16×base, … capped at 10 minutes (5 s, 20 s, 80 s by default). */
export function backoffMs(attempt: number, baseMs = 5_000): number {
  return Math.min(BACKOFF_MAX_MS, baseMs * 4 ** Math.max(0, attempt - 1));
}

export type Worker = { stop: () => Promise<void>; drain: () => Promise<number> };

/**
 * The table queue's worker loop: claims one job at a time from the `jobs` table, checks its payload, runs its handler,
 * and records the outcome. A failed attempt is retried with backoff until `max_attempts`, then marked failed (listed
 * by `guild jobs:failed`, re-run by `jobs:retry`); a payload that fails its schema fails the job at once, without
 * `onFailed` (it has no valid payload to act on). The claim is a lease of JOB_LEASE_SECONDS: if this process dies,
 * the job is claimed again by another worker once the lease ran out. Throws when the registry lacks a job.
 */
export function startWorker<C extends WorkerContext>(
  registry: JobRegistry<C>,
  context: C,
  log: JobLogger,
  options: Pick<WorkerOptions, 'only'> = {},
): Worker {
  const names = jobsToRun(registry, options);
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const leaseMs = context.config.jobLeaseSeconds * 1000;
  const retryBaseMs = context.config.jobRetryDelaySeconds * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runOne(): Promise<boolean> {
    const now = new Date();
    const job = await claimNextJob(context.db, context.dialect, names, workerId, now, leaseMs);
    if (!job) return false;
    const name = job.name as JobName;
    const definition = runtimeDefinition(registry, name);
    const payload = parseJson(job.payload);
    const problem = payloadProblem(name, payload);
    if (problem) {
      log.error({ jobId: job.id, job: name, problem }, 'job failed for good: its payload is invalid');
      await failJobAttempt(context.db, job.id, workerId, problem, null, new Date());
      return true;
    }
    try {
      await definition.handle(context, payload);
      await completeJob(context.db, job.id, workerId, new Date());
    } catch (error) {
      const message = describeError(error);
      const retryAt =
        job.attempts < job.max_attempts ? new Date(Date.now() + backoffMs(job.attempts, retryBaseMs)) : null;
      log.warn({ jobId: job.id, job: job.name, attempt: job.attempts, err: error }, 'job attempt failed');
      await failJobAttempt(context.db, job.id, workerId, message, retryAt, new Date());
      if (!retryAt) await runOnFailed(definition, payload, message);
    }
    return true;
  }

  async function runOnFailed(definition: RuntimeDefinition<C>, payload: unknown, message: string): Promise<void> {
    try {
      await definition.onFailed?.(context, payload, message);
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
    }, context.config.workerPollMs);
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

/** The stored payload; its text when it is no JSON, which then fails its schema like any other bad payload. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
