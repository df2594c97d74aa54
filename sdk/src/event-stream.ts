/** One event of a `text/event-stream`, as the HTML standard's parsing rules build it. */
export type ServerSentEvent = {
  /** The last event id the stream set (it carries over to events without an `id:` field), or ''. */
  id: string;
  /** `event:`, or 'message' when the event names no type. */
  event: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
};

/**
 * Reads server-sent events from a response body (https://html.spec.whatwg.org/multipage/server-sent-events.html,
 * "Parsing an event stream"): lines end with CRLF, LF or CR; `:` starts a comment (a heartbeat); a blank line
 * dispatches the event, unless it has no data; an unfinished event at the end of the stream is dropped. `retry:`
 * (milliseconds) is passed to `onRetry`. Cancelling the loop cancels the body.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  onRetry: (milliseconds: number) => void = () => {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let started = false;
  let lastEventId = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      if (!started && pending.length > 0) {
        started = true;
        if (pending.startsWith('\uFEFF')) pending = pending.slice(1);
      }
      for (;;) {
        const end = pending.search(/[\r\n]/);
        // A CR at the end of what has come may be the first half of a CRLF: wait for the next chunk.
        if (end === -1 || (pending[end] === '\r' && end === pending.length - 1)) break;
        const line = pending.slice(0, end);
        pending = pending.slice(pending.startsWith('\r\n', end) ? end + 2 : end + 1);
        if (line === '') {
          if (data.length > 0) yield { id: lastEventId, event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const raw = colon === -1 ? '' : line.slice(colon + 1);
        const fieldValue = raw.startsWith(' ') ? raw.slice(1) : raw;
        if (field === 'event') event = fieldValue;
        else if (field === 'data') data.push(fieldValue);
        else if (field === 'id' && !fieldValue.includes('\0')) lastEventId = fieldValue;
        else if (field === 'retry' && /^[0-9]+$/.test(fieldValue)) onRetry(Number(fieldValue));
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
