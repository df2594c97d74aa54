import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keptCounts, listNotifications } from '../../src/modules/notifications/notifications.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createNotification } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';

type Listed = { id: number; type: string; is_read: boolean };

for (const dialect of testDialects()) {
  describe(`notifications [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A user with `count` notifications, oldest first; every third is already read, every second is an idea_scored. */
    async function userWithNotifications(count: number) {
      const account = await createAccount(ctx.db, 'contributor');
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const row = await createNotification(ctx.db, account.user.id, {
          type: i % 2 === 0 ? 'task_assignment' : 'idea_scored',
          read_at: i % 3 === 0 ? '2026-01-01T00:00:00.000Z' : null,
          data: JSON.stringify({ task_id: i + 1 }),
        });
        ids.push(row.id);
      }
      return { ...account, ids, api: apiClient(ctx.app, account.token) };
    }

    it('answers 401 without a token on every endpoint', async () => {
      const api = apiClient(ctx.app);
      for (const response of [
        await api.get('/api/notifications'),
        await api.get('/api/notifications/unread-count'),
        await api.post('/api/notifications/1/mark-read'),
        await api.post('/api/notifications/mark-all-read'),
        await api.delete('/api/notifications/1'),
      ]) {
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.data, { message: 'Unauthenticated.' });
      }
    });

    it("lists only the caller's own, newest first, with the contract shape and unread_count", async () => {
      const me = await userWithNotifications(3);
      await userWithNotifications(2);
      const response = await me.api.get('/api/notifications');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.data.data.map((n: Listed) => n.id),
        [...me.ids].reverse(),
      );
      assert.equal(response.data.unread_count, 2);
      assert.equal(response.data.meta.total, 3);
      assert.equal(response.data.meta.per_page, 20);
      const [newest, , oldest] = response.data.data;
      assert.deepEqual(Object.keys(newest).sort(), [
        'action_url',
        'actionable',
        'challenge',
        'created_at',
        'data',
        'id',
        'inactive_reason',
        'is_read',
        'message',
        'read_at',
        'title',
        'type',
      ]);
      assert.deepEqual(newest.data, { task_id: 3 });
      assert.equal(newest.is_read, false);
      assert.equal(newest.read_at, null);
      assert.equal(oldest.is_read, true);
      assert.equal(oldest.read_at, '2026-01-01T00:00:00.000Z');
    });

    it('filters by unread_only and type, alone and together', async () => {
      const me = await userWithNotifications(6);
      const idsOf = async (query: string) => {
        const response = await me.api.get(`/api/notifications?${query}`);
        assert.equal(response.statusCode, 200, query);
        assert.equal(response.data.unread_count, 4, query);
        return response.data.data.map((n: Listed) => n.id);
      };
      const [n0, n1, n2, n3, n4, n5] = me.ids;
      assert.deepEqual(await idsOf('unread_only=true'), [n5, n4, n2, n1]);
      assert.deepEqual(await idsOf('unread_only=false'), [n5, n4, n3, n2, n1, n0]);
      assert.deepEqual(await idsOf('type=idea_scored'), [n5, n3, n1]);
      assert.deepEqual(await idsOf('type=idea_scored&unread_only=true'), [n5, n1]);
      assert.deepEqual(await idsOf('type=challenge_rejected'), []);
    });

    it('rejects malformed filters and page parameters with 422', async () => {
      const { api } = await userWithNotifications(1);
      for (const query of [
        'unread_only=maybe',
        'per_page=0',
        'per_page=101',
        'page=0',
        'page=abc',
        `type=${'x'.repeat(51)}`,
        'type=no_such_type',
      ]) {
        const response = await api.get(`/api/notifications?${query}`);
        assert.equal(response.statusCode, 422, query);
        assert.equal(typeof response.data.message, 'string');
        assert.equal(typeof response.data.errors, 'object');
      }
    });

    it('pages through a long list from both ends without gaps or repeats, with the envelope', async () => {
      const me = await userWithNotifications(11);
      const newestFirst = [...me.ids].reverse();
      const seen: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const response = await me.api.get(`/api/notifications?per_page=3&page=${page}`);
        assert.equal(response.statusCode, 200);
        seen.push(...response.data.data.map((n: Listed) => n.id));
        const { meta, links } = response.data;
        assert.equal(meta.current_page, page);
        assert.equal(meta.last_page, 4);
        assert.equal(meta.total, 11);
        assert.equal(meta.from, (page - 1) * 3 + 1);
        assert.equal(meta.to, Math.min(page * 3, 11));
        assert.match(links.last, /page=4/);
        assert.match(links.first, /per_page=3/);
        assert.equal(links.next === null, page === 4);
        assert.equal(links.prev === null, page === 1);
      }
      assert.deepEqual(seen, newestFirst);

      const unread = newestFirst.filter((_, i) => (10 - i) % 3 !== 0);
      const unreadSeen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const response = await me.api.get(`/api/notifications?unread_only=true&per_page=3&page=${page}`);
        unreadSeen.push(...response.data.data.map((n: Listed) => n.id));
      }
      assert.deepEqual(unreadSeen, unread);

      const past = await me.api.get('/api/notifications?per_page=3&page=5');
      assert.equal(past.statusCode, 200);
      assert.deepEqual(past.data.data, []);
      assert.equal(past.data.meta.from, null);
      assert.equal(past.data.meta.total, 11);
    });

    it('reads a page in one statement from either end, filtered or not, with the rows whole', async () => {
      const me = await userWithNotifications(11);
      const kept = await keptCounts(ctx.db, me.user.id);
      const none = { unreadOnly: false, type: null, challenge: null };
      const cases = [
        { filters: none, offset: 0, expected: [...me.ids].reverse().slice(0, 3) },
        { filters: none, offset: 9, expected: [me.ids[1], me.ids[0]] },
        { filters: { ...none, type: 'idea_scored' }, offset: 3, expected: [me.ids[3], me.ids[1]] },
      ];
      for (const { filters, offset, expected } of cases) {
        const { result, queries } = await countQueries(ctx.db, (db) =>
          listNotifications(db, me.user.id, filters, { page: offset / 3 + 1, perPage: 3, offset }, kept),
        );
        // The unfiltered total is the kept count; a type filter counts, then the page is one more statement.
        assert.equal(queries, filters.type === null ? 1 : 2, JSON.stringify(filters));
        assert.deepEqual(
          result.rows.map((row) => row.id),
          expected,
        );
        for (const row of result.rows) {
          assert.equal(row.user_id, me.user.id);
          assert.equal(typeof row.title, 'string');
          assert.equal(row.data, JSON.stringify({ task_id: me.ids.indexOf(row.id) + 1 }));
        }
      }
    });

    it('counts unread notifications', async () => {
      const me = await userWithNotifications(5);
      const response = await me.api.get('/api/notifications/unread-count');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { unread_count: 3 });
      const empty = await createAccount(ctx.db, 'company');
      assert.deepEqual((await apiClient(ctx.app, empty.token).get('/api/notifications/unread-count')).data, {
        unread_count: 0,
      });
    });

    it('marks one read, keeping the first read time when repeated', async () => {
      const me = await userWithNotifications(2);
      const id = me.ids[1];
      const first = await me.api.post(`/api/notifications/${id}/mark-read`);
      assert.equal(first.statusCode, 200);
      assert.equal(first.data.id, id);
      assert.equal(first.data.is_read, true);
      assert.match(first.data.read_at, /Z$/);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await me.api.post(`/api/notifications/${id}/mark-read`);
      assert.equal(again.statusCode, 200);
      assert.equal(again.data.read_at, first.data.read_at);
      assert.deepEqual((await me.api.get('/api/notifications/unread-count')).data, { unread_count: 0 });
    });

    it("refuses to mark or delete another user's notification (403) and answers 404 for unknown ones", async () => {
      const me = await userWithNotifications(1);
      const other = await userWithNotifications(2);
      const theirs = other.ids[1];
      const mark = await me.api.post(`/api/notifications/${theirs}/mark-read`);
      assert.equal(mark.statusCode, 403);
      assert.equal(mark.data.message, 'Only the recipient of this notification can do this.');
      assert.equal((await me.api.delete(`/api/notifications/${theirs}`)).statusCode, 403);
      const row = await ctx.db.selectFrom('notifications').selectAll().where('id', '=', theirs).executeTakeFirst();
      assert.equal(row?.read_at, null);

      for (const path of ['/api/notifications/999999', '/api/notifications/abc']) {
        assert.equal((await me.api.post(`${path}/mark-read`)).statusCode, 404, path);
        assert.equal((await me.api.delete(path)).statusCode, 404, path);
      }
      assert.deepEqual((await me.api.delete('/api/notifications/999999')).data, {
        message: 'Notification not found.',
      });
    });

    it('marks all read and answers how many changed, leaving other users alone', async () => {
      const me = await userWithNotifications(7);
      const other = await userWithNotifications(4);
      const response = await me.api.post('/api/notifications/mark-all-read');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { count: 4 });
      assert.deepEqual((await me.api.post('/api/notifications/mark-all-read')).data, { count: 0 });
      assert.deepEqual((await me.api.get('/api/notifications/unread-count')).data, { unread_count: 0 });
      assert.deepEqual((await other.api.get('/api/notifications/unread-count')).data, { unread_count: 2 });
      const kept = await ctx.db
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', me.ids[0])
        .executeTakeFirst();
      assert.equal(kept?.read_at, '2026-01-01T00:00:00.000Z');
    });

    it('deletes one of the caller’s notifications', async () => {
      const me = await userWithNotifications(2);
      const response = await me.api.delete(`/api/notifications/${me.ids[0]}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { message: 'Notification deleted.' });
      assert.equal((await me.api.delete(`/api/notifications/${me.ids[0]}`)).statusCode, 404);
      const list = await me.api.get('/api/notifications');
      assert.deepEqual(
        list.data.data.map((n: Listed) => n.id),
        [me.ids[1]],
      );
    });
  });
}
