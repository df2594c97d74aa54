import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { errorNextTo, PASSWORD } from './auth-pages.ts';

/**
 * Issue 10, item 2: lengths before patterns. A crafted 60 KB address ("a@a.a.a.… ") makes the email pattern
 * backtrack quadratically (seconds of a blocked event loop); it must be refused by its length before the pattern sees
 * it. The assertions are on the messages, which only the length checks give.
 */
const CRAFTED_EMAIL = `a@${'a.'.repeat(30_000)} `;
const LONG_NAME = 'x'.repeat(60_000);

for (const dialect of testDialects()) {
  describe(`registration and sign-in input limits [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('refuses a 60 KB email and name on registration with their length messages', async () => {
      const response = await webClient(ctx.app).submit('/register', '/register', {
        name: LONG_NAME,
        email: CRAFTED_EMAIL,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        account_type: 'contributor',
      });
      assert.equal(response.statusCode, 422);
      assert.equal(errorNextTo(response.body, 'email'), 'The email must not be greater than 254 characters.');
      assert.equal(errorNextTo(response.body, 'name'), 'The name must not be greater than 255 characters.');
      const users = await ctx.db.selectFrom('users').select('id').where('name', '=', LONG_NAME).execute();
      assert.equal(users.length, 0);
    });

    it('accepts an email of exactly 254 characters and refuses one of 255 by its length', async () => {
      const local = (n: number) => 'a'.repeat(n - '@example.test'.length);
      const ok = await webClient(ctx.app).submit('/register', '/register', {
        name: 'Long Address',
        email: `${local(254)}@example.test`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        account_type: 'contributor',
      });
      assert.equal(ok.statusCode, 303);
      const tooLong = await webClient(ctx.app).submit('/register', '/register', {
        name: 'Long Address',
        email: `b${local(254)}@example.test`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        account_type: 'contributor',
      });
      assert.equal(tooLong.statusCode, 422);
      assert.equal(errorNextTo(tooLong.body, 'email'), 'The email must not be greater than 254 characters.');
    });

    it('refuses a 60 KB email on sign-in with the length message, without counting an attempt', async () => {
      const response = await webClient(ctx.app).submit('/login', '/login', {
        email: CRAFTED_EMAIL,
        password: PASSWORD,
      });
      assert.equal(response.statusCode, 422);
      assert.ok(parsePage(response.body).alerts().includes('The email must not be greater than 254 characters.'));
      const attempts = await ctx.db.selectFrom('login_attempts').select('key').execute();
      assert.ok(
        attempts.every((row) => row.key.length < 1000),
        'no throttle row keyed by the huge address',
      );
    });

    it('answers a form body over the global cap with 413 and a sentence, before any field is read', async () => {
      const client = webClient(ctx.app);
      const response = await client.submit('/register', '/register', {
        name: 'x'.repeat(2 * 1024 * 1024),
        email: 'big@example.test',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        account_type: 'contributor',
      });
      assert.equal(response.statusCode, 413);
      assert.match(parsePage(response.body).text, /The request body is too large\./);
    });

    it('answers a JSON body over the global cap with 413 and a sentence', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'x', description: 'x'.repeat(2 * 1024 * 1024) }),
      });
      assert.equal(response.statusCode, 413);
      assert.match(response.json().message, /^The request body is too large\./);
    });
  });
}
