import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { notify } from '../../src/modules/notifications/notify.ts';
import { relayDeliveries } from '../../src/modules/webhooks/webhook-delivery.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { createWebhook, DELIVERY_ENV, startDelivering, startWebhookReceiver } from '../helpers/webhooks.ts';

const EVENTS = 30;

/** Records `count` notifications for the user, each in its own transaction as the services do: one event each. */
async function notifyTimes(db: Db, userId: number, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await db.transaction().execute((trx) =>
      notify(trx, {
        userId,
        type: 'task_assignment',
        title: `Invitation ${index}`,
        message: 'A task fits your skills.',
        actionUrl: '/assignments/1',
        data: { task_id: 1, assignment_id: 1 },
      }),
    );
  }
}

/**
 * The outbox relay's two promises (docs/development.md, Webhooks): events recorded while no worker runs wait in
 * the outbox and go out once one starts; relays of several processes racing over the same rows queue each delivery
 * exactly once (each claims its batch with FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's writers take turns).
 */
for (const dialect of testDialects()) {
  describe(`webhooks: the outbox relay [${dialect}]`, () => {
    let ctx: TestContext;
    let other: ReturnType<typeof createDatabase> | null = null;

    before(async () => {
      ctx = await createTestContext(dialect, DELIVERY_ENV);
      // On PostgreSQL the second relay has a pool of its own, as another process would. SQLite's driver is
      // synchronous: a second connection in this process would wait for the first's lock while blocking the event
      // loop that must release it, so there the relays share the one connection and take turns, as in one process.
      if (dialect === 'postgres') {
        const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db)).rows[0];
        other = createDatabase({ url: ctx.deps.config.databaseUrl, schema });
      }
    });
    after(async () => {
      await other?.destroy();
      await ctx.close();
    });

    it('queues each recorded delivery once when relays race, and delivers what waited once a worker runs', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const owner = await createVolunteer(ctx.db);
        await createWebhook(ctx, owner.token, receiver.url, ['notification.created']);
        await notifyTimes(ctx.db, owner.user.id, EVENTS);
        assert.equal((await queuedJobs(ctx, 'webhook.deliver')).length, 0, 'nothing is queued while no relay runs');

        // Two relays racing in small steps until the outbox is empty.
        const relayFrom = (db: Db) => async () => {
          let queued = 0;
          for (let batch = await relayDeliveries({ ...ctx.deps, db }); batch > 0; ) {
            queued += batch;
            batch = await relayDeliveries({ ...ctx.deps, db });
          }
          return queued;
        };
        const [first, second] = await Promise.all([relayFrom(ctx.db)(), relayFrom(other?.db ?? ctx.db)()]);
        assert.equal(first + second, EVENTS, `the relays queued ${first} and ${second}`);
        const deliveryIds = (await queuedJobs(ctx, 'webhook.deliver')).map((job) => job.payload.deliveryId);
        assert.equal(new Set(deliveryIds).size, EVENTS, 'one job per delivery');
        assert.equal(deliveryIds.length, EVENTS, 'and none twice');

        const delivering = await startDelivering(ctx);
        try {
          const requests = await receiver.waitForRequests(EVENTS);
          const titles = requests.map((request) => request.json.data.title as string).sort();
          assert.deepEqual(
            titles,
            Array.from({ length: EVENTS }, (_, index) => `Invitation ${index}`).sort(),
            'every event that waited in the outbox arrives',
          );
        } finally {
          await delivering.stop();
        }
      } finally {
        await receiver.close();
      }
    });
  });
}
