import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recordEvent } from '../../src/modules/webhooks/webhook-events.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { createWebhook, DELIVERY_ENV } from '../helpers/webhooks.ts';

/**
 * recordEvent reads the event's resource only when a webhook receives the event: the writes that record events
 * (every assignment move, every challenge move) pay for no read of the resource when nobody subscribed.
 */
for (const dialect of testDialects()) {
  describe(`webhooks: recordEvent [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, DELIVERY_ENV);
    });
    after(() => ctx.close());

    const deliveries = async (eventType: string) =>
      (await ctx.db.selectFrom('webhook_deliveries').select('body').where('event_type', '=', eventType).execute()).map(
        (row) => JSON.parse(row.body).data,
      );

    it('reads the resource once when a webhook subscribes, and not at all when none does', async () => {
      const subscriber = await createVolunteer(ctx.db);
      const bystander = await createVolunteer(ctx.db);
      await createWebhook(ctx, subscriber.token, 'http://127.0.0.1:9/hook', ['idea.created']);
      let reads = 0;
      const data = async () => {
        reads++;
        return { id: 7 };
      };

      await recordEvent(ctx.db, { type: 'idea.created', recipients: [bystander.user.id], data });
      await recordEvent(ctx.db, { type: 'idea.scored', recipients: [subscriber.user.id], data });
      assert.equal(reads, 0, 'no webhook receives these events');

      await recordEvent(ctx.db, { type: 'idea.created', recipients: [subscriber.user.id, bystander.user.id], data });
      assert.equal(reads, 1);
      assert.deepEqual(await deliveries('idea.created'), [{ id: 7 }]);
    });

    it('records nothing when the resource is gone by the time it is read', async () => {
      const subscriber = await createVolunteer(ctx.db);
      await createWebhook(ctx, subscriber.token, 'http://127.0.0.1:9/hook', ['team.formed']);
      await recordEvent(ctx.db, { type: 'team.formed', recipients: [subscriber.user.id], data: async () => undefined });
      assert.deepEqual(await deliveries('team.formed'), []);
    });
  });
}
