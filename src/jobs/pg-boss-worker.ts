import type PgBoss from 'pg-boss';
import { runWithRequestId } from '../observability/request-context.ts';
import { type JobRegistry, type RuntimeDefinition, runtimeDefinition } from './job-definition.ts';
import { jobLogger, splitJobMeta } from './job-meta.ts';
import { type JobName, payloadProblem } from './job-names.ts';
import {
  describeError,
  type JobLogger,
  type JobOutcome,
  type JobWorker,
  jobsToRun,
  settledBy,
  type WorkerContext,
  type WorkerOptions,
} from './job-queue.ts';
import { describeOutput, endRetries, queuesWithDueJobs, releaseActiveJobs } from './pg-boss-tables.ts';

export const ON_FAILED_SUFFIX = '.on-failed';

/** The queue that runs `onFailed` for a job name: pg-boss moves a job there (its dead letter) when it fails for good. */
export function onFailedQueueOf(name: JobName): string {
  return `${name}${ON_FAILED_SUFFIX}`;
}

type Runner<C> = { kind: 'handle' | 'onFailed'; name: JobName; definition: RuntimeDefinition<C> };
type FetchedJob = PgBoss.JobWithMetadata<unknown>;

/**
 * Runs pg-boss jobs in this process with up to `concurrency` at a time. One dispatch loop instead of pg-boss's
 * `work()` (one poller per queue that waits a full polling interval after every job): while jobs are due it fetches
 * as many as there are free slots, straight away; when none are due it sleeps WORKER_POLL_MS, or less if a running
 * job finishes first (its follow-up jobs may be due).
 */
export async function startPgBossWorker<C extends WorkerContext>(
  boss: PgBoss,
  schema: string,
  registry: JobRegistry<C>,
  context: C,
  baseLog: JobLogger,
  options: WorkerOptions,
): Promise<JobWorker> {
  const names = jobsToRun(registry, options);
  const concurrency = options.concurrency ?? context.config.workerConcurrency;
  const runners = new Map<string, Runner<C>>();
  for (const name of names) {
    const definition = runtimeDefinition(registry, name);
    runners.set(name, { kind: 'handle', name, definition });
    runners.set(onFailedQueueOf(name), { kind: 'onFailed', name, definition });
  }
  const queues = [...runners.keys()];
  /** The jobs running now, by the promise of their run. */
  const running = new Map<Promise<void>, FetchedJob>();
  /** Jobs handed back at the shutdown deadline: whatever their run still does is not recorded. */
  const released = new Set<string>();
  let stopped = false;
  let wake: (() => void) | null = null;
  /** A job finished since the last pause: look again at once instead of sleeping. */
  let finished = false;
  let turn = 0;

  const pause = (ms: number) => {
    if (finished || stopped) {
      finished = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));
  };

  /** Due jobs for up to `slots` free slots, taking queues in turn so one busy queue does not starve the others. */
  async function fetchDue(slots: number): Promise<FetchedJob[]> {
    const due = await queuesWithDueJobs(boss.getDb(), schema, queues);
    turn = (turn + 1) % Math.max(1, due.length);
    const ordered = [...due.slice(turn), ...due.slice(0, turn)];
    const jobs: FetchedJob[] = [];
    for (const name of ordered) {
      if (jobs.length >= slots) break;
      jobs.push(...(await boss.fetch<unknown>(name, { batchSize: slots - jobs.length, includeMetadata: true })));
    }
    return jobs;
  }

  /**
   * A job (or its `onFailed` follow-up) whose payload fails its schema fails for good at once: retrying cannot mend
   * it, and `onFailed` has no valid payload to act on, so it gets no follow-up either.
   */
  async function failInvalid(job: FetchedJob, problem: string, log: JobLogger): Promise<JobOutcome> {
    log.error({ problem }, 'job failed for good: its payload is invalid');
    await endRetries(boss.getDb(), schema, job.name, job.id);
    await boss.fail(job.name, job.id, { message: problem });
    return 'invalid';
  }

  async function run(job: FetchedJob, payload: unknown, log: JobLogger): Promise<JobOutcome> {
    const runner = runners.get(job.name)!;
    const problem = payloadProblem(runner.name, payload);
    if (problem) return failInvalid(job, problem, log);
    try {
      if (runner.kind === 'handle') {
        await runner.definition.handle(context, payload);
      } else {
        await runner.definition.onFailed?.(context, payload, describeOutput(job.output) ?? 'unknown error');
      }
      if (released.has(job.id)) return 'completed';
      await boss.complete(job.name, job.id);
      log.info({ attempt: job.retryCount + 1 }, 'job completed');
      return 'completed';
    } catch (error) {
      if (released.has(job.id)) return 'failed';
      const last = job.retryCount >= job.retryLimit;
      log.warn({ attempt: job.retryCount + 1, last, err: error }, 'job attempt failed');
      await boss.fail(job.name, job.id, error instanceof Error ? error : { message: describeError(error) });
      return 'failed';
    }
  }

  async function runWithMeta(job: FetchedJob): Promise<void> {
    const started = Date.now();
    const { payload, reqId } = splitJobMeta(job.data);
    const log = jobLogger(baseLog, { jobId: job.id, job: job.name, reqId });
    const outcome = await (reqId === undefined
      ? run(job, payload, log)
      : runWithRequestId(reqId, () => run(job, payload, log)));
    options.observer?.jobFinished(job.name, outcome, (Date.now() - started) / 1000);
  }

  function track(job: FetchedJob): void {
    const task: Promise<void> = runWithMeta(job)
      .catch((error) => baseLog.error({ err: error, jobId: job.id }, 'could not record a job outcome'))
      .finally(() => {
        running.delete(task);
        finished = true;
        wake?.();
      });
    running.set(task, job);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const slots = concurrency - running.size;
        const jobs = slots > 0 ? await fetchDue(slots) : [];
        for (const job of jobs) track(job);
        if (jobs.length === 0) await pause(context.config.workerPollMs);
      } catch (error) {
        baseLog.error({ err: error }, 'job worker could not fetch jobs');
        await pause(context.config.workerPollMs);
      }
    }
  }

  const looping = queues.length > 0 ? loop() : Promise.resolve();
  return {
    stop: async (deadline) => {
      stopped = true;
      wake?.();
      await looping;
      if (await settledBy(Promise.all(running.keys()), deadline)) return true;
      const late = [...running.values()];
      for (const job of late) released.add(job.id);
      await releaseActiveJobs(
        boss.getDb(),
        schema,
        late.map((job) => job.id),
      );
      baseLog.warn(
        { jobIds: late.map((job) => job.id) },
        'jobs still running at the shutdown deadline: handed back to the queue',
      );
      return false;
    },
  };
}
