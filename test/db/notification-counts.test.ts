import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  deleteNotification,
  insertNotification,
  keptCounts,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../src/modules/notifications/notifications.repository.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 11: a user's notification counts are kept, not counted per request. Whatever sequence of the module's writes
 * runs (new notifications, one read, all read, deletions, some inside a caller's transaction that rolls back), the
 * kept counts equal a count of the rows.
 */
type Write =
  | { kind: 'insert'; user: number }
  | { kind: 'read'; pick: number }
  | { kind: 'readAll'; user: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'insertRolledBack'; user: number };

const USERS = 3;
const write: fc.Arbitrary<Write> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), user: fc.nat(USERS - 1) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('read' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('readAll' as const), user: fc.nat(USERS - 1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('insertRolledBack' as const), user: fc.nat(USERS - 1) }), weight: 1 },
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

    const notification = (userId: number) => ({
      userId,
      type: 'task_assignment',
      title: 'Invited',
      message: 'You are invited to a task.',
      actionUrl: null,
      data: '{}',
      challengeId: null,
      now: new Date().toISOString(),
    });

    async function apply(step: Write): Promise<void> {
      const ids = async () =>
        (await ctx.db.selectFrom('notifications').select('id').orderBy('id').execute()).map((row) => row.id);
      const now = new Date().toISOString();
      switch (step.kind) {
        case 'insert':
          await insertNotification(ctx.db, notification(users[step.user]));
          return;
        case 'insertRolledBack':
          await ctx.db
            .transaction()
            .execute(async (trx) => {
              await insertNotification(trx, notification(users[step.user]));
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
          for (const step of steps) await apply(step);
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
