import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertDelivery, insertWebhook } from '../../src/modules/webhooks/webhooks.repository.ts';
import { purgeWebhookDeliveriesJob } from '../../src/pipeline/webhooks/webhooks.jobs.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';

const DAY = 24 * 3600 * 1000;

/**
 * The delivery log is not kept for ever (WEBHOOK_DELIVERY_RETENTION_DAYS, the `webhooks.purge-deliveries` job): a
 * settled delivery older than the retention leaves it; a recent one, and a pending one of any age, stay.
 */
for (const dialect of testDialects()) {
  describe(`webhooks: delivery log retention [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { WEBHOOK_DELIVERY_RETENTION_DAYS: '7' });
    });
    after(() => ctx.close());

    it('deletes settled deliveries past the retention and keeps recent and pending ones', async () => {
      const owner = await createVolunteer(ctx.db);
      const now = Date.now();
      const webhook = await insertWebhook(ctx.db, {
        user_id: owner.user.id,
        url: 'https://hooks.example.com/guild',
        events: '["*"]',
        description: null,
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
        now: new Date(now - 30 * DAY).toISOString(),
      });
      const delivery = async (ageDays: number, status: 'pending' | 'succeeded' | 'failed') => {
        const row = await insertDelivery(ctx.db, {
          webhook_id: webhook.id,
          event_id: `evt_${ageDays}_${status}`,
          event_type: 'ping',
          body: '{}',
          queuedAt: null,
          now: new Date(now - ageDays * DAY).toISOString(),
        });
        await ctx.db.updateTable('webhook_deliveries').set({ status }).where('id', '=', row.id).execute();
        return row.id;
      };
      const oldSucceeded = await delivery(8, 'succeeded');
      const oldFailed = await delivery(20, 'failed');
      const oldPending = await delivery(9, 'pending');
      const recentSucceeded = await delivery(6, 'succeeded');
      const recentFailed = await delivery(1, 'failed');

      await purgeWebhookDeliveriesJob.handle(ctx.deps, {});

      const kept = await ctx.db.selectFrom('webhook_deliveries').select('id').orderBy('id').execute();
      assert.deepEqual(
        kept.map((row) => row.id),
        [oldPending, recentSucceeded, recentFailed],
      );
      const api = apiClient(ctx.app, owner.token);
      const log = await api.get(`/api/webhooks/${webhook.id}/deliveries`);
      assert.equal(log.statusCode, 200);
      assert.equal(log.data.meta.total, 3);
      for (const gone of [oldSucceeded, oldFailed]) {
        const response = await api.get(`/api/webhooks/${webhook.id}/deliveries/${gone}`);
        assert.equal(response.statusCode, 404);
      }
    });
  });
}
