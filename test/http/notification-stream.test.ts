import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Dialect } from '../../src/db/column-types.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { heartbeatsRunning } from '../../src/modules/notifications/notification-stream.ts';
import { notificationStreamsOf } from '../../src/modules/notifications/notification-streams.ts';
import { type NewNotification, notify } from '../../src/modules/notifications/notify.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { type EventStreamClient, openEventStream } from '../helpers/event-stream.ts';
import { createAccount } from '../helpers/factories.ts';

/**
 * `GET /api/notifications/stream` over real HTTP (docs/api.md, Notification stream): the frames, what reaches whom
 * and when (only committed notifications, the caller's own, none lost over a reconnect, none twice), the heartbeat,
 * the per-user cap, what a closed stream leaves behind, the token's end, the server's close, and another process's
 * notification (PostgreSQL: NOTIFY; SQLite: another connection's commit, noticed at the next heartbeat).
 */
const MAX_PER_USER = 2;
const ENV = { NOTIFICATION_STREAM_HEARTBEAT_MS: '50', NOTIFICATION_STREAM_MAX_PER_USER: String(MAX_PER_USER) };

const note = (userId: number, title = 'You are invited'): NewNotification => ({
  userId,
  type: 'task_assignment',
  title,
  message: 'A task fits your skills.',
  actionUrl: '/assignments/1',
  data: { task_id: 1, assignment_id: 1 },
});

/** Records a notification through the real `notify`, in a transaction of its own as the services do. */
const notifyIn = (db: Db, userId: number, title?: string) =>
  db.transaction().execute((trx) => notify(trx, note(userId, title)));

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function listening(dialect: Dialect, env: Record<string, string> = ENV) {
  const ctx = await createTestContext(dialect, env);
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, url: `${address}/api/notifications/stream` };
}

