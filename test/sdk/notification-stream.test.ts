import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { GuildApiError, type Schemas, streamNotifications } from '../../sdk/src/index.ts';

type Connection = { headers: http.IncomingHttpHeaders; response: http.ServerResponse; closed: Promise<void> };

/**
 * An event-stream server on loopback that hands each connection to the test, which writes to it what it likes: the
 * stream helper's reading, reconnecting and giving up are checked against real HTTP, whatever the API does.
 */
async function startStreamServer() {
  const waiting: Array<(connection: Connection) => void> = [];
  const queued: Connection[] = [];
  const server = http.createServer((request, response) => {
    const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
    const connection = { headers: request.headers, response, closed };
    const taker = waiting.shift();
    if (taker) taker(connection);
    else queued.push(connection);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The next connection the helper makes. */
    next: () =>
      new Promise<Connection>((resolve) => {
        const connection = queued.shift();
        if (connection) resolve(connection);
        else waiting.push(resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const notification = (id: number): Schemas['Notification'] => ({
  id,
  type: 'task_assignment',
  title: `Notification ${id}`,
  message: 'You have been invited to a task.',
  action_url: null,
  data: {},
  is_read: false,
  read_at: null,
  created_at: '2026-11-26T01:00:00.000Z',
});
const eventOf = (id: number) => `id: ${id}\nevent: notification\ndata: ${JSON.stringify(notification(id))}\n\n`;
const startStream = (response: http.ServerResponse) =>
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });

describe('SDK streamNotifications, against an event-stream server on loopback', () => {
  let server: Awaited<ReturnType<typeof startStreamServer>>;
  before(async () => {
    server = await startStreamServer();
  });
  after(() => server.close());

  it('sends the token, yields notifications, skips heartbeats, and reconnects with Last-Event-ID', async () => {
    const stream = streamNotifications({ baseUrl: `${server.baseUrl}/`, token: 'token-1', reconnectDelayMs: 1 });
    const received = stream.next();
    const first = await server.next();
    assert.equal(first.headers.authorization, 'Bearer token-1');
    assert.equal(first.headers.accept, 'text/event-stream');
    assert.equal(first.headers['last-event-id'], undefined);
    startStream(first.response);
    first.response.write(': heartbeat\n\n');
    first.response.write('event: other\ndata: {}\n\n');
    first.response.end(eventOf(41));
    assert.deepEqual((await received).value, notification(41));

    // The server ended the stream (a restart): the helper comes back, saying what it has.
    const again = stream.next();
    const second = await server.next();
    assert.equal(second.headers['last-event-id'], '41');
    startStream(second.response);
    second.response.write(eventOf(42));
    assert.deepEqual((await again).value, notification(42));

    // Leaving the loop closes the connection.
    await stream.return(undefined);
    await second.closed;
  });

  it('resumes after the lastEventId it is given, and retries a 503 and a 429 before it connects', async () => {
    const stream = streamNotifications({ baseUrl: server.baseUrl, token: 't', lastEventId: 7, reconnectDelayMs: 1 });
    const received = stream.next();
    for (const status of [503, 429]) {
      const refused = await server.next();
      assert.equal(refused.headers['last-event-id'], '7');
      refused.response.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"Later."}');
    }
    const accepted = await server.next();
    assert.equal(accepted.headers['last-event-id'], '7');
    startStream(accepted.response);
    accepted.response.write(eventOf(8));
    assert.equal((await received).value?.id, 8);
    await stream.return(undefined);
  });

  it('gives up with a GuildApiError on a 401 (a revoked or expired token)', async () => {
    const stream = streamNotifications({ baseUrl: server.baseUrl, token: 'revoked', reconnectDelayMs: 1 });
    const received = stream.next();
    const connection = await server.next();
    connection.response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthenticated."}');
    await assert.rejects(received, (error) => error instanceof GuildApiError && error.status === 401);
  });

  it('ends without an error when its signal aborts, while connected or while waiting to reconnect', async () => {
    const controller = new AbortController();
    const stream = streamNotifications({ baseUrl: server.baseUrl, token: 't', signal: controller.signal });
    const received = stream.next();
    const connection = await server.next();
    startStream(connection.response);
    connection.response.write(': heartbeat\n\n');
    controller.abort();
    assert.deepEqual(await received, { value: undefined, done: true });
    await connection.closed;

    const waiting = new AbortController();
    const slow = streamNotifications({
      baseUrl: server.baseUrl,
      token: 't',
      signal: waiting.signal,
      reconnectDelayMs: 60_000,
    });
    const next = slow.next();
    (await server.next()).response.writeHead(503).end();
    waiting.abort(); // during the minute's wait before the next attempt
    assert.deepEqual(await next, { value: undefined, done: true });
  });
});
