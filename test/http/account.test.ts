import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createToken } from '../../src/modules/auth/tokens.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createUser } from '../helpers/factories.ts';

for (const dialect of testDialects()) {
  describe(`account and tokens [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers 401 with the contract body when the token is missing, malformed or unknown', async () => {
      for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer 1|short', `Bearer 999999|${'x'.repeat(40)}`]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { accept: 'application/json', ...(header ? { authorization: header } : {}) },
        });
        assert.equal(response.statusCode, 401, `header ${header}`);
        assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
      }
    });

    it('rejects a token whose secret is wrong', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const [id] = token.split('|');
      const response = await apiClient(ctx.app, `${id}|${'A'.repeat(40)}`).get('/api/user');
      assert.equal(response.statusCode, 401);
    });

    it('returns the caller with email and account type', async () => {
      const { user, token } = await createAccount(ctx.db, 'company');
      const response = await apiClient(ctx.app, token).get('/api/user');
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.id, user.id);
      assert.equal(response.data.email, user.email);
      assert.equal(response.data.account_type, 'company');
      assert.match(response.headers['content-type'] as string, /^application\/json; charset=utf-8/);
      assert.ok(response.headers['x-request-id']);
    });

    it('logout revokes every token of the user and only theirs', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const second = await createToken(ctx.db, user.id, 'second', null);
      const other = await createAccount(ctx.db, 'contributor');
      const response = await apiClient(ctx.app, token).post('/api/auth/logout');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { message: 'Logged out.' });
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 401);
      assert.equal((await apiClient(ctx.app, second).get('/api/user')).statusCode, 401);
      assert.equal((await apiClient(ctx.app, other.token).get('/api/user')).statusCode, 200);
    });

    it('refuses tokens of a deactivated user', async () => {
      const user = await createUser(ctx.db, 'contributor', { is_active: 0 });
      const token = await createToken(ctx.db, user.id, 't', null);
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 401);
    });

    it('refuses an expired token', async () => {
      const user = await createUser(ctx.db, 'contributor');
      const token = await createToken(ctx.db, user.id, 't', 60, new Date(Date.now() - 120_000));
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 401);
    });

    it('serves health and the OpenAPI document without a token', async () => {
      const health = await apiClient(ctx.app).get('/api/health');
      assert.equal(health.statusCode, 200);
      assert.deepEqual(health.data, { status: 'ok', dialect });
      const ready = await apiClient(ctx.app).get('/api/health/ready');
      assert.deepEqual(ready.data, { status: 'ok', checks: { database: 'ok', queue: 'ok', storage: 'ok' }, dialect });
      const openapi = await apiClient(ctx.app).get('/api/openapi.json');
      assert.equal(openapi.statusCode, 200);
      assert.equal(openapi.data.openapi, '3.1.0');
      assert.ok(openapi.data.paths['/api/user']);
    });

    it('answers unknown routes, bad JSON and oversized bodies with contract bodies', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      const missing = await api.get('/api/nothing-here');
      assert.equal(missing.statusCode, 404);
      assert.match(missing.data.message, /could not be found/);
      const bad = await api.post('/api/auth/logout', '{"oops', { 'content-type': 'application/json' });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.data, { message: 'The request body is not valid JSON.' });
      const huge = await api.post('/api/volunteers/complete-profile', { field: 'x', bio: 'y'.repeat(1024 * 1024) });
      assert.equal(huge.statusCode, 413);
      assert.deepEqual(huge.data, { message: 'The request body is too large.' });
    });
  });
}
