import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import {
  DELIVERY_ENV,
  insertWebhookRow,
  type ReceivedWebhook,
  settledDelivery,
  startDelivering,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhooks.ts';
import { waitFor } from '../jobs/wait-for.ts';

const packageVersion = (await import('../../package.json', { with: { type: 'json' } })).default.version;

/** Checks a request with the independent Standard Webhooks implementation and returns its parsed body. */
function verified(secret: string, request: ReceivedWebhook) {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new StandardWebhook(secret).verify(request.body, headers) as Record<string, any>;
}

for (const dialect of testDialects()) {
  describe(`webhooks: delivery [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createVolunteer>>;
    let receiver: WebhookReceiver;
    let delivering: Awaited<ReturnType<typeof startDelivering>>;

    before(async () => {
      ctx = await createTestContext(dialect, DELIVERY_ENV);
      owner = await createVolunteer(ctx.db);
      delivering = await startDelivering(ctx);
    });
    after(async () => {
      await delivering.stop();
      await ctx.close();
    });
    beforeEach(async () => {
      receiver = await startWebhookReceiver();
    });
    afterEach(() => receiver.close());

    const api = () => apiClient(ctx.app, owner.token);
    async function createHook(events: string[] = ['*']) {
      const response = await api().post('/api/webhooks', { url: receiver.url, events });
      assert.equal(response.statusCode, 201);
      return response.data.data as { id: number; secret: string };
    }

    it('pings with a signed Standard Webhooks POST that an independent implementation verifies', async () => {
      const hook = await createHook(['idea.created']);
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      assert.equal(ping.statusCode, 202);
      assert.equal(ping.data.data.status, 'pending');
      assert.equal(ping.data.data.event_type, 'ping');
      const [request] = await receiver.waitForRequests(1);
      const body = verified(hook.secret, request);
      assert.equal(request.headers['content-type'], 'application/json');
      assert.equal(request.headers['user-agent'], `Guild-Webhooks/${packageVersion}`);
      assert.equal(request.headers['webhook-id'], body.id);
      assert.match(body.id, /^evt_[0-9a-f]{24}$/);
      assert.equal(body.id, ping.data.data.event_id);
      assert.equal(body.type, 'ping');
      assert.deepEqual(body.data, { webhook_id: hook.id, url: receiver.url });
      assert.ok(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000) < 300);
      assert.throws(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request), /signature/i);

      const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      assert.equal(delivery.status, 'succeeded');
      assert.equal(delivery.attempts, 1);
      assert.equal(delivery.response_status, 200);
      assert.equal(delivery.error, null);
      assert.equal(delivery.next_attempt_at, null);
      assert.ok(delivery.delivered_at);
      assert.equal(delivery.request_body, request.body);
    });

    it('retries after a 500 with the same webhook-id and body, then succeeds', async () => {
      const hook = await createHook();
      receiver.answer({ status: 500, body: 'down' }, { status: 503 });
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      const requests = await receiver.waitForRequests(3);
      for (const request of requests) verified(hook.secret, request);
      assert.equal(new Set(requests.map((request) => request.headers['webhook-id'])).size, 1);
      assert.equal(new Set(requests.map((request) => request.body)).size, 1);
      const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      assert.equal(delivery.status, 'succeeded');
      assert.equal(delivery.attempts, 3);
      assert.equal(delivery.response_status, 200);
    });

    it('marks a delivery failed after the last retry, with the status, an excerpt and the reason', async () => {
      const hook = await createHook();
      receiver.answer(...Array.from({ length: 3 }, () => ({ status: 500, body: `boom ${'x'.repeat(5000)}` })));
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      assert.equal(delivery.status, 'failed');
      assert.equal(delivery.attempts, 3, 'the first attempt and the two retries of WEBHOOK_RETRY_DELAYS=0,0');
      assert.equal(delivery.response_status, 500);
      assert.equal(delivery.error, 'The endpoint answered 500.');
      assert.ok(delivery.response_body_excerpt.startsWith('boom xxx'));
      assert.equal(Buffer.byteLength(delivery.response_body_excerpt), 1024);
      assert.equal(delivery.next_attempt_at, null);
      assert.equal(delivery.delivered_at, null);
      assert.equal(receiver.received.length, 3);
      const list = await api().get(`/api/webhooks/${hook.id}/deliveries`);
      assert.equal(list.data.data[0].id, ping.data.data.id);
      assert.equal(list.data.data[0].request_body, undefined, 'the list leaves the body out');
    });

    it('does not follow redirects', async () => {
      const hook = await createHook();
      const elsewhere = await startWebhookReceiver();
      try {
        const redirect = { status: 307, headers: { location: elsewhere.url } };
        receiver.answer(redirect, redirect, redirect);
        const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
        const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
        assert.equal(delivery.status, 'failed');
        assert.match(delivery.error, /307, a redirect; redirects are not followed/);
        assert.equal(elsewhere.received.length, 0);
      } finally {
        await elsewhere.close();
      }
    });

    it('keeps the first KB of an answer, cut where a character ends', async () => {
      const hook = await createHook();
      receiver.answer({ status: 200, body: `x${'é'.repeat(2_000)}` });
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      assert.equal(delivery.status, 'succeeded');
      // 1 + 2 × 511 bytes; the 512th é would end past 1,024.
      assert.equal(delivery.response_body_excerpt, `x${'é'.repeat(511)}`);
    });

    it('stops reading an answer after 64 KB and hangs up', async () => {
      const hook = await createHook();
      receiver.answer({ status: 200, endless: true });
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      const delivery = await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      assert.equal(delivery.status, 'succeeded');
      assert.equal(delivery.response_body_excerpt, 'a'.repeat(1024));
      // The receiver stopped when the connection closed: after 64 KB plus what the socket buffers held, far from the
      // 64 MB it would have sent to a client reading everything.
      await waitFor('the receiver to stop writing', async () => receiver.endlessWritten.length === 1);
      assert.ok(receiver.endlessWritten[0] < 32 * 1024 * 1024, `${receiver.endlessWritten[0]} bytes written`);
    });

    it('redelivers as a new delivery with the same webhook-id and body', async () => {
      const hook = await createHook();
      receiver.answer({ status: 500 }, { status: 500 }, { status: 500 });
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id);
      const again = await api().post(`/api/webhooks/${hook.id}/deliveries/${ping.data.data.id}/redeliver`);
      assert.equal(again.statusCode, 202);
      assert.notEqual(again.data.data.id, ping.data.data.id);
      assert.equal(again.data.data.event_id, ping.data.data.event_id);
      const redelivered = await settledDelivery(ctx, owner.token, hook.id, again.data.data.id);
      assert.equal(redelivered.status, 'succeeded');
      const requests = await receiver.waitForRequests(4);
      assert.equal(requests[3].headers['webhook-id'], ping.data.data.event_id);
      assert.equal(requests[3].body, requests[0].body);
      verified(hook.secret, requests[3]);
      const log = await api().get(`/api/webhooks/${hook.id}/deliveries`);
      assert.deepEqual(
        log.data.data.map((delivery: { id: number; status: string }) => [delivery.id, delivery.status]),
        [
          [again.data.data.id, 'succeeded'],
          [ping.data.data.id, 'failed'],
        ],
      );
    });

    it('signs with the new secret after a rotation', async () => {
      const hook = await createHook();
      const rotated = (await api().post(`/api/webhooks/${hook.id}/rotate-secret`)).data.data;
      await api().post(`/api/webhooks/${hook.id}/ping`);
      const [request] = await receiver.waitForRequests(1);
      verified(rotated.secret, request);
      assert.throws(() => verified(hook.secret, request));
    });

    it('deactivates a webhook after 20 failed deliveries in a row and notifies its owner', async () => {
      const hook = await createHook();
      // 19 failed deliveries already (each takes all its attempts; the 20th is made here).
      await ctx.db.updateTable('webhooks').set({ consecutive_failures: 19 }).where('id', '=', hook.id).execute();
      receiver.answer({ status: 500 }, { status: 500 }, { status: 500 });
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      assert.equal((await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id)).status, 'failed');
      assert.equal((await api().get(`/api/webhooks/${hook.id}`)).data.data.active, false);
      const notifications = await api().get('/api/notifications?type=webhook_deactivated');
      assert.equal(notifications.data.data.length, 1);
      assert.equal(notifications.data.data[0].data.webhook_id, hook.id);
      assert.match(notifications.data.data[0].message, /deactivated after 20 deliveries in a row failed/);
      const refused = await api().post(`/api/webhooks/${hook.id}/ping`);
      assert.equal(refused.statusCode, 422);
      assert.equal(refused.data.message, 'This webhook is not active: set active to true first.');
      const redeliver = await api().post(`/api/webhooks/${hook.id}/deliveries/${ping.data.data.id}/redeliver`);
      assert.equal(redeliver.statusCode, 422);

      await api().patch(`/api/webhooks/${hook.id}`, { active: true });
      const row = await ctx.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
      assert.equal(row.consecutive_failures, 0, 'switching it on again clears the run');
    });

    it('a success ends the run of failures', async () => {
      const hook = await createHook();
      await ctx.db.updateTable('webhooks').set({ consecutive_failures: 19 }).where('id', '=', hook.id).execute();
      const ping = await api().post(`/api/webhooks/${hook.id}/ping`);
      assert.equal((await settledDelivery(ctx, owner.token, hook.id, ping.data.data.id)).status, 'succeeded');
      const row = await ctx.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
      assert.equal(row.consecutive_failures, 0);
      assert.equal(row.active, 1);
    });
  });

  describe(`webhooks: private addresses at send time [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createVolunteer>>;
    let receiver: WebhookReceiver;
    let delivering: Awaited<ReturnType<typeof startDelivering>>;

    before(async () => {
      ctx = await createTestContext(dialect, { WORKER_POLL_MS: '20', WEBHOOK_RETRY_DELAYS: '0' });
      owner = await createVolunteer(ctx.db);
      receiver = await startWebhookReceiver();
      delivering = await startDelivering(ctx);
    });
    after(async () => {
      await delivering.stop();
      await receiver.close();
      await ctx.close();
    });

    // A URL that passed the check at create time and now resolves to loopback (DNS rebinding) is written directly.
    for (const host of ['localhost', '127.0.0.1']) {
      it(`refuses to connect to ${host} when its address is not public`, async () => {
        const id = await insertWebhookRow(ctx.db, owner.user.id, {
          url: `http://${host}:${receiver.port}/hook`,
          events: ['*'],
          secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        });
        const ping = await apiClient(ctx.app, owner.token).post(`/api/webhooks/${id}/ping`);
        const delivery = await settledDelivery(ctx, owner.token, id, ping.data.data.id);
        assert.equal(delivery.status, 'failed');
        assert.equal(delivery.response_status, null);
        assert.match(delivery.error, /^The URL must point to a public address: .*a loopback address\.$/);
        assert.equal(receiver.received.length, 0);
      });
    }
  });
}
