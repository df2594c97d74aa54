import type PgBoss from 'pg-boss';
import type { AppDeps } from '../app-deps.ts';
import { jobDefinitions } from './handlers.ts';
import { JOB_NAMES, type JobName } from './job-names.ts';
import {
  describeError,
  type JobLogger,
  type JobWorker,
  type RuntimeDefinition,
  reportMissingDefinitions,
  runtimeDefinition,
  type WorkerOptions,
} from './job-queue.ts';
import { describeOutput, queuesWithDueJobs } from './pg-boss-tables.ts';

export const ON_FAILED_SUFFIX = '.on-failed';

/** The queue that runs `onFailed` for a job name: pg-boss moves a job there (its dead letter) when it fails for good. */
export function onFailedQueueOf(name: JobName): string {
  return `${name}${ON_FAILED_SUFFIX}`;
}

type Runner = { kind: 'handle' | 'onFailed'; definition: RuntimeDefinition };
type FetchedJob = PgBoss.JobWithMetadata<unknown>;

/**
 * Runs pg-boss jobs in this process with up to `concurrency` at a time. One dispatch loop instead of pg-boss's
 * `work()` (one poller per queue that waits a full polling interval after every job): while jobs are due it fetches
 * as many as there are free slots, straight away; when none are due it sleeps WORKER_POLL_MS, or less if a running
 * job finishes first (its follow-up jobs may be due).
 */
export async function startPgBossWorker(
  boss: PgBoss,
  schema: string,
  deps: AppDeps,
  log: JobLogger,
  options: WorkerOptions,
): Promise<JobWorker> {
  const definitions = options.definitions ?? jobDefinitions;
  reportMissingDefinitions(definitions, log);
  const concurrency = options.concurrency ?? deps.config.workerConcurrency;
  const runners = new Map<string, Runner>();
  for (const name of JOB_NAMES) {
    if (!definitions[name]) continue;
    const definition = runtimeDefinition(definitions, name);
    runners.set(name, { kind: 'handle', definition });
    runners.set(onFailedQueueOf(name), { kind: 'onFailed', definition });
  }
  const queues = [...runners.keys()];
  const running = new Set<Promise<void>>();
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

  async function run(job: FetchedJob): Promise<void> {
    const runner = runners.get(job.name)!;
    try {
      if (runner.kind === 'handle') {
        await runner.definition.handle(deps, job.data);
      } else {
        await runner.definition.onFailed?.(deps, job.data, describeOutput(job.output) ?? 'unknown error');
      }
      await boss.complete(job.name, job.id);
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      log.warn({ jobId: job.id, job: job.name, attempt: job.retryCount + 1, last, err: error }, 'job attempt failed');
      await boss.fail(job.name, job.id, error instanceof Error ? error : { message: describeError(error) });
    }
  }

  function track(job: FetchedJob): void {
    const task = run(job)
      .catch((error) => log.error({ err: error, jobId: job.id }, 'could not record a job outcome'))
      .finally(() => {
        running.delete(task);
        finished = true;
        wake?.();
      });
    running.add(task);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const slots = concurrency - running.size;
        const jobs = slots > 0 ? await fetchDue(slots) : [];
        for (const job of jobs) track(job);
        if (jobs.length === 0) await pause(deps.config.workerPollMs);
      } catch (error) {
        log.error({ err: error }, 'job worker could not fetch jobs');
        await pause(deps.config.workerPollMs);
      }
    }
  }

  const looping = queues.length > 0 ? loop() : Promise.resolve();
  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await looping;
      await Promise.all(running);
    },
  };
}
