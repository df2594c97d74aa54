import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { allowsPlainHttp, createLinkedinClient } from '../../src/modules/auth/linkedin-client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { APP_ORIGIN, isCallback, linkedinTrip, REDIRECT_URI } from './auth-linkedin-flow.ts';
import { pageToken, uniqueEmail } from './auth-pages.ts';

let subjects = 0;
const newSub = () => `li-fail-${process.pid}-${++subjects}`;

/** A loopback port nothing listens on: a provider that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('which LinkedIn issuers Guild accepts', () => {
  it('allows plain http only on the loopback interface, and refuses any other http issuer at start-up', () => {
    for (const url of ['http://127.0.0.1:4000', 'http://localhost:4000/oauth', 'http://[::1]:4000']) {
      assert.equal(allowsPlainHttp(new URL(url)), true, url);
    }
    for (const url of ['https://www.linkedin.com/oauth', 'http://www.linkedin.com/oauth', 'http://127.0.0.1.nip.io']) {
      assert.equal(allowsPlainHttp(new URL(url)), false, url);
    }
    const settings = { clientId: 'id', clientSecret: 'secret', redirectUri: 'https://guild.example/cb' };
    assert.throws(
      () => createLinkedinClient({ ...settings, issuer: 'http://idp.example' }),
      /must be an https:\/\/ URL/,
    );
    assert.doesNotThrow(() => createLinkedinClient({ ...settings, issuer: 'https://www.linkedin.com/oauth' }));
  });
});

for (const dialect of testDialects()) {
  describe(`Sign in with LinkedIn: every failure is a page a person understands [${dialect}]`, () => {
    let idp: TestOidcProvider;
    let ctx: TestContext;
    before(async () => {
      idp = await startOidcProvider();
      idp.registerClient(REDIRECT_URI);
      ctx = await createTestContext(dialect, { APP_URL: APP_ORIGIN, ...idp.env });
    });
    after(async () => {
      await ctx.close();
      await idp.close();
    });

    const userCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** Runs a sign-in up to (not into) the callback: the browser, its trip and the callback URL LinkedIn sent. */
    const upToCallback = async (sub = newSub()) => {
      idp.signInAs({ sub, email: uniqueEmail('fail'), email_verified: true, name: 'Failing' });
      const client = webClient(ctx.app);
      const trip = linkedinTrip(client);
      const stop = await trip.go('/api/auth/linkedin/redirect', isCallback);
      assert.ok(isCallback(new URL(stop.url)), 'the provider sent the browser back to the callback');
      return { client, trip, callback: new URL(stop.url) };
    };

    const assertPage = (stop: { status: number; body: string }, status: number, title: RegExp) => {
      assert.equal(stop.status, status);
      assert.match(stop.body, /^<!doctype html>/, 'an HTML page, not JSON');
      const [heading] = parsePage(stop.body).headings(1);
      assert.match(heading, title);
      assert.equal(pageToken(stop.body), null, 'not signed in');
    };

    it('refuses a callback whose state does not match, and creates nobody', async () => {
      const { trip, callback } = await upToCallback();
      const before = await userCount();
      callback.searchParams.set('state', 'forged-state-forged-state-forged-state');
      assertPage(await trip.go(callback.href), 400, /This sign-in has expired/);
      assert.equal(await userCount(), before);
    });

    it('refuses a callback in a browser that did not start the sign-in, and a replayed callback', async () => {
      const { trip, callback } = await upToCallback();
      const elsewhere = await linkedinTrip(webClient(ctx.app)).go(callback.href);
      assertPage(elsewhere, 400, /This sign-in has expired/);
      const first = await trip.go(callback.href);
      assert.equal(first.url, `${APP_ORIGIN}/dashboard`, 'the right browser signs in once');
      // Same browser, same answer again (e.g. the back button): the sign-in data was used up.
      const again = await trip.go(callback.href);
      assert.equal(again.status, 400);
      assert.deepEqual(parsePage(again.body).headings(1), ['This sign-in has expired']);
    });

    it('explains a refused consent and keeps the requested account type for another try', async () => {
      idp.denyNext();
      const stop = await linkedinTrip(webClient(ctx.app)).go('/api/auth/linkedin/redirect?account_type=company');
      assertPage(stop, 400, /Sign-in with LinkedIn was cancelled/);
      const page = parsePage(stop.body);
      assert.equal(page.link('Try LinkedIn again').href, '/api/auth/linkedin/redirect?account_type=company');
      assert.equal(page.link('Sign in with email and password').href, '/login');
    });

    it('explains an error answer other than a refusal', async () => {
      const { trip, callback } = await upToCallback();
      const answer = new URL(REDIRECT_URI);
      answer.search = new URLSearchParams({
        error: 'server_error',
        state: callback.searchParams.get('state') ?? '',
      }).toString();
      assertPage(await trip.go(answer.href), 400, /LinkedIn did not sign you in/);
    });

    it('explains that LinkedIn is not answering when its token endpoint fails', async () => {
      const { trip, callback } = await upToCallback();
      idp.failTokenEndpoint = true;
      try {
        assertPage(await trip.go(callback.href), 502, /LinkedIn is not answering/);
      } finally {
        idp.failTokenEndpoint = false;
      }
    });

    it('refuses a code that does not verify (already used)', async () => {
      const { trip, callback } = await upToCallback();
      await trip.go(callback.href);
      // A second browser replays the code with its own fresh state: the provider refuses the used code.
      const other = linkedinTrip(webClient(ctx.app));
      idp.signInAs({ sub: newSub(), email: uniqueEmail('x'), email_verified: true });
      const own = await other.go('/api/auth/linkedin/redirect', isCallback);
      const replay = new URL(own.url);
      replay.searchParams.set('code', callback.searchParams.get('code') ?? '');
      assertPage(await other.go(replay.href), 400, /could not be verified/);
    });

    it('creates no account for an email LinkedIn has not verified, and offers registration with a password', async () => {
      const sub = newSub();
      const email = uniqueEmail('fresh');
      idp.signInAs({ sub, email, email_verified: false, name: 'Fresh' });
      const stop = await linkedinTrip(webClient(ctx.app)).go('/api/auth/linkedin/redirect');
      assertPage(stop, 400, /LinkedIn has not verified your email address/);
      assert.equal(parsePage(stop.body).link('Create an account with a password').href, '/register');
      const created = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      assert.equal(created, undefined);
    });

    it('creates no account when LinkedIn does not say whether it verified the email', async () => {
      const email = uniqueEmail('absent');
      idp.signInAs({ sub: newSub(), email, name: 'Absent' });
      const stop = await linkedinTrip(webClient(ctx.app)).go('/api/auth/linkedin/redirect');
      assertPage(stop, 400, /LinkedIn has not verified your email address/);
      const created = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      assert.equal(created, undefined);
    });

    it('refuses a member whose LinkedIn profile has no email address', async () => {
      idp.signInAs({ sub: newSub(), name: 'No Email' });
      const stop = await linkedinTrip(webClient(ctx.app)).go('/api/auth/linkedin/redirect');
      assertPage(stop, 400, /LinkedIn did not share your email address/);
    });

    it('explains that LinkedIn is not answering when discovery fails', async () => {
      const down = await createTestContext(dialect, {
        LINKEDIN_CLIENT_ID: 'id',
        LINKEDIN_CLIENT_SECRET: 'secret',
        LINKEDIN_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      });
      try {
        const response = await webClient(down.app).get('/api/auth/linkedin/redirect');
        assertPage({ status: response.statusCode, body: response.body }, 502, /LinkedIn is not answering/);
      } finally {
        await down.close();
      }
    });

    it('answers 404 JSON on both routes when LinkedIn is not configured, and hides the button', async () => {
      const plain = await createTestContext(dialect);
      try {
        for (const path of ['/api/auth/linkedin/redirect', '/api/auth/linkedin/callback?code=x&state=y']) {
          const response = await plain.app.inject({ method: 'GET', url: path });
          assert.equal(response.statusCode, 404);
          assert.match(response.headers['content-type'] as string, /^application\/json/);
          assert.deepEqual(response.json(), { message: 'LinkedIn sign-in is not configured on this server.' });
        }
        const login = await webClient(plain.app).get('/login');
        const loginPage = parsePage(login.body);
        assert.doesNotMatch(loginPage.text, /LinkedIn/);
        assert.ok(!loginPage.hrefs().some((href) => href.includes('linkedin')));
      } finally {
        await plain.close();
      }
    });
  });
}
