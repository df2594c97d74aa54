import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_EVENT_TYPES } from '../../src/modules/webhooks/webhook-event-types.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createCompany, createVolunteer } from '../helpers/factories.ts';
import { insertWebhookRow } from '../helpers/webhooks.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

for (const dialect of testDialects()) {
  describe(`webhooks: endpoints [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createVolunteer>>;
    let other: Awaited<ReturnType<typeof createCompany>>;

    before(async () => {
      ctx = await createTestContext(dialect, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
      owner = await createVolunteer(ctx.db);
      other = await createCompany(ctx.db);
    });
    after(() => ctx.close());

    const create = (token: string, body: unknown) => apiClient(ctx.app, token).post('/api/webhooks', body);

    it('creates a webhook for any account and shows its secret only on creation', async () => {
      const created = await create(owner.token, {
        url: 'http://127.0.0.1:9/hook',
        events: ['assignment.status_changed', 'notification.created'],
        description: 'Our HR system',
      });
      assert.equal(created.statusCode, 201);
      const { data } = created.data;
      assert.match(data.secret, SECRET);
      assert.equal(Buffer.from(data.secret.slice(6), 'base64').length, 32);
      assert.deepEqual(
        { ...data, id: 0, created_at: '', secret: '' },
        {
          id: 0,
          url: 'http://127.0.0.1:9/hook',
          events: ['assignment.status_changed', 'notification.created'],
          active: true,
          description: 'Our HR system',
          created_at: '',
          secret: '',
        },
      );
      const shown = await apiClient(ctx.app, owner.token).get(`/api/webhooks/${data.id}`);
      assert.equal(shown.statusCode, 200);
      assert.equal(shown.data.data.secret, undefined);
      const { secret: _secret, ...withoutSecret } = data;
      assert.deepEqual(shown.data.data, withoutSecret);
      const company = await create(other.token, { url: 'https://localhost/hook', events: ['*'] });
      assert.equal(company.statusCode, 201);
      assert.deepEqual(company.data.data.events, ['*']);
      assert.equal(company.data.data.description, null);
    });

    it('lists only the caller’s webhooks, newest first, in the list envelope', async () => {
      const person = await createAccount(ctx.db, 'contributor');
      const first = await create(person.token, { url: 'http://127.0.0.1:9/a', events: ['*'] });
      const second = await create(person.token, { url: 'http://127.0.0.1:9/b', events: ['*'] });
      const list = await apiClient(ctx.app, person.token).get('/api/webhooks?per_page=1');
      assert.equal(list.statusCode, 200);
      assert.deepEqual(
        list.data.data.map((hook: { id: number }) => hook.id),
        [second.data.data.id],
      );
      assert.equal(list.data.meta.total, 2);
      assert.ok(list.data.links.next.endsWith('/api/webhooks?per_page=1&page=2'));
      const page2 = await apiClient(ctx.app, person.token).get('/api/webhooks?per_page=1&page=2');
      assert.deepEqual(
        page2.data.data.map((hook: { id: number }) => hook.id),
        [first.data.data.id],
      );
      assert.equal(list.data.data[0].secret, undefined);
      assert.equal((await apiClient(ctx.app, person.token).get('/api/webhooks?per_page=0')).statusCode, 422);
    });

    it('changes url, events, description and active; absent fields keep their values', async () => {
      const { data } = (await create(owner.token, { url: 'http://127.0.0.1:9/x', events: ['idea.created'] })).data;
      const api = apiClient(ctx.app, owner.token);
      const patched = await api.patch(`/api/webhooks/${data.id}`, { events: ['idea.scored', 'idea.created'] });
      assert.equal(patched.statusCode, 200);
      assert.deepEqual(patched.data.data.events, ['idea.scored', 'idea.created']);
      assert.equal(patched.data.data.url, 'http://127.0.0.1:9/x');
      const more = await api.patch(`/api/webhooks/${data.id}`, {
        url: 'http://127.0.0.1:9/y',
        active: false,
        description: 'Paused',
      });
      assert.deepEqual(
        [more.data.data.url, more.data.data.active, more.data.data.description],
        ['http://127.0.0.1:9/y', false, 'Paused'],
      );
      const cleared = await api.patch(`/api/webhooks/${data.id}`, { description: null, active: true });
      assert.deepEqual([cleared.data.data.description, cleared.data.data.active], [null, true]);
    });

    it('rotates the secret: the new one is shown once and differs', async () => {
      const { data } = (await create(owner.token, { url: 'http://127.0.0.1:9/r', events: ['*'] })).data;
      const rotated = await apiClient(ctx.app, owner.token).post(`/api/webhooks/${data.id}/rotate-secret`);
      assert.equal(rotated.statusCode, 200);
      assert.match(rotated.data.data.secret, SECRET);
      assert.notEqual(rotated.data.data.secret, data.secret);
      const row = await ctx.db.selectFrom('webhooks').select('secret').where('id', '=', data.id).executeTakeFirst();
      assert.equal(row?.secret, rotated.data.data.secret);
    });

    it('deletes a webhook with its deliveries (204), after which it is a 404', async () => {
      const { data } = (await create(owner.token, { url: 'http://127.0.0.1:9/d', events: ['*'] })).data;
      const api = apiClient(ctx.app, owner.token);
      assert.equal((await api.post(`/api/webhooks/${data.id}/ping`)).statusCode, 202);
      const deleted = await api.delete(`/api/webhooks/${data.id}`);
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');
      assert.equal((await api.get(`/api/webhooks/${data.id}`)).statusCode, 404);
      const left = await ctx.db
        .selectFrom('webhook_deliveries')
        .where('webhook_id', '=', data.id)
        .selectAll()
        .execute();
      assert.equal(left.length, 0);
    });

    it('answers 404 for another user’s webhook and its deliveries, on every route', async () => {
      const { data } = (await create(owner.token, { url: 'http://127.0.0.1:9/mine', events: ['*'] })).data;
      const ping = await apiClient(ctx.app, owner.token).post(`/api/webhooks/${data.id}/ping`);
      const base = `/api/webhooks/${data.id}`;
      const delivery = `${base}/deliveries/${ping.data.data.id}`;
      const api = apiClient(ctx.app, other.token);
      for (const response of [
        await api.get(base),
        await api.patch(base, { active: false }),
        await api.delete(base),
        await api.post(`${base}/rotate-secret`),
        await api.post(`${base}/ping`),
        await api.get(`${base}/deliveries`),
        await api.get(delivery),
        await api.post(`${delivery}/redeliver`),
      ]) {
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.data, { message: 'Webhook not found.' });
      }
      const own = apiClient(ctx.app, owner.token);
      assert.equal((await own.get('/api/webhooks/999999')).statusCode, 404);
      assert.equal((await own.get('/api/webhooks/abc')).statusCode, 404);
      assert.equal((await own.get(`${base}/deliveries/999999`)).statusCode, 404);
      assert.deepEqual((await own.get(`${base}/deliveries/999999`)).data, { message: 'Delivery not found.' });
      assert.equal((await own.get(base)).data.data.active, true, 'untouched by the other user');
    });

    it('answers 401 without a token on every route', async () => {
      const api = apiClient(ctx.app);
      for (const response of [
        await api.post('/api/webhooks', { url: 'http://127.0.0.1:9/', events: ['*'] }),
        await api.get('/api/webhooks'),
        await api.get('/api/webhooks/1'),
        await api.patch('/api/webhooks/1', {}),
        await api.delete('/api/webhooks/1'),
        await api.post('/api/webhooks/1/rotate-secret'),
        await api.post('/api/webhooks/1/ping'),
        await api.get('/api/webhooks/1/deliveries'),
        await api.get('/api/webhooks/1/deliveries/1'),
        await api.post('/api/webhooks/1/deliveries/1/redeliver'),
      ]) {
        assert.equal(response.statusCode, 401);
      }
    });

    it('refuses bad bodies with 422 naming the field', async () => {
      const cases: [unknown, string, RegExp][] = [
        [{ events: ['*'] }, 'url', /required/],
        [
          { url: 'ftp://example.com/x', events: ['*'] },
          'url',
          /must be a web address starting with https:\/\/ or http:\/\//,
        ],
        [{ url: 'not a url', events: ['*'] }, 'url', /must be a web address starting with https:\/\/ or http:\/\//],
        [{ url: 'https://example.com/x' }, 'events', /required/],
        [{ url: 'https://example.com/x', events: [] }, 'events', /The events is invalid/],
        [{ url: 'https://example.com/x', events: ['challenge.deleted'] }, 'events', /./],
        [{ url: 'https://example.com/x', events: ['*', 'ping'] }, 'events', /either \["\*"\] or a list/],
        [{ url: 'https://example.com/x', events: ['ping', 'ping'] }, 'events', /./],
        [{ url: 'https://example.com/x', events: ['*'], description: 'x'.repeat(501) }, 'description', /500/],
        [{ url: 'https://nonexistent.invalid/x', events: ['*'] }, 'url', /could not be resolved/],
      ];
      for (const [body, field, message] of cases) {
        const response = await create(owner.token, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(response.data.errors?.[field], `${JSON.stringify(body)}: ${JSON.stringify(response.data)}`);
        assert.match(response.data.errors[field][0], message);
      }
      const { data } = (await create(owner.token, { url: 'http://127.0.0.1:9/p', events: ['*'] })).data;
      const patch = await apiClient(ctx.app, owner.token).patch(`/api/webhooks/${data.id}`, { events: ['*', 'ping'] });
      assert.equal(patch.statusCode, 422);
      assert.equal(
        (await apiClient(ctx.app, owner.token).patch(`/api/webhooks/${data.id}`, { active: 'yes' })).statusCode,
        422,
      );
    });
  });

  describe(`webhooks: the OpenAPI document [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('documents every event type as a webhook whose body names its resource and whose headers carry the signature', async () => {
      const document = (await apiClient(ctx.app).get('/api/openapi.json')).data;
      assert.deepEqual(Object.keys(document.webhooks), [...WEBHOOK_EVENT_TYPES]);
      const resources: Record<string, string> = {
        'challenge.status_changed': 'Challenge',
        'task.created': 'Task',
        'assignment.status_changed': 'Assignment',
        'team.formed': 'Team',
        'team.message_created': 'TeamMessage',
        'idea.created': 'Idea',
        'idea.scored': 'Idea',
        'notification.created': 'Notification',
        ping: 'WebhookPingData',
      };
      for (const [type, { post }] of Object.entries<any>(document.webhooks)) {
        const ref: string = post.requestBody.content['application/json'].schema.$ref;
        const body = document.components.schemas[ref.split('/').pop()!];
        assert.deepEqual(body.required, ['id', 'type', 'created_at', 'data'], type);
        assert.deepEqual(body.properties.type.enum, [type]);
        assert.equal(body.properties.data.$ref, `#/components/schemas/${resources[type]}`, type);
        assert.ok(document.components.schemas[resources[type]], resources[type]);
        assert.deepEqual(
          post.parameters.map((parameter: { name: string }) => parameter.name),
          ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'user-agent'],
        );
        assert.ok(post.operationId && post.summary && post.description, type);
      }
    });
  });

  describe(`webhooks: private addresses refused [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createVolunteer>>;

    before(async () => {
      ctx = await createTestContext(dialect);
      owner = await createVolunteer(ctx.db);
    });
    after(() => ctx.close());

    it('refuses loopback, private, link-local, multicast, unspecified and reserved hosts at create (422)', async () => {
      const api = apiClient(ctx.app, owner.token);
      for (const [url, what] of [
        ['http://127.0.0.1:8080/hook', 'loopback'],
        ['http://localhost/hook', 'localhost resolves to'],
        ['http://[::1]/hook', 'loopback'],
        ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
        ['http://10.0.0.8/hook', 'private'],
        ['https://192.168.1.10/hook', 'private'],
        ['http://169.254.169.254/latest/meta-data', 'linkLocal'],
        ['http://[fe80::1]/hook', 'linkLocal'],
        ['http://224.0.0.1/hook', 'multicast'],
        ['http://0.0.0.0/hook', 'unspecified'],
        ['http://100.64.0.1/hook', 'carrierGradeNat'],
        ['http://192.0.2.1/hook', 'reserved'],
        ['http://[fd00::1]/hook', 'uniqueLocal'],
      ]) {
        const response = await api.post('/api/webhooks', { url, events: ['*'] });
        assert.equal(response.statusCode, 422, url);
        assert.match(response.data.errors.url[0], /^The URL must point to a public address: /, url);
        assert.ok(response.data.errors.url[0].includes(what), `${url}: ${response.data.errors.url[0]}`);
      }
    });

    it('refuses a private address at update, keeping the old URL', async () => {
      const created = {
        id: await insertWebhookRow(ctx.db, owner.user.id, {
          url: 'https://93.184.215.14/hook',
          events: ['*'],
          secret: 'whsec_AAAA',
        }),
      };
      const api = apiClient(ctx.app, owner.token);
      const response = await api.patch(`/api/webhooks/${created.id}`, { url: 'http://localhost:3000/hook' });
      assert.equal(response.statusCode, 422);
      assert.match(response.data.errors.url[0], /localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
      assert.equal((await api.get(`/api/webhooks/${created.id}`)).data.data.url, 'https://93.184.215.14/hook');
    });

    it('accepts a public address', async () => {
      const response = await apiClient(ctx.app, owner.token).post('/api/webhooks', {
        url: 'https://93.184.215.14/hook',
        events: ['*'],
      });
      assert.equal(response.statusCode, 201);
    });
  });
}
