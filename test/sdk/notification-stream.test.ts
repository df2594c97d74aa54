import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createGuildClient, GuildApiError, type Schemas, streamNotifications, unwrap } from '../../sdk/src/index.ts';
import { type NewNotification, notify } from '../../src/modules/notifications/notify.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

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
  challenge: null,
  actionable: true,
  inactive_reason: null,
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

  it('sends the token, yields notifications, skips heartbeats, and reconnects with Last-Event-ID after its own delay', async () => {
    const stream = streamNotifications({ baseUrl: `${server.baseUrl}/`, token: 'token-1', reconnectDelayMs: 1 });
    const received = stream.next();
    const first = await server.next();
    assert.equal(first.headers.authorization, 'Bearer token-1');
    assert.equal(first.headers.accept, 'text/event-stream');
    assert.equal(first.headers['last-event-id'], undefined);
    startStream(first.response);
    first.response.write(': heartbeat\n\n');
    first.response.write('retry: 600000\n\n'); // the helper was given its own delay: this one would hang the test
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

/**
 * The helper against the real `GET /api/notifications/stream` on loopback, through a TCP proxy that can cut the
 * connection as a network would: a notification recorded by the real `notify`, a reconnect after the cut that loses
 * nothing and repeats nothing (Last-Event-ID), and the end of the stream when the token is revoked.
 */
for (const dialect of testDialects()) {
  describe(`SDK streamNotifications, against the real stream [${dialect}]`, () => {
    let ctx: TestContext;
    let proxy: TcpProxy;
    before(async () => {
      ctx = await createTestContext(dialect, { NOTIFICATION_STREAM_HEARTBEAT_MS: '50' });
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      proxy = await startTcpProxy({ host: '127.0.0.1', port: (ctx.app.server.address() as AddressInfo).port });
    });
    after(async () => {
      await proxy.close();
      await ctx.close();
    });

    const note = (userId: number, title: string): NewNotification => ({
      userId,
      type: 'task_assignment',
      title,
      message: 'A task fits your skills.',
      actionUrl: '/assignments/1',
      data: { task_id: 1 },
    });
    const notifyIn = (userId: number, title: string) =>
      ctx.db.transaction().execute((trx) => notify(trx, note(userId, title)));

    it('streams notifications, reconnects after a cut with Last-Event-ID, and stops at a revoked token', async () => {
      const { user, token } = await createVolunteer(ctx.db);
      const baseUrl = `http://127.0.0.1:${proxy.port}`;
      await notifyIn(user.id, 'First');
      // lastEventId 0: every notification of the caller comes, so none can slip by before the stream is open.
      const stream = streamNotifications({
        baseUrl,
        token,
        lastEventId: 0,
        reconnectDelayMs: 5,
        maxReconnectDelayMs: 100,
      });
      const first = (await stream.next()).value as Schemas['Notification'];
      assert.equal(first.title, 'First');
      assert.equal(first.is_read, false);
      assert.equal(proxy.accepted(), 1);

      await proxy.close(); // the network goes: the connection is cut and new ones are refused for a while
      const afterCut = stream.next();
      await notifyIn(user.id, 'Second');
      await notifyIn(user.id, 'Third');
      await proxy.open();
      const titles = [((await afterCut).value as Schemas['Notification']).title];
      titles.push(((await stream.next()).value as Schemas['Notification']).title);
      assert.deepEqual(titles, ['Second', 'Third']);
      assert.ok(proxy.accepted() >= 2, 'it connected again');

      const live = stream.next();
      await notifyIn(user.id, 'Fourth');
      assert.equal(((await live).value as Schemas['Notification']).title, 'Fourth');

      // Signing out revokes the token: the server ends the stream, and the helper's reconnect gets a 401.
      const ended = stream.next();
      await unwrap(createGuildClient({ baseUrl, token }).POST('/api/auth/logout'));
      await assert.rejects(ended, (error) => error instanceof GuildApiError && error.status === 401);
    });
  });
}
