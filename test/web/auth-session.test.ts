import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createToken, forgetTokensOfUser } from '../../src/modules/auth/tokens.service.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { parsePage } from '../helpers/page.ts';
import { csrfTokenOf, webClient } from '../helpers/web-client.ts';
import { PASSWORD, pageToken, uniqueEmail } from './auth-pages.ts';

/** The Set-Cookie header of the session cookie, from a response that sets it. */
function sessionCookie(setCookie: string | string[] | undefined): string {
  const headers = typeof setCookie === 'string' ? [setCookie] : (setCookie ?? []);
  const header = headers.find((value) => value.startsWith('guild_session='));
  assert.ok(header, 'the response sets the session cookie');
  return header;
}

for (const dialect of testDialects()) {
  describe(`the browser session [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A browser signed in through the login form, with the token its pages hand over. */
    const signedIn = async () => {
      const email = uniqueEmail('session');
      const user = await createAccount(ctx.db, { name: 'Sam', email, password: PASSWORD, accountType: 'contributor' });
      const client = webClient(ctx.app);
      const response = await client.submit('/login', '/login', { email, password: PASSWORD });
      assert.equal(response.statusCode, 303);
      const token = pageToken((await client.get('/dashboard')).body);
      assert.ok(token);
      return { client, token, user, setCookie: response.headers['set-cookie'] };
    };
    /** A second browser signed in to the same account. */
    const signIn = async (email: string) => {
      const client = webClient(ctx.app);
      assert.equal((await client.submit('/login', '/login', { email, password: PASSWORD })).statusCode, 303);
      const token = pageToken((await client.get('/dashboard')).body);
      assert.ok(token);
      return { client, token };
    };

    it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, not Secure over plain http', async () => {
      const { setCookie } = await signedIn();
      const cookie = sessionCookie(setCookie);
      assert.match(cookie, /; HttpOnly/i);
      assert.match(cookie, /; SameSite=Lax/i);
      assert.match(cookie, /; Path=\//);
      assert.doesNotMatch(cookie, /; Secure/i);
    });

    it('marks the session cookie Secure when the app is served over https', async () => {
      const secure = await createTestContext(dialect, { APP_URL: 'https://guild.example' });
      try {
        const page = await webClient(secure.app).get('/login');
        const cookie = sessionCookie(page.headers['set-cookie']);
        assert.match(cookie, /; Secure/i);
        assert.match(cookie, /; HttpOnly/i);
        assert.match(cookie, /; SameSite=Lax/i);
      } finally {
        await secure.close();
      }
    });

    it('never keeps the password or the token readable in the cookie', async () => {
      const { setCookie, token } = await signedIn();
      const cookie = sessionCookie(setCookie);
      assert.ok(!cookie.includes(token.split('|')[1]), 'the session is sealed');
      assert.ok(!cookie.includes(encodeURIComponent(PASSWORD)));
    });

    it("Sign out ends this browser's session and its token only: another browser and integrations stay signed in", async () => {
      const { client, token, user } = await signedIn();
      const other = await signIn(user.email);
      const cliToken = await createToken(ctx.db, user.id, 'integration', null);
      const logout = await client.submit('/dashboard', '/logout', {});
      assert.equal(logout.statusCode, 303);
      assert.equal(logout.headers.location, '/signed-out');
      const landing = await client.follow(logout);
      assert.equal(landing.statusCode, 200);
      assert.equal(pageToken(landing.body), null, 'the landing page removes localStorage.api_token');
      assert.deepEqual(parsePage(landing.body).headings(1), ['You are signed out']);
      assert.match(landing.body, /Other browsers and devices where you\s+are signed in stay signed in/);
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 401, "this browser's token");
      const dashboard = await client.get('/dashboard');
      assert.equal(dashboard.statusCode, 303);
      assert.equal(dashboard.headers.location, '/login?next=%2Fdashboard', 'signed out on purpose: no "ended" note');
      for (const kept of [other.token, cliToken]) {
        assert.equal((await apiClient(ctx.app, kept).get('/api/user')).statusCode, 200);
      }
      assert.equal((await other.client.get('/dashboard')).statusCode, 200, 'the other browser is still signed in');
    });

    it('Sign out everywhere is explained on its own page and revokes every token and session of the user', async () => {
      const { client, token, user } = await signedIn();
      const other = await signIn(user.email);
      const cliToken = await createToken(ctx.db, user.id, 'integration', null);
      const explained = await client.get('/account/sign-out-everywhere');
      assert.equal(explained.statusCode, 200);
      assert.deepEqual(parsePage(explained.body).headings(1), ['Sign out everywhere']);
      assert.match(explained.body, /every<\/strong>\s+browser\s+and device/);
      assert.match(explained.body, /revokes every API token of your account/);
      const profile = parsePage((await client.get('/profile')).body);
      assert.equal(
        profile.link('Sign out everywhere…').href,
        '/account/sign-out-everywhere',
        'the profile links to it',
      );

      const logout = await client.submit('/account/sign-out-everywhere', '/logout/everywhere', {});
      assert.equal(logout.statusCode, 303);
      assert.equal(logout.headers.location, '/signed-out?everywhere=1');
      const landing = await client.follow(logout);
      assert.equal(pageToken(landing.body), null);
      assert.match(landing.body, /signed out of every browser and device/);
      for (const revoked of [token, other.token, cliToken]) {
        assert.equal((await apiClient(ctx.app, revoked).get('/api/user')).statusCode, 401);
      }
      const elsewhere = await other.client.get('/dashboard');
      assert.equal(elsewhere.statusCode, 303);
      assert.equal(elsewhere.headers.location, '/login?next=%2Fdashboard&expired=1', 'the other browser is told why');
      const login = await other.client.follow(elsewhere);
      assert.match(login.body, /Your session has ended\. Sign in again to continue\./);
      assert.equal(pageToken(login.body), null);
    });

    it('refuses Sign out everywhere without a valid CSRF token, and stays signed in', async () => {
      const { client, token } = await signedIn();
      await client.get('/dashboard');
      const response = await client.post('/logout/everywhere', { _csrf: 'forged' });
      assert.equal(response.statusCode, 403);
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 200);
    });

    it('the sign-in form says the session ended when sent with expired=1, and goes back to the page after', async () => {
      const { user } = await signedIn();
      const client = webClient(ctx.app);
      const page = await client.get('/login?next=%2Ftasks%2Favailable%3Fpage%3D2&expired=1');
      assert.match(page.body, /Your session has ended\. Sign in again to continue\./);
      assert.doesNotMatch((await client.get('/login')).body, /Your session has ended/);
      const form = parsePage(page.body).form('/login');
      assert.equal(form.hiddenValue('next'), '/tasks/available?page=2');
      const response = await client.post('/login', {
        _csrf: csrfTokenOf(page.body),
        email: user.email,
        password: PASSWORD,
        next: '/tasks/available?page=2',
      });
      assert.equal(response.headers.location, '/tasks/available?page=2');
    });

    it('refuses a logout without a valid CSRF token and stays signed in', async () => {
      const { client, token } = await signedIn();
      const response = await client.post('/logout', { _csrf: 'forged' });
      assert.equal(response.statusCode, 403);
      assert.equal((await apiClient(ctx.app, token).get('/api/user')).statusCode, 200);
      assert.equal((await client.get('/dashboard')).statusCode, 200);
    });

    it('ends the browser session when the API logout revokes its token', async () => {
      const { client, token } = await signedIn();
      assert.equal((await apiClient(ctx.app, token).post('/api/auth/logout')).statusCode, 200);
      const dashboard = await client.get('/dashboard');
      assert.equal(dashboard.statusCode, 303);
      assert.match(String(dashboard.headers.location), /^\/login\?next=/);
      const login = await client.follow(dashboard);
      assert.equal(pageToken(login.body), null, 'the next page removes the dead token');
      assert.deepEqual(parsePage(login.body).headings(1), ['Sign in']);
    });

    it("ends a deactivated user's session", async () => {
      const { client, user } = await signedIn();
      await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
      await forgetTokensOfUser(ctx.db, user.id); // as `guild user:deactivate` does: tokens are cached (issue 11)
      const dashboard = await client.get('/dashboard');
      assert.equal(dashboard.statusCode, 303);
      assert.equal(pageToken((await client.get('/')).body), null);
    });

    it('sends signed-out visitors of a private page to the login form, and back afterwards', async () => {
      const email = uniqueEmail('back');
      await createAccount(ctx.db, { name: 'Back', email, password: PASSWORD, accountType: 'company' });
      const client = webClient(ctx.app);
      const page = await client.get('/dashboard');
      assert.equal(page.headers.location, '/login?next=%2Fdashboard');
      const login = await client.follow(page);
      assert.equal(parsePage(login.body).form('/login').hiddenValue('next'), '/dashboard');
      const response = await client.post('/login', {
        _csrf: csrfTokenOf(login.body),
        email,
        password: PASSWORD,
        next: '/dashboard',
      });
      assert.equal(response.headers.location, '/dashboard');
    });
  });
}
