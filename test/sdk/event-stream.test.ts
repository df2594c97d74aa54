import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEventStream, type ServerSentEvent } from '../../sdk/src/index.ts';

/** A response body that arrives in exactly these chunks. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function events(chunks: string[], onRetry?: (ms: number) => void): Promise<ServerSentEvent[]> {
  const read: ServerSentEvent[] = [];
  for await (const event of readEventStream(body(chunks), onRetry)) read.push(event);
  return read;
}

describe('SDK readEventStream (the HTML standard’s event stream parsing)', () => {
  it('reads id, event and data, joins data lines, and skips comments (heartbeats)', async () => {
    assert.deepEqual(await events([': heartbeat\n\nid: 7\nevent: notification\ndata: {"a":\ndata: 1}\n\n']), [
      { id: '7', event: 'notification', data: '{"a":\n1}' },
    ]);
  });

  it('takes LF, CR and CRLF line ends, also when a chunk ends between CR and LF, and a leading BOM', async () => {
    const read = await events(['\uFEFFid: 1\r', '\ndata: a\r\r', 'data: b\rdata:c\n', '\n']);
    assert.deepEqual(read, [
      { id: '1', event: 'message', data: 'a' },
      { id: '1', event: 'message', data: 'b\nc' },
    ]);
  });

  it('keeps the last id for events without one, and drops an event the stream ends in the middle of', async () => {
    const read = await events(['id: 3\ndata: x\n\ndata: y\n\nid\ndata: z\n\ndata: cut off']);
    assert.deepEqual(
      read.map(({ id, data }) => [id, data]),
      [
        ['3', 'x'],
        ['3', 'y'],
        ['', 'z'],
      ],
    );
  });

  it('ignores an id with NUL and events without data; passes a numeric retry on', async () => {
    const retries: number[] = [];
    const read = await events(['id: 5\n\nid: 6\0\nretry: 2500\nretry: soon\nevent: x\n\ndata\n\n'], (ms) =>
      retries.push(ms),
    );
    assert.deepEqual(read, [{ id: '5', event: 'message', data: '' }]);
    assert.deepEqual(retries, [2500]);
  });

  it('splits a multi-byte character across chunks correctly', async () => {
    const bytes = new TextEncoder().encode('data: café ✓\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const read: ServerSentEvent[] = [];
    for await (const event of readEventStream(stream)) read.push(event);
    assert.equal(read[0].data, 'café ✓');
  });
});
