import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { EMAIL_DELIVERIES } from '../../src/modules/notifications/notification-types.ts';
import { writeNotifications } from '../../src/modules/notifications/notification-writes.ts';
import {
  deleteNotification,
  keptCounts,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../src/modules/notifications/notifications.repository.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 11: a user's notification counts are kept, not counted per request. Whatever sequence of the module's writes
 * runs (new notifications, several at once and some to one user twice, one read, all read, deletions, some inside a
 * caller's transaction that rolls back), the kept counts equal a count of the rows, and the e-mails owed are those of
 * the notifications left whose delivery is not `off`.
 */
type NewOne = { user: number; delivery: (typeof EMAIL_DELIVERIES)[number] };
type Write =
  | { kind: 'insert'; notifications: NewOne[] }
  | { kind: 'read'; pick: number }
  | { kind: 'readAll'; user: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'insertRolledBack'; notifications: NewOne[] };

const USERS = 3;
const newOnes = fc.array(fc.record({ user: fc.nat(USERS - 1), delivery: fc.constantFrom(...EMAIL_DELIVERIES) }), {
  minLength: 1,
  maxLength: 3,
});
const write: fc.Arbitrary<Write> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), notifications: newOnes }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('read' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('readAll' as const), user: fc.nat(USERS - 1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('insertRolledBack' as const), notifications: newOnes }), weight: 1 },
);

class RolledBack extends Error {}

for (const dialect of testDialects()) {
  describe(`kept notification counts [${dialect}]`, () => {
    let ctx: TestContext;
    let users: number[];
    before(async () => {
      ctx = await createTestContext(dialect);
      users = [];
      for (let n = 0; n < USERS; n++) users.push((await createUser(ctx.db, 'contributor')).id);
    });
    after(() => ctx.close());

    /** Written as `notifyAll` writes them; the rows come back in the order given, their ids rising. */
    async function insert(db: Db, notifications: NewOne[]): Promise<void> {
      const rows = await writeNotifications(
        db,
        notifications.map(({ user, delivery }, i) => ({
          userId: users[user],
          type: 'task_assignment',
          title: 'Invited',
          message: `You are invited to task ${i}.`,
          actionUrl: null,
          data: '{}',
          challengeId: null,
          now: new Date().toISOString(),
          defaultDelivery: delivery,
        })),
      );
      assert.deepEqual(
        rows.map((row) => [row.user_id, row.message]),
        notifications.map(({ user }, i) => [users[user], `You are invited to task ${i}.`]),
      );
      assert.deepEqual(
        rows.map((row) => row.id),
        rows.map((row) => row.id).sort((a, b) => a - b),
      );
    }

    async function apply(step: Write): Promise<void> {
      const ids = async () =>
        (await ctx.db.selectFrom('notifications').select('id').orderBy('id').execute()).map((row) => row.id);
      const now = new Date().toISOString();
      switch (step.kind) {
        case 'insert':
          await insert(ctx.db, step.notifications);
          return;
        case 'insertRolledBack':
          await ctx.db
            .transaction()
            .execute(async (trx) => {
              await insert(trx, step.notifications);
              throw new RolledBack();
            })
            .catch((error) => {
              if (!(error instanceof RolledBack)) throw error;
            });
          return;
        case 'read': {
          const all = await ids();
          if (all.length > 0) await markNotificationRead(ctx.db, all[step.pick % all.length], now);
          return;
        }
        case 'readAll':
          await markAllNotificationsRead(ctx.db, users[step.user], now);
          return;
        case 'delete': {
          const all = await ids();
          if (all.length > 0) await deleteNotification(ctx.db, all[step.pick % all.length]);
          return;
        }
      }
    }

    it('equal a recount after any sequence of writes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(write, { maxLength: 25 }), async (steps) => {
          await ctx.db.deleteFrom('notifications').execute();
          await ctx.db.deleteFrom('notification_counts').execute();
          const delivered = new Map<string, NewOne['delivery']>();
          for (const step of steps) {
            await apply(step);
            if (step.kind !== 'insert') continue;
            // The messages name the position in the write; with the write's rows read back, they find their delivery.
            const written = await ctx.db
              .selectFrom('notifications')
              .select(['id', 'message'])
              .orderBy('id', 'desc')
              .limit(step.notifications.length)
              .execute();
            for (const row of written) {
              const position = Number(/task (\d+)\./.exec(row.message)?.[1]);
              delivered.set(String(row.id), step.notifications[position].delivery);
            }
          }
          const mails = await ctx.db.selectFrom('notification_mails').select(['notification_id', 'delivery']).execute();
          const left = await ctx.db.selectFrom('notifications').select('id').execute();
          assert.deepEqual(
            mails.map((mail) => `${mail.notification_id} ${mail.delivery}`).sort(),
            left
              .flatMap(({ id }) => {
                const delivery = delivered.get(String(id));
                return delivery === 'off' ? [] : [`${id} ${delivery}`];
              })
              .sort(),
          );
          const recount = await ctx.db
            .selectFrom('notifications')
            .select([
              'user_id',
              (eb) => eb.fn.countAll<number>().as('total'),
              sql<number>`sum(case when read_at is null then 1 else 0 end)`.as('unread'),
            ])
            .groupBy('user_id')
            .execute();
          for (const userId of users) {
            const counted = recount.find((row) => row.user_id === userId);
            assert.deepEqual(await keptCounts(ctx.db, userId), {
              total: Number(counted?.total ?? 0),
              unread: Number(counted?.unread ?? 0),
            });
          }
        }),
        { numRuns: dialect === 'postgres' ? 25 : 50 },
      );
    });
  });
}
