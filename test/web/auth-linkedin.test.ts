import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createUser, createVolunteer } from '../helpers/factories.ts';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { parsePage } from '../helpers/page.ts';
import { type WebClient, webClient } from '../helpers/web-client.ts';
import { APP_ORIGIN, linkedinTrip, REDIRECT_URI } from './auth-linkedin-flow.ts';
import { PASSWORD, pageToken, uniqueEmail } from './auth-pages.ts';

let subjects = 0;
const newSub = () => `li-${process.pid}-${++subjects}`;

for (const dialect of testDialects()) {
  describe(`Sign in with LinkedIn against a local OpenID Connect server [${dialect}]`, () => {
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

    /** A fresh browser signs in with LinkedIn; returns where it ended and that browser. */
    const signIn = async (start = '/api/auth/linkedin/redirect') => {
      const client = webClient(ctx.app);
      const stop = await linkedinTrip(client).go(start);
      return { client, stop };
    };
    const userWithSub = (sub: string) =>
      ctx.db.selectFrom('users').selectAll().where('linkedin_id', '=', sub).executeTakeFirst();

    it('sends the browser to the provider with state, nonce and a PKCE S256 challenge', async () => {
      const response = await webClient(ctx.app).get('/api/auth/linkedin/redirect');
      assert.equal(response.statusCode, 303);
      const target = new URL(String(response.headers.location));
      assert.equal(target.origin, idp.issuer);
      const query = target.searchParams;
      assert.equal(query.get('client_id'), 'guild-test-client');
      assert.equal(query.get('redirect_uri'), REDIRECT_URI);
      assert.equal(query.get('response_type'), 'code');
      assert.equal(query.get('scope'), 'openid profile email');
      assert.equal(query.get('code_challenge_method'), 'S256');
      for (const name of ['state', 'nonce', 'code_challenge']) assert.ok((query.get(name) ?? '').length >= 32, name);
    });

    it('offers LinkedIn on the sign-in and registration pages', async () => {
      const login = await webClient(ctx.app).get('/login');
      assert.equal(parsePage(login.body).link('Sign in with LinkedIn').href, '/api/auth/linkedin/redirect');
      const register = await webClient(ctx.app).get('/register');
      const registerPage = parsePage(register.body);
      assert.equal(
        registerPage.link('Join with LinkedIn as a company').href,
        '/api/auth/linkedin/redirect?account_type=company',
      );
      assert.equal(
        registerPage.link('Join with LinkedIn as a contributor').href,
        '/api/auth/linkedin/redirect?account_type=contributor',
      );
    });

    it('creates a contributor without a password for a new member, signs them in with a working token', async () => {
      const sub = newSub();
      const email = uniqueEmail('new');
      idp.signInAs({ sub, email, email_verified: true, given_name: 'Lin', family_name: 'Kedin' });
      const { client, stop } = await signIn();
      assert.equal(stop.status, 200);
      assert.equal(stop.url, `${APP_ORIGIN}/dashboard`);
      assert.ok(parsePage(stop.body).statuses().includes('Welcome to Guild! Start by completing your profile.'));
      const user = await userWithSub(sub);
      assert.ok(user);
      assert.equal(user.email, email);
      assert.equal(user.name, 'Lin Kedin');
      assert.equal(user.account_type, 'contributor');
      assert.equal(user.password_hash, null);
      assert.ok(user.email_verified_at, 'an email LinkedIn verified counts as confirmed');
      const me = await apiClient(ctx.app, pageToken(stop.body) ?? '').get('/api/user');
      assert.equal(me.statusCode, 200);
      assert.equal(me.data.id, user.id);
      const token = await ctx.db
        .selectFrom('personal_access_tokens')
        .select('name')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      assert.equal(token.name, 'linkedin login');
      assert.equal((await client.get('/dashboard')).statusCode, 200, 'the browser session is signed in');
    });

    it('creates a company account when a new member asked for one', async () => {
      const sub = newSub();
      idp.signInAs({ sub, email: uniqueEmail('co'), email_verified: true, name: 'Acme Robotics' });
      const { stop } = await signIn('/api/auth/linkedin/redirect?account_type=company');
      assert.equal(stop.url, `${APP_ORIGIN}/dashboard`);
      assert.equal((await userWithSub(sub))?.account_type, 'company');
    });

    /** A browser signed in with a password to `email`. */
    const signedInWithPassword = async (email: string) => {
      const client = webClient(ctx.app);
      const response = await client.submit('/login', '/login', {
        email,
        password: PASSWORD,
        next: '/account/linkedin',
      });
      assert.equal(response.statusCode, 303);
      return client;
    };
    /** That browser presses "Connect LinkedIn" on its account page and comes back from the provider. */
    const connect = async (client: WebClient) => {
      const page = parsePage((await client.get('/account/linkedin')).body);
      assert.deepEqual(page.headings(1), ['Connect LinkedIn']);
      assert.equal(page.form('/account/linkedin').method, 'POST');
      assert.ok(page.buttons().some((button) => button.text === 'Connect LinkedIn'));
      const started = await client.submit('/account/linkedin', '/account/linkedin', {});
      assert.equal(started.statusCode, 303);
      return linkedinTrip(client).go(String(started.headers.location));
    };

    it('never signs in to an existing password account by its email, even verified: explains, changes nothing', async () => {
      const email = uniqueEmail('existing');
      const existing = await createAccount(ctx.db, {
        name: 'Pat',
        email,
        password: PASSWORD,
        accountType: 'contributor',
      });
      const before = await ctx.db.selectFrom('users').select('id').execute();
      const sub = newSub();
      idp.signInAs({ sub, email: email.toUpperCase(), email_verified: true, name: 'Mallory' });
      const { client, stop } = await signIn('/api/auth/linkedin/redirect?account_type=company');
      assert.equal(stop.status, 409);
      const page = parsePage(stop.body);
      assert.deepEqual(page.headings(1), ['An account with this email already exists']);
      assert.match(page.text, /Sign in with your email and password, then connect LinkedIn from your account\./);
      assert.equal(page.link('Sign in with email and password').href, '/login?next=/account/linkedin');
      assert.equal(pageToken(stop.body), null);
      assert.equal((await client.get('/dashboard')).statusCode, 303, 'not signed in');
      assert.equal(await userWithSub(sub), undefined, 'nothing linked or created');
      assert.equal((await ctx.db.selectFrom('users').select('id').execute()).length, before.length);
      const unchanged = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow();
      assert.equal(unchanged.linkedin_id, null);
    });

    it("links a signed-in member's profile page to Connect LinkedIn", async () => {
      const password_hash = await hashPassword(PASSWORD);
      const pages = [
        { create: createVolunteer, profileUrl: '/profile' },
        { create: createCompany, profileUrl: '/company/profile' },
      ];
      for (const { create, profileUrl } of pages) {
        const email = uniqueEmail('profile');
        await create(ctx.db, { user: { email, password_hash } });
        const client = await signedInWithPassword(email);
        const page = parsePage((await client.get(profileUrl)).body);
        assert.equal(page.link('Connect LinkedIn').href, '/account/linkedin', profileUrl);
      }
    });

    it('connects LinkedIn for a member signed in with their password; LinkedIn then signs in to that account', async () => {
      const email = uniqueEmail('connect');
      const existing = await createAccount(ctx.db, {
        name: 'Pat',
        email,
        password: PASSWORD,
        accountType: 'contributor',
      });
      const sub = newSub();
      // The emails need not match: the password proved the account, LinkedIn proved the profile.
      idp.signInAs({ sub, email: uniqueEmail('elsewhere'), email_verified: false, name: 'Pat on LinkedIn' });
      const client = await signedInWithPassword(email);
      const stop = await connect(client);
      assert.equal(stop.status, 200);
      assert.equal(stop.url, `${APP_ORIGIN}/account/linkedin`);
      const page = parsePage(stop.body);
      assert.ok(page.statuses().includes('LinkedIn is connected: you can now sign in with LinkedIn too.'));
      assert.deepEqual(page.headings(1), ['LinkedIn']);
      const user = await userWithSub(sub);
      assert.equal(user?.id, existing.id);
      assert.equal(user?.account_type, 'contributor');
      assert.equal(user?.name, 'Pat');
      assert.equal(user?.email, email);
      assert.equal(user?.password_hash, existing.password_hash);

      idp.signInAs({ sub, email: uniqueEmail('elsewhere'), email_verified: false, name: 'Pat on LinkedIn' });
      const again = await signIn('/api/auth/linkedin/redirect?account_type=company');
      assert.equal(again.stop.url, `${APP_ORIGIN}/dashboard`);
      assert.doesNotMatch(parsePage(again.stop.body).text, /Welcome to Guild!/, 'no welcome for an existing member');
      const me = await apiClient(ctx.app, pageToken(again.stop.body) ?? '').get('/api/user');
      assert.equal(me.data.id, existing.id);
    });

    it('lets only a signed-in member start a connection, with this site’s form', async () => {
      const visitor = await webClient(ctx.app).get('/account/linkedin');
      assert.equal(visitor.statusCode, 303);
      assert.equal(visitor.headers.location, '/login?next=%2Faccount%2Flinkedin');
      const email = uniqueEmail('csrf');
      await createAccount(ctx.db, { name: 'Cee', email, password: PASSWORD, accountType: 'company' });
      const client = await signedInWithPassword(email);
      const forged = await client.post('/account/linkedin', {});
      assert.equal(forged.statusCode, 403);
    });

    it('does not connect a profile that signs in to another account, nor a second profile', async () => {
      const taken = newSub();
      await createUser(ctx.db, 'contributor', { email: uniqueEmail('owner'), linkedin_id: taken });
      const email = uniqueEmail('second');
      const member = await createAccount(ctx.db, {
        name: 'Sec',
        email,
        password: PASSWORD,
        accountType: 'contributor',
      });
      idp.signInAs({ sub: taken, email: uniqueEmail('x'), email_verified: true });
      const client = await signedInWithPassword(email);
      const refused = await connect(client);
      assert.equal(refused.status, 409);
      const refusedPage = parsePage(refused.body);
      assert.deepEqual(refusedPage.headings(1), ['This LinkedIn profile is connected to another account']);
      assert.equal(refusedPage.link('Back to your account').href, '/account/linkedin');
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
      assert.equal(row.linkedin_id, null);

      const own = newSub();
      idp.signInAs({ sub: own, email: uniqueEmail('y'), email_verified: true });
      assert.equal((await connect(client)).url, `${APP_ORIGIN}/account/linkedin`);
      assert.equal((await userWithSub(own))?.id, member.id);
      const page = parsePage((await client.get('/account/linkedin')).body);
      assert.deepEqual(page.headings(1), ['LinkedIn'], 'a connected account is offered no second connection');
      // Posted anyway (with the page's valid CSRF token): a second profile is refused and the first one stays.
      idp.signInAs({ sub: newSub(), email: uniqueEmail('z'), email_verified: true });
      const started = await client.submit('/account/linkedin', '/account/linkedin', {});
      const second = await linkedinTrip(client).go(String(started.headers.location));
      assert.equal(second.status, 409);
      assert.deepEqual(parsePage(second.body).headings(1), ['This account is connected to another LinkedIn profile']);
      assert.equal((await userWithSub(own))?.id, member.id);
    });

    it('finds a returning member by their LinkedIn id, even when their email changed there', async () => {
      const sub = newSub();
      idp.signInAs({ sub, email: uniqueEmail('first'), email_verified: true, name: 'Returning' });
      await signIn();
      const first = await userWithSub(sub);
      idp.signInAs({ sub, email: uniqueEmail('changed'), email_verified: true, name: 'Returning' });
      const { stop } = await signIn();
      assert.equal(stop.url, `${APP_ORIGIN}/dashboard`);
      const me = await apiClient(ctx.app, pageToken(stop.body) ?? '').get('/api/user');
      assert.equal(me.data.id, first?.id);
      assert.equal(me.data.email, first?.email, 'the Guild email is not changed by LinkedIn');
    });

    it('does not let an email LinkedIn has not verified claim an existing account', async () => {
      const email = uniqueEmail('unverified');
      const existing = await createUser(ctx.db, 'company', { email });
      idp.signInAs({ sub: newSub(), email, email_verified: false, name: 'Mallory' });
      const { client, stop } = await signIn();
      assert.equal(stop.status, 400);
      const page = parsePage(stop.body);
      assert.deepEqual(page.headings(1), ['LinkedIn has not verified your email address']);
      assert.match(page.text, /Nothing was created or changed\./);
      assert.equal(pageToken(stop.body), null);
      const unchanged = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow();
      assert.equal(unchanged.linkedin_id, null);
      assert.equal((await client.get('/dashboard')).statusCode, 303, 'not signed in');
    });

    it('refuses a deactivated member with a page that says so', async () => {
      const sub = newSub();
      await createUser(ctx.db, 'contributor', { email: uniqueEmail('off'), linkedin_id: sub, is_active: 0 });
      idp.signInAs({ sub, email: uniqueEmail('off2'), email_verified: true });
      const { stop } = await signIn();
      assert.equal(stop.status, 403);
      assert.deepEqual(parsePage(stop.body).headings(1), ['This account has been deactivated']);
      assert.equal(pageToken(stop.body), null);
    });

    it('reads email and name from UserInfo when the ID token does not carry them', async () => {
      const sub = newSub();
      const email = uniqueEmail('userinfo');
      idp.signInAs({ sub, email, email_verified: true, name: 'Una Info', userinfoOnly: true });
      const { stop } = await signIn();
      assert.equal(stop.url, `${APP_ORIGIN}/dashboard`);
      assert.equal((await userWithSub(sub))?.email, email);
    });
  });
}
