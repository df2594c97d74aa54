import { once } from 'node:events';
import http from 'node:http';

/**
 * A client of `GET /api/notifications/stream` over real HTTP, reading the bytes as they arrive and cutting them into
 * frames as the server-sent events format says (a blank line ends a frame; `field: value` lines; `:` starts a
 * comment). Tests wait for frames with `next`, and `close` aborts the request as a browser tab that goes away does.
 */
export type Frame = { id?: string; event?: string; data?: string; retry?: string; comments: string[] };

export type EventStreamClient = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next frame `accept` takes (skipping the others); fails after `ms` or when the stream ends first. */
  next(accept?: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  /** The next notification frame, its data parsed. */
  nextNotification(ms?: number): Promise<{ id: number; data: Record<string, unknown> }>;
  /** Resolves when the server ends the stream. */
  ended(ms?: number): Promise<void>;
  close(): void;
};

const WAIT_MS = 5_000;

/**
 * Opens the stream with `node:http` on a connection of its own (no agent): closing it closes that connection, as a
 * tab going away does. (fetch's pool opens a spare connection after an aborted response, which a closing server
 * then waits on for its keep-alive time.)
 */
export async function openEventStream(
  url: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const request = http.get(url, {
    agent: false,
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  const frames: Frame[] = [];
  let done = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    wakeUp?.();
    wakeUp = null;
  };
  void (async () => {
    if (!response.headers['content-type']?.startsWith('text/event-stream')) {
      response.resume();
      done = true;
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of response) {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // closed by close()
    }
    done = true;
    wake();
  })();

  async function next(accept: (frame: Frame) => boolean = () => true, ms = WAIT_MS): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (frames.length > 0) {
        const frame = frames.shift()!;
        if (accept(frame)) return frame;
      }
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    next,
    async nextNotification(ms = WAIT_MS) {
      const frame = await next((candidate) => candidate.event === 'notification', ms);
      return { id: Number(frame.id), data: JSON.parse(frame.data ?? '') };
    },
    async ended(ms = WAIT_MS) {
      const deadline = Date.now() + ms;
      while (!done) {
        if (Date.now() > deadline) throw new Error(`the stream did not end within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => request.destroy(),
  };
}

function parseFrame(text: string): Frame {
  const frame: Frame = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'id' || field === 'event' || field === 'retry') frame[field] = value;
  }
  return frame;
}
