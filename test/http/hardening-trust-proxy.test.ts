import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount as registerAccount } from '../../src/modules/users/users.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';
import { loggedRequest } from '../helpers/log-capture.ts';
import { cookieHeader, csrfTokenOf, rememberCookies } from '../helpers/web-client.ts';
import { PASSWORD, uniqueEmail } from '../web/auth-pages.ts';

/**
 * Issue 10, item 4: X-Forwarded-* headers are believed only from the proxies TRUST_PROXY names (addresses, ranges or a
 * hop count), never from any client. What Fastify believed shows in the request's log line (its host and client
 * address); the client address shows in the sign-in lock too. (Page links no longer show it: they are built on
 * APP_URL, test/http/hardening-page-links.test.ts.)
 */
const FORWARDED = {
  'x-forwarded-for': '198.51.100.23',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'guild.example.org',
};
const BELIEVED = { host: 'guild.example.org', remoteAddress: '198.51.100.23' };

for (const dialect of testDialects()) {
  /** The host and client address the app believed for a request from `remoteAddress` carrying FORWARDED. */
  const believed = async (ctx: TestContext, token: string, remoteAddress: string) => {
    const { host, remoteAddress: client } = await loggedRequest(ctx.app, async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications',
        remoteAddress,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...FORWARDED },
      });
      assert.equal(response.statusCode, 200, response.body);
    });
    return { host, remoteAddress: client };
  };

  const settings: Array<{ trustProxy: string | null; believedFrom: string[]; ignoredFrom: string[] }> = [
    { trustProxy: null, believedFrom: [], ignoredFrom: ['127.0.0.1', '10.0.0.7'] },
    { trustProxy: '127.0.0.1, 10.0.0.0/8', believedFrom: ['127.0.0.1', '10.20.30.40'], ignoredFrom: ['203.0.113.7'] },
    { trustProxy: '1', believedFrom: ['127.0.0.1', '203.0.113.7'], ignoredFrom: [] },
  ];
  for (const { trustProxy, believedFrom, ignoredFrom } of settings) {
    describe(`TRUST_PROXY=${trustProxy ?? '(unset)'} [${dialect}]`, () => {
      let ctx: TestContext;
      let token: string;
      before(async () => {
        ctx = await createTestContext(dialect, {
          LOG_LEVEL: 'info',
          ...(trustProxy === null ? {} : { TRUST_PROXY: trustProxy }),
        });
        ({ token } = await createAccount(ctx.db, 'contributor'));
      });
      after(() => ctx.close());

      it('believes X-Forwarded-* from the configured proxies only', async () => {
        for (const address of believedFrom) assert.deepEqual(await believed(ctx, token, address), BELIEVED, address);
        for (const address of ignoredFrom) {
          assert.deepEqual(
            await believed(ctx, token, address),
            { host: 'localhost:80', remoteAddress: address },
            address,
          );
        }
      });
    });
  }

  describe(`TRUST_PROXY names the proxy: a client cannot pick its address to escape the sign-in lock [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { TRUST_PROXY: '10.0.0.0/8' });
    });
    after(() => ctx.close());

    /** One sign-in from `remoteAddress`, claiming to forward for `claimed`, with the form's CSRF token and cookie. */
    const signIn = async (remoteAddress: string, claimed: string, email: string, password: string) => {
      const cookies = new Map<string, string>();
      const page = await ctx.app.inject({ method: 'GET', url: '/login', remoteAddress });
      rememberCookies(cookies, page.headers['set-cookie']);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress,
        headers: {
          accept: 'text/html',
          cookie: cookieHeader(cookies),
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': claimed,
        },
        payload: new URLSearchParams({ _csrf: csrfTokenOf(page.body), email, password }).toString(),
      });
      return response.statusCode;
    };

    it('locks a direct client whatever X-Forwarded-For it sends', async () => {
      const email = uniqueEmail('proxy');
      await registerAccount(ctx.db, { name: 'Proxy', email, password: PASSWORD, accountType: 'contributor' });
      for (let i = 0; i < 5; i++) {
        assert.equal(await signIn('203.0.113.7', `198.51.100.${i + 1}`, email, 'wrong password'), 422);
      }
      assert.equal(await signIn('203.0.113.7', '198.51.100.99', email, PASSWORD), 429, 'still locked');
    });
  });
}
