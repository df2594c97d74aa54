import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import type { JobLogger, JobWorker } from './jobs/job-queue.ts';

/** Past the deadline, this long for the last releases (the queue, the database) before the process is ended anyway. */
const EXIT_GRACE_MS = 5_000;

export type ShutdownParts = {
  deps: AppDeps;
  log: JobLogger;
  /** The API (server.ts); none in a worker process. */
  app?: FastifyInstance;
  /** The job worker, embedded or not; none when the API runs without one. */
  worker?: JobWorker | null;
  /** What stops beside the worker when the draining starts (the webhook relay, the periodic jobs), in order. */
  stopFirst?: Array<() => unknown>;
  /** What else to release after the queue, in order (the database, a metrics listener). */
  release: Array<() => Promise<unknown>>;
};

/**
 * SIGTERM (and SIGINT), for server.ts and worker.ts alike. At the signal, readiness turns 503 and responses ask their
 * connection to close; after SHUTDOWN_DELAY_MS (the balancer's time to take the process out of rotation) the listener
 * closes — new connections are refused, idle ones closed — and the worker takes no new job. Requests and jobs in
 * flight get until SHUTDOWN_TIMEOUT_MS after the signal: then the remaining connections are cut and the remaining jobs
 * handed back to the queue, due at once, for another worker. The exit code says which: 0 when everything finished,
 * 1 when the deadline cut something short. A second signal of the same kind ends the process at once.
 */
export function stopOnSignals(parts: ShutdownParts): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    void shutDown(parts, signal).then(
      (finished) => process.exit(finished ? 0 : 1),
      (error) => {
        parts.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Resolves with whether every request and job in flight finished before the deadline. */
async function shutDown(
  { deps, log, app, worker, stopFirst = [], release }: ShutdownParts,
  signal: string,
): Promise<boolean> {
  const { timeoutMs, delayMs } = deps.config.shutdown;
  const deadline = new Date(Date.now() + timeoutMs);
  setTimeout(() => {
    log.error({ signal }, 'shutdown did not end in time after its deadline: exiting now');
    process.exit(1);
  }, timeoutMs + EXIT_GRACE_MS).unref();
  deps.lifecycle.beginStopping();
  log.info({ signal, timeoutMs, delayMs }, 'shutting down');
  if (delayMs > 0) await sleep(delayMs);
  for (const step of stopFirst) await step();

  const [requestsFinished, jobsFinished = true] = await Promise.all([
    app ? closeBy(app, deadline) : Promise.resolve(true),
    worker?.stop(deadline),
  ]);
  if (!requestsFinished) log.warn({ signal }, 'requests still running at the shutdown deadline were cut');
  await deps.queue.stop();
  for (const step of release) await step();
  log.info({ signal, requestsFinished, jobsFinished }, 'stopped');
  return requestsFinished && jobsFinished;
}

/** Closes the listener and waits for the requests in flight until `deadline`; then cuts their connections. */
async function closeBy(app: FastifyInstance, deadline: Date): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline.getTime() - Date.now()));
  });
  const closing = app.close().then(() => true);
  const finished = await Promise.race([closing, late]);
  clearTimeout(timer);
  if (!finished) {
    app.server.closeAllConnections();
    await closing;
  }
  return finished;
}
