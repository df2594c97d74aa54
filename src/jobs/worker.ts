import crypto from 'node:crypto';
import os from 'node:os';
import type { JobRow } from '../db/schema.ts';
import { runWithRequestId } from '../observability/request-context.ts';
import { type JobRegistry, type RuntimeDefinition, runtimeDefinition } from './job-definition.ts';
import { jobLogger, splitJobMeta } from './job-meta.ts';
import { type JobName, payloadProblem } from './job-names.ts';
import {
  describeError,
  type JobLogger,
  type JobOutcome,
  jobsToRun,
  settledBy,
  type WorkerContext,
  type WorkerOptions,
} from './job-queue.ts';
import { claimNextJob, completeJob, failJobAttempt, releaseJob } from './jobs.repository.ts';

const BACKOFF_MAX_MS = 10 * 60_000;

/** Delay before attempt `attempt + 1`: base, 4×base, 16×base, … capped at 10 minutes (5 s, 20 s, 80 s by default). */
export function backoffMs(attempt: number, baseMs = 5_000): number {
  return Math.min(BACKOFF_MAX_MS, baseMs * 4 ** Math.max(0, attempt - 1));
}

export type Worker = { stop: (deadline?: Date) => Promise<boolean>; drain: () => Promise<number> };

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
  baseLog: JobLogger,
  options: Pick<WorkerOptions, 'only' | 'observer'> = {},
): Worker {
  const names = jobsToRun(registry, options);
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const leaseMs = context.config.jobLeaseSeconds * 1000;
  const retryBaseMs = context.config.jobRetryDelaySeconds * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** The job this loop runs now, if any: handed back to the queue when stop's deadline passes first. */
  let current: number | null = null;

  async function runOne(): Promise<boolean> {
    const now = new Date();
    const job = await claimNextJob(context.db, context.dialect, names, workerId, now, leaseMs);
    if (!job) return false;
    current = job.id;
    try {
      const { payload, reqId } = splitJobMeta(parseJson(job.payload));
      const log = jobLogger(baseLog, { jobId: job.id, job: job.name, reqId });
      const outcome = await (reqId === undefined
        ? run(job, payload, log)
        : runWithRequestId(reqId, () => run(job, payload, log)));
      options.observer?.jobFinished(job.name, outcome, (Date.now() - now.getTime()) / 1000);
    } finally {
      current = null;
    }
    return true;
  }

  async function run(job: JobRow, payload: unknown, log: JobLogger): Promise<JobOutcome> {
    const name = job.name as JobName;
    const definition = runtimeDefinition(registry, name);
    const problem = payloadProblem(name, payload);
    if (problem) {
      log.error({ problem }, 'job failed for good: its payload is invalid');
      await failJobAttempt(context.db, job.id, workerId, problem, null, new Date());
      return 'invalid';
    }
    try {
      await definition.handle(context, payload);
      await completeJob(context.db, job.id, workerId, new Date());
      log.info({ attempt: job.attempts }, 'job completed');
      return 'completed';
    } catch (error) {
      const message = describeError(error);
      const retryAt =
        job.attempts < job.max_attempts ? new Date(Date.now() + backoffMs(job.attempts, retryBaseMs)) : null;
      log.warn({ attempt: job.attempts, err: error }, 'job attempt failed');
      await failJobAttempt(context.db, job.id, workerId, message, retryAt, new Date());
      if (!retryAt) await runOnFailed(definition, payload, message, log);
      return 'failed';
    }
  }

  async function runOnFailed(
    definition: RuntimeDefinition<C>,
    payload: unknown,
    message: string,
    log: JobLogger,
  ): Promise<void> {
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
        baseLog.error({ err: error }, 'worker loop failed');
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
    stop: async (deadline) => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running || (await settledBy(running, deadline))) return true;
      const job = current;
      if (job !== null) {
        await releaseJob(context.db, job, workerId, new Date());
        baseLog.warn({ jobId: job }, 'job still running at the shutdown deadline: handed back to the queue');
      }
      return false;
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
