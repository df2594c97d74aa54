import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request (or of the request behind the job) this code runs for, carried through async calls so that
 * what a request sets off can be told apart in the logs: a job queued while serving a request keeps its id, and the
 * worker's lines for that job, and the jobs it queues in turn, carry it as `reqId` like the request's own lines.
 */
const requestIds = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(requestId: string, action: () => T): T {
  return requestIds.run(requestId, action);
}

/** The request id of the code running now; undefined outside a request or a job that came from one. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
