import { currentRequestId } from '../observability/request-context.ts';
import type { JobLogger } from './job-queue.ts';

/**
 * What a queued job carries beside its payload: the id of the request that queued it (or of the request behind the
 * job that queued it). Stored in the payload under `_meta`, which no payload schema names (extra fields are allowed),
 * and taken off again before the handler sees the payload.
 */
const META_KEY = '_meta';

type JobMeta = { reqId?: string };

/** The payload as stored: with the current request id, when there is one. */
export function withJobMeta(payload: object): object {
  const reqId = currentRequestId();
  return reqId === undefined ? payload : { ...payload, [META_KEY]: { reqId } satisfies JobMeta };
}

/** The stored payload split into the handler's payload and the request id it carried. */
export function splitJobMeta(stored: unknown): { payload: unknown; reqId: string | undefined } {
  if (typeof stored !== 'object' || stored === null || !(META_KEY in stored))
    return { payload: stored, reqId: undefined };
  const { [META_KEY]: meta, ...payload } = stored as Record<string, unknown>;
  const reqId = (meta as JobMeta | null)?.reqId;
  return { payload, reqId: typeof reqId === 'string' ? reqId : undefined };
}

/** `log` with `fields` added to every line (the job's id, name and request id). */
export function jobLogger(log: JobLogger, fields: Record<string, unknown>): JobLogger {
  const write =
    (level: keyof JobLogger) =>
    (object: unknown, message?: string): void => {
      const merged = typeof object === 'object' && object !== null ? { ...fields, ...object } : fields;
      const text = typeof object === 'string' ? object : message;
      log[level](merged, text);
    };
  return { info: write('info'), warn: write('warn'), error: write('error') } as JobLogger;
}
