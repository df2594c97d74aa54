import { GuildApiError, type Schemas } from './client.ts';
import { readEventStream } from './event-stream.ts';

export type NotificationStreamOptions = {
  /** Where the API is served (the deployment's APP_URL). */
  baseUrl: string;
  /** The API token of the account whose notifications to receive. */
  token: string;
  /** The id of the last notification already received (kept from an earlier run): those after it come first. */
  lastEventId?: string | number;
  /** Ends the stream: the loop over it then finishes without an error. */
  signal?: AbortSignal;
  /** Another fetch; the global one by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * Wait before reconnecting after the stream ended. Unset, the server's advice (its `retry:` field) is followed, and
   * 1000 ms until it gives one; set, it wins over the server's.
   */
  reconnectDelayMs?: number;
  /** The longest wait between attempts while the server cannot be reached (it doubles per failure); 30 s by default. */
  maxReconnectDelayMs?: number;
};

/**
 * The caller's new notifications, live, from `GET /api/notifications/stream` (server-sent events, bearer token in the
 * Authorization header, so fetch rather than EventSource): `for await (const n of streamNotifications({ baseUrl,
 * token }))`. When the connection drops or the server ends the stream (a restart), it reconnects with the id of the
 * last notification received as `Last-Event-ID`, so the server replays what came in between: nothing is lost, nothing
 * comes twice. It retries a network failure, a 5xx and a 429 (too many streams open) with a growing wait; any other
 * answer (401: the token was revoked or expired) throws a `GuildApiError`. Heartbeat comments are skipped.
 */
export async function* streamNotifications(
  options: NotificationStreamOptions,
): AsyncGenerator<Schemas['Notification']> {
  const { signal, maxReconnectDelayMs = 30_000 } = options;
  const fetchStream = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const url = new URL(
    'api/notifications/stream',
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  ).href;
  let lastEventId = options.lastEventId === undefined ? '' : String(options.lastEventId);
  let delay = options.reconnectDelayMs ?? 1000;
  const serverAdvises = (milliseconds: number) => {
    if (options.reconnectDelayMs === undefined) delay = milliseconds;
  };
  let failures = 0;
  while (!signal?.aborted) {
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${options.token}` };
    if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
    let response: Response | null = null;
    try {
      response = await fetchStream(url, { headers, signal, cache: 'no-store' });
    } catch {
      if (signal?.aborted) return;
      failures++; // the server could not be reached
    }
    if (response && !response.ok) {
      const retry = response.status === 429 || response.status >= 500;
      const body = await response.json().catch(() => undefined);
      if (!retry) throw new GuildApiError(response.status, body);
      failures++;
    }
    if (response?.ok && response.body) {
      failures = 0;
      try {
        for await (const event of readEventStream(response.body, serverAdvises)) {
          lastEventId = event.id;
          if (event.event === 'notification') yield JSON.parse(event.data) as Schemas['Notification'];
        }
      } catch {
        if (signal?.aborted) return;
        failures++; // the connection broke off mid-stream
      }
    }
    await sleep(Math.min(delay * 2 ** Math.min(failures, 10), Math.max(delay, maxReconnectDelayMs)), signal);
  }
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, milliseconds);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
