import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { createGuildClient, unwrap, verifyWebhook, WebhookVerificationError } from '../../sdk/src/index.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { DELIVERY_ENV, startDelivering, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhooks.ts';

const secret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'ping', created_at: '2026-11-26T01:00:00.000Z', data: { n: 1 } });

/** Headers as the independent Standard Webhooks implementation signs them. */
function signed(key: string, body: string, at = new Date(), id = 'evt_1') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new StandardWebhook(key).sign(id, at, body),
  };
}

const refused = (pattern: RegExp) => (error: unknown) =>
  error instanceof WebhookVerificationError && pattern.test(error.message);

describe('SDK verifyWebhook, against signatures of the standardwebhooks package', () => {
  it('accepts a signed body and gives its event, from a header record or a Headers object, string or bytes', async () => {
    const key = secret();
    const headers = signed(key, BODY);
    assert.deepEqual(await verifyWebhook(key, headers, BODY), JSON.parse(BODY));
    const event = await verifyWebhook(key, new Headers(headers), new TextEncoder().encode(BODY));
    assert.equal(event.type, 'ping');
  });

  it('refuses a changed body, another secret, and a signature of another id', async () => {
    const key = secret();
    const headers = signed(key, BODY);
    await assert.rejects(verifyWebhook(key, headers, BODY.replace('"n":1', '"n":2')), refused(/No webhook-signature/));
    await assert.rejects(verifyWebhook(secret(), headers, BODY), refused(/No webhook-signature/));
    await assert.rejects(
      verifyWebhook(key, { ...headers, 'webhook-id': 'evt_2' }, BODY),
      refused(/No webhook-signature/),
    );
  });

  it('accepts any one matching signature of several, and skips other versions and broken entries', async () => {
    const key = secret();
    const headers = signed(key, BODY);
    const other = signed(secret(), BODY)['webhook-signature'];
    const many = `v2,abc ${other} v1,%%% ${headers['webhook-signature']}`;
    assert.equal((await verifyWebhook(key, { ...headers, 'webhook-signature': many }, BODY)).id, 'evt_1');
    await assert.rejects(
      verifyWebhook(key, { ...headers, 'webhook-signature': `v2,abc ${other}` }, BODY),
      refused(/No webhook-signature/),
    );
  });

  it('refuses a timestamp beyond the tolerance either way, and accepts one within it', async () => {
    const key = secret();
    const sent = new Date('2026-11-26T01:00:00Z');
    const headers = signed(key, BODY, sent);
    const later = (seconds: number) => new Date(sent.getTime() + seconds * 1000);
    assert.equal((await verifyWebhook(key, headers, BODY, { now: later(300) })).id, 'evt_1');
    await assert.rejects(verifyWebhook(key, headers, BODY, { now: later(301) }), refused(/too far from now/));
    await assert.rejects(verifyWebhook(key, headers, BODY, { now: later(-301) }), refused(/too far from now/));
    assert.equal((await verifyWebhook(key, headers, BODY, { now: later(3600), toleranceSeconds: 3600 })).id, 'evt_1');
  });

  it('refuses missing headers, a timestamp that is no Unix time, and a secret that is not base64', async () => {
    const key = secret();
    const headers = signed(key, BODY);
    for (const name of Object.keys(headers)) {
      const { [name as keyof typeof headers]: _, ...without } = headers;
      await assert.rejects(verifyWebhook(key, without, BODY), refused(/headers are required/));
    }
    await assert.rejects(
      verifyWebhook(key, { ...headers, 'webhook-timestamp': '1e9' }, BODY),
      refused(/not a Unix time/),
    );
    await assert.rejects(verifyWebhook('whsec_***', headers, BODY), refused(/not a whsec_ secret/));
  });
});

/** A real delivery: the SDK creates the webhook and pings it; the receiver on loopback checks it with the SDK. */
for (const dialect of testDialects()) {
  describe(`SDK verifyWebhook, on a real delivery [${dialect}]`, () => {
    let ctx: TestContext;
    let baseUrl: string;
    let delivering: Awaited<ReturnType<typeof startDelivering>>;
    let receiver: WebhookReceiver;
    before(async () => {
      ctx = await createTestContext(dialect, DELIVERY_ENV);
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
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

    it('verifies the signed ping Guild delivers, and refuses it under another secret', async () => {
      const owner = await createVolunteer(ctx.db);
      const guild = createGuildClient({ baseUrl, token: owner.token });
      const { data: hook } = await unwrap(guild.POST('/api/webhooks', { body: { url: receiver.url, events: ['*'] } }));
      const { data: ping } = await unwrap(guild.POST('/api/webhooks/{id}/ping', { params: { path: { id: hook.id } } }));
      const [request] = await receiver.waitForRequests(1);

      const event = await verifyWebhook(hook.secret, request.headers, request.body);
      assert.equal(event.id, ping.event_id);
      assert.equal(event.type, 'ping');
      if (event.type === 'ping') assert.deepEqual(event.data, { webhook_id: hook.id, url: receiver.url }); // typed
      await assert.rejects(verifyWebhook(secret(), request.headers, request.body), refused(/No webhook-signature/));
    });
  });
}
