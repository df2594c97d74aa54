import type { Db } from '../db/database.ts';
import { type JobName, PERIODIC_JOBS } from './job-names.ts';
import type { JobLogger, JobQueue } from './job-queue.ts';

/**
 * Queues the periodic jobs of job-names.ts on a timer, for the worker processes of this deployment to run: each at
 * once, then every `everySeconds`. Started beside a worker by the entry points (`npm start` with the embedded worker,
 * `npm run worker`). Every process queues its own runs and does not coordinate with the others: the jobs are
 * idempotent and cheap, so N processes running a job N times per period cost N small queries, while a job is never
 * missed as long as one worker runs. The timers do not keep the process alive.
 */
export function startPeriodicJobs(queue: JobQueue, db: Db, log: JobLogger): { stop(): void } {
  const timers = Object.entries(PERIODIC_JOBS).map(([name, { everySeconds }]) => {
    const enqueue = () => {
      queue.enqueue(db, name as keyof typeof PERIODIC_JOBS, {}).catch((error: unknown) => {
        // The database may be away for a while: the next period tries again.
        log.warn({ err: error, job: name as JobName }, 'could not queue a periodic job');
      });
    };
    enqueue();
    const timer = setInterval(enqueue, everySeconds * 1000);
    timer.unref();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