for (const dialect of testDialects()) {
  describe(`notification stream [${dialect}]`, () => {
    let ctx: TestContext;
    let url: string;
    const open: EventStreamClient[] = [];
    const stream = async (token: string | null, headers?: Record<string, string>) => {
      const client = await openEventStream(url, token, headers);
      open.push(client);
      return client;
    };
    before(async () => {
      ({ ctx, url } = await listening(dialect));
    });
    after(async () => {
      for (const client of open) client.close();
      await ctx.close();
    });

    it('answers 401 without a token or with a bad one', async () => {
      for (const token of [null, '1|not-a-real-token-at-all-not-a-real-token-at-all']) {
        const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        assert.equal(response.status, 401);
        assert.deepEqual(await response.json(), { message: 'Unauthenticated.' });
      }
    });

    it('is an event stream that sends a notification created after connecting, as GET /api/notifications shows it', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      await notifyIn(ctx.db, user.id, 'Before the stream');
      const client = await stream(token);
      assert.equal(client.status, 200);
      assert.equal(client.headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal(client.headers['cache-control'], 'no-store');
      assert.equal(client.headers['x-content-type-options'], 'nosniff');
      assert.equal((await client.next()).retry, '3000', 'the first frame tells EventSource clients when to retry');

      await notifyIn(ctx.db, user.id, 'After the stream opened');
      const frame = await client.next((candidate) => candidate.event === 'notification');
      const listed = (await apiClient(ctx.app, token).get('/api/notifications')).data.data[0];
      assert.equal(listed.title, 'After the stream opened');
      assert.equal(frame.id, String(listed.id));
      assert.deepEqual(JSON.parse(frame.data ?? ''), listed);
      assert.equal(frame.data, JSON.stringify(listed), 'the same JSON, key for key');
    });

    it("sends only the caller's own notifications, and none whose transaction rolled back", async () => {
      const me = await createAccount(ctx.db, 'contributor');
      const other = await createAccount(ctx.db, 'company');
      const client = await stream(me.token);
      await client.next(); // open
      await notifyIn(ctx.db, other.user.id, 'For someone else');
      await assert.rejects(
        ctx.db.transaction().execute(async (trx) => {
          await notify(trx, note(me.user.id, 'Rolled back'));
          throw new Error('the change failed');
        }),
        /the change failed/,
      );
      await notifyIn(ctx.db, me.user.id, 'Mine');
      const first = await client.nextNotification();
      assert.equal(first.data.title, 'Mine');
    });

    it('sends a comment line as heartbeat (every NOTIFICATION_STREAM_HEARTBEAT_MS)', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const client = await stream(token);
      const beat = await client.next((frame) => frame.comments.length > 0);
      assert.deepEqual(beat.comments, ['heartbeat']);
      assert.equal(beat.event, undefined);
    });

    it('replays after Last-Event-ID on a reconnect: nothing lost, nothing twice, also while new ones arrive', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const first = await stream(token);
      await first.next();
      await notifyIn(ctx.db, user.id, 'Seen');
      const seen = await first.nextNotification();
      first.close();
      // 150 while away: more than one batch of the replay.
      for (let i = 0; i < 150; i++) await notifyIn(ctx.db, user.id, `Missed ${i}`);
      const again = await stream(token, { 'last-event-id': String(seen.id) });
      // More arrive while the replay is being sent.
      const live = (async () => {
        for (let i = 0; i < 20; i++) await notifyIn(ctx.db, user.id, `Live ${i}`);
      })();
      const received: number[] = [];
      const titles: string[] = [];
      while (received.length < 170) {
        const { id, data } = await again.nextNotification();
        received.push(id);
        titles.push(String(data.title));
      }
      await live;
      const expected = (
        await ctx.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', user.id)
          .where('id', '>', seen.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      assert.deepEqual(received, expected, 'every later notification once, in order');
      assert.deepEqual(titles.slice(0, 2), ['Missed 0', 'Missed 1']);
      assert.equal(titles.at(-1), 'Live 19');
      await assert.rejects(again.nextNotification(300), /no frame/, 'nothing more, no duplicate');
    });

    it('refuses a Last-Event-ID that is not a notification id with 422', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      for (const value of ['abc', '-1', '1.5', '0x10', '99999999999999999999']) {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'last-event-id': value } });
        assert.equal(response.status, 422, value);
        const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
        assert.match(body.message, /Last-Event-ID header must be the id of a notification/);
        assert.ok(body.errors['Last-Event-ID'], value);
      }
    });

    it(`answers 429 beyond ${MAX_PER_USER} streams per user, and takes one again once a stream closes`, async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const other = await createAccount(ctx.db, 'contributor');
      const held = [await stream(token), await stream(token)];
      for (const client of held) assert.equal(client.status, 200);
      const refused = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(refused.status, 429);
      assert.match(
        ((await refused.json()) as { message: string }).message,
        /already have 2 notification streams open.*Close one/,
      );
      assert.equal((await stream(other.token)).status, 200, 'the cap is per user');

      held[0].close();
      await eventually(async () => (await stream(token)).status === 200, 'a freed slot');
    });

    it('leaves nothing behind when the client closes: no stream, count, heartbeat timer or listener', async () => {
      for (const client of open.splice(0)) client.close();
      const hub = notificationStreamsOf(ctx.db);
      await eventually(() => hub.stats().streams === 0, 'every earlier stream closed');
      const timersBefore = heartbeatsRunning();
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const clients = [await stream(token), await stream(token)];
      await clients[1].next();
      assert.deepEqual(hub.stats(), { streams: 2, users: 1, listeners: 2 });
      assert.equal(heartbeatsRunning(), timersBefore + 2);
      for (const client of clients) client.close();
      await eventually(() => hub.stats().streams === 0, 'the streams closed');
      assert.deepEqual(hub.stats(), { streams: 0, users: 0, listeners: 0 });
      assert.equal(heartbeatsRunning(), timersBefore);
      await notifyIn(ctx.db, user.id); // nobody listens: nothing to wake, nothing fails
    });

    it('ends the stream when its token is revoked (logout)', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const client = await stream(token);
      await client.next();
      assert.equal((await apiClient(ctx.app, token).post('/api/auth/logout')).statusCode, 200);
      await client.ended();
      const again = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(again.status, 401);
    });

    it('delivers a notification another process commits', async () => {
      // Another process: its own connection pool (and, on PostgreSQL, its own LISTEN connection), writing through
      // the real notify(). On SQLite the server hears no message and notices the other connection's commit instead.
      const other = createDatabase({
        url: ctx.deps.config.databaseUrl,
        ...(dialect === 'postgres' ? { schema: await currentSchema(ctx.db) } : {}),
      });
      try {
        const { user, token } = await createAccount(ctx.db, 'contributor');
        const client = await stream(token);
        await client.next();
        await notifyIn(other.db, user.id, 'From the worker');
        assert.equal((await client.nextNotification()).data.title, 'From the worker');
      } finally {
        await other.destroy();
      }
    });

    if (dialect === 'postgres') {
      it("takes a user's notification ids in commit order: a second writer waits before it takes an id", async () => {
        const other = createDatabase({ url: ctx.deps.config.databaseUrl, schema: await currentSchema(ctx.db) });
        const { user, token } = await createAccount(ctx.db, 'contributor');
        const client = await stream(token);
        await client.next();
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let firstXid = '';
        let firstId = 0;
        let first: Promise<void> = Promise.resolve();
        let second: Promise<void> = Promise.resolve();
        try {
          // The first writer's transaction records its notification and stays open until released.
          await new Promise<void>((started, failed) => {
            first = ctx.db.transaction().execute(async (trx) => {
              await notify(trx, note(user.id, 'First'));
              const xid = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
              firstXid = xid.rows[0].xid;
              const newest = await trx
                .selectFrom('notifications')
                .select('id')
                .orderBy('id', 'desc')
                .executeTakeFirst();
              firstId = newest?.id ?? 0;
              started();
              await held;
            });
            first.catch(failed);
          });
          second = notifyIn(other.db, user.id, 'Second');
          await eventually(async () => {
            const waiting = await sql<{ count: number }>`select count(*)::int as count from pg_locks
              where locktype = 'transactionid' and transactionid::text = ${firstXid} and not granted`.execute(ctx.db);
            return waiting.rows[0].count > 0;
          }, 'the second writer waits for the first');
          const sequence = await sql<{ last_value: number }>`select last_value from notifications_id_seq`.execute(
            ctx.db,
          );
          assert.equal(Number(sequence.rows[0].last_value), firstId, 'the waiting writer has taken no id yet');
          release();
          await Promise.all([first, second]);
          assert.deepEqual(
            [(await client.nextNotification()).data.title, (await client.nextNotification()).data.title],
            ['First', 'Second'],
          );
        } finally {
          release();
          await Promise.allSettled([first, second]);
          await other.destroy();
        }
      });
    }
  });

  describe(`notification stream on close [${dialect}]`, () => {
    // Without the streams ended, closing would wait for them forever: the timeout is what fails then.
    it('ends open streams when the application closes, so that it closes', { timeout: 20_000 }, async () => {
      const { ctx, url } = await listening(dialect);
      const { token } = await createAccount(ctx.db, 'contributor');
      const client = await openEventStream(url, token);
      await client.next();
      await ctx.close();
      await client.ended();
      assert.deepEqual(notificationStreamsOf(ctx.db).stats(), { streams: 0, users: 0, listeners: 0 });
    });
  });
}

async function currentSchema(db: Db): Promise<string> {
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
}
