import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';

/**
 * Issue 10 (low list): the bearer hook decides on the route the router matched, not on the raw URL. Spellings of
 * `/api/user` that the router decodes or normalises must be checked like `/api/user` (401 without a token), and
 * spellings it does not route are 404 — never the caller's data.
 */
const SPELLINGS = [
  '/api/user',
  '/%61pi/user',
  '/api/%75ser',
  '/%2561pi/user',
  '//api/user',
  '/api/user/',
  '/API/user',
  '/api//user',
];

for (const dialect of testDialects()) {
  describe(`the bearer check follows the routed path [${dialect}]`, () => {
    let ctx: TestContext;
    let token: string;
    let email: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      const account = await createAccount(ctx.db, 'contributor');
      token = account.token;
      email = account.user.email;
    });
    after(() => ctx.close());

    for (const url of SPELLINGS) {
      it(`${url} without a token is 401 or 404 and never returns data`, async () => {
        const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        assert.ok([401, 404].includes(response.statusCode), `${url}: ${response.statusCode} ${response.body}`);
        assert.ok(!response.body.includes(email), `${url} leaked the user: ${response.body}`);
        assert.ok(!response.body.includes('account_type'), `${url} leaked a user: ${response.body}`);
      });
    }

    it('a spelling that reaches the /api/user handler is checked (401), and served with the token', async () => {
      // `/%61pi/user` is decoded by the router to `/api/user`; before the fix it skipped the bearer check.
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: '/%61pi/user',
        headers: { accept: 'application/json' },
      });
      const withToken = await ctx.app.inject({
        method: 'GET',
        url: '/%61pi/user',
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      assert.equal(anonymous.statusCode, 401, anonymous.body);
      assert.equal(JSON.parse(anonymous.body).message, 'Unauthenticated.');
      assert.equal(withToken.statusCode, 200, withToken.body);
      assert.ok(withToken.body.includes(email));
    });
  });
}
