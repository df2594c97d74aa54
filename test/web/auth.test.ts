import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';
import { confirmByMail } from '../helpers/mail.ts';
import { parsePage } from '../helpers/page.ts';
import { type WebClient, webClient } from '../helpers/web-client.ts';
import { errorNextTo, PASSWORD, pageToken, uniqueEmail } from './auth-pages.ts';

for (const dialect of testDialects()) {
  describe(`web registration and sign-in [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const registration = (overrides: Record<string, string> = {}) => ({
      name: 'Ada Lovelace',
      email: uniqueEmail('ada'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      account_type: 'contributor',
      ...overrides,
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

    it('shows every validation message next to its field at once, keeping what was typed', async () => {
      const client = webClient(ctx.app);
      const response = await client.submit('/register', '/register', {
        name: '',
        email: 'not-an-email',
        password: 'short',
        password_confirmation: '',
        account_type: 'admin',
      });
      assert.equal(response.statusCode, 422);
      assert.match(response.headers['content-type'] as string, /^text\/html/);
      assert.equal(errorNextTo(response.body, 'name'), 'The name field is required.');
      assert.equal(errorNextTo(response.body, 'email'), 'The email must be a valid email address.');
      assert.equal(errorNextTo(response.body, 'password'), 'The password must be at least 8 characters.');
      assert.equal(errorNextTo(response.body, 'password_confirmation'), 'Please confirm your password.');
      assert.equal(
        errorNextTo(response.body, 'account_type'),
        'The account type must be one of: company, contributor.',
      );
      const page = parsePage(response.body);
      assert.equal(page.control('Email').value, 'not-an-email', 'the email is kept');
      assert.equal(page.control('Password').value, '', 'a password is never sent back');
      assert.equal(page.control('Confirm password').value, '');
      assert.ok(page.alerts().includes('Please correct the fields marked below.'));
    });

    it('refuses a password confirmation that does not match', async () => {
      const mismatch = await webClient(ctx.app).submit(
        '/register',
        '/register',
        registration({ password_confirmation: 'something else' }),
      );
      assert.equal(mismatch.statusCode, 422);
      assert.equal(errorNextTo(mismatch.body, 'password_confirmation'), 'The password confirmation does not match.');
    });

    for (const [type, landing] of [
      ['contributor', '/profile'],
      ['company', '/company/profile'],
    ] as const) {
      it(`registers a ${type}; the link in the e-mail signs them in and hands the page a token that works on the API`, async () => {
        const client = webClient(ctx.app);
        const form = registration({ account_type: type, email: uniqueEmail(type) });
        const response = await client.submit('/register', '/register', form);
        assert.equal(response.statusCode, 303);
        assert.equal(response.headers.location, '/register/sent');
        assert.equal((await client.get('/dashboard')).statusCode, 303, 'not signed in before the link');
        const confirmed = await confirmByMail(client, ctx.deps, form.email);
        assert.equal(confirmed.statusCode, 303);
        assert.equal(confirmed.headers.location, landing);
        const dashboard = await client.get('/dashboard');
        assert.equal(dashboard.statusCode, 200);
        const token = pageToken(dashboard.body);
        assert.ok(token, 'the layout writes localStorage.api_token');
        const me = await apiClient(ctx.app, token).get('/api/user');
        assert.equal(me.statusCode, 200);
        assert.equal(me.data.email, form.email);
        assert.equal(me.data.account_type, type);
      });
    }

    it('refuses a registration without a valid CSRF token with a 403 page, and creates no account', async () => {
      const client = webClient(ctx.app);
      await client.get('/register');
      const before = await userCount();
      for (const csrf of [undefined, 'forged-token']) {
        const response = await client.post('/register', { ...registration(), ...(csrf ? { _csrf: csrf } : {}) });
        assert.equal(response.statusCode, 403);
        assert.match(response.headers['content-type'] as string, /^text\/html/);
        assert.match(parsePage(response.body).text, /This form has expired or did not come from this site/);
      }
      assert.equal(await userCount(), before);
    });

    describe('sign-in', () => {
      let email: string;
      before(async () => {
        email = uniqueEmail('signin');
        await createAccount(ctx.db, { name: 'Grace', email, password: PASSWORD, accountType: 'contributor' });
      });

      const signIn = (client: WebClient, fields: Record<string, string>) => client.submit('/login', '/login', fields);

      it('says the credentials do not match, for a wrong password and for an unknown email alike', async () => {
        for (const fields of [
          { email, password: 'wrong password' },
          { email: uniqueEmail('nobody'), password: PASSWORD },
        ]) {
          const response = await signIn(webClient(ctx.app, { ip: '10.0.0.9' }), fields);
          assert.equal(response.statusCode, 422);
          const page = parsePage(response.body);
          assert.ok(
            page
              .alerts()
              .includes(
                'The email address or password is wrong. Check both, or use “Forgot your password?” to set a new password.',
              ),
          );
          assert.equal(page.control('Email').value, fields.email, 'the email is kept');
          assert.equal(page.control('Password').value, '');
          assert.equal(pageToken(response.body), null);
        }
      });

      it('signs in with the right password, in any letter case, and redirects to the dashboard', async () => {
        const client = webClient(ctx.app);
        const response = await signIn(client, { email: email.toUpperCase(), password: PASSWORD });
        assert.equal(response.statusCode, 303);
        assert.equal(response.headers.location, '/dashboard');
        const token = pageToken((await client.get('/dashboard')).body);
        assert.equal((await apiClient(ctx.app, token ?? '').get('/api/user')).statusCode, 200);
        assert.equal((await client.get('/login')).headers.location, '/dashboard', 'a signed-in visitor skips the form');
      });

      it('returns to a local `next` page only; other sites and odd paths go to the dashboard', async () => {
        const page = await webClient(ctx.app).get('/login?next=%2Fchallenges%2F5');
        assert.equal(parsePage(page.body).form('/login').hiddenValue('next'), '/challenges/5');
        const cases: Array<[string, string]> = [
          ['/challenges/5?tab=tasks', '/challenges/5?tab=tasks'],
          ['//evil.com', '/dashboard'],
          ['https://evil.com', '/dashboard'],
          ['/\\evil.com', '/dashboard'],
          ['javascript:alert(1)', '/dashboard'],
          ['', '/dashboard'],
        ];
        for (const [next, expected] of cases) {
          const response = await signIn(webClient(ctx.app), { email, password: PASSWORD, next });
          assert.equal(response.headers.location, expected, `next=${next}`);
        }
        const outside = await webClient(ctx.app).get('/login?next=%2F%2Fevil.com');
        assert.equal(parsePage(outside.body).form('/login').hiddenValue('next'), '/dashboard');
      });

      it('does not sign in an account without a password (LinkedIn only) or a deactivated one', async () => {
        const linkedinOnly = await createUser(ctx.db, 'contributor', {
          email: uniqueEmail('li'),
          linkedin_id: 'li-only',
        });
        const noPassword = await signIn(webClient(ctx.app), { email: linkedinOnly.email, password: PASSWORD });
        assert.equal(noPassword.statusCode, 422);
        assert.ok(
          parsePage(noPassword.body)
            .alerts()
            .includes(
              'The email address or password is wrong. Check both, or use “Forgot your password?” to set a new password.',
            ),
        );

        const deactivatedEmail = uniqueEmail('gone');
        const user = await createAccount(ctx.db, {
          name: 'Gone',
          email: deactivatedEmail,
          password: PASSWORD,
          accountType: 'company',
        });
        await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
        const deactivated = await signIn(webClient(ctx.app), { email: deactivatedEmail, password: PASSWORD });
        assert.equal(deactivated.statusCode, 422);
        assert.ok(
          parsePage(deactivated.body)
            .alerts()
            .includes(
              'This account has been deactivated, so it cannot sign in. Contact the Guild team if you think this is a mistake.',
            ),
        );
        assert.equal(pageToken(deactivated.body), null);
      });

      it('refuses a sign-in without a valid CSRF token', async () => {
        const client = webClient(ctx.app);
        await client.get('/login');
        const response = await client.post('/login', { email, password: PASSWORD, _csrf: 'forged' });
        assert.equal(response.statusCode, 403);
        assert.equal(pageToken((await client.get('/')).body), null);
      });
    });
  });
}
