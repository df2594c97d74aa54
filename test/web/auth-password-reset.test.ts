import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createToken } from '../../src/modules/auth/tokens.service.ts';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { lastResetPath, mailTo } from '../helpers/mail.ts';
import { parsePage } from '../helpers/page.ts';
import { startSmtpCapture } from '../helpers/smtp-capture.ts';
import { webClient } from '../helpers/web-client.ts';
import { errorNextTo, PASSWORD, uniqueEmail } from './auth-pages.ts';

const NEW_PASSWORD = 'lantern orchard velvet';
const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token') ?? '';
/** A page with the per-response parts taken out: the CSP nonce, the CSRF token, and the address typed. */
const comparable = (body: string, address: string) =>
  body
    .replaceAll(/nonce="[^"]+"/g, 'nonce=""')
    .replaceAll(/name="_csrf" value="[^"]+"/g, '')
    .replaceAll(address, '<address>');

for (const dialect of testDialects()) {
  describe(`password reset by e-mail [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const account = (prefix: string) =>
      createAccount(ctx.db, {
        name: 'Ada Lovelace',
        email: uniqueEmail(prefix),
        password: PASSWORD,
        accountType: 'contributor',
      });
    const tokensOf = (userId: number) =>
      ctx.db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', userId).execute();
    const ask = (email: string) => webClient(ctx.app).submit('/forgot-password', '/forgot-password', { email });
    const signIn = (email: string, password: string) =>
      webClient(ctx.app).submit('/login', '/login', { email, password });
    const choose = (client: ReturnType<typeof webClient>, link: string, password: string, confirmation = password) =>
      client.submit(link, '/reset-password', {
        token: tokenOf(link),
        password,
        password_confirmation: confirmation,
      });

    it('is linked from the sign-in page', async () => {
      const page = parsePage((await webClient(ctx.app).get('/login')).body);
      assert.equal(page.link('Forgot your password?').href, '/forgot-password');
    });

    it('answers an address with and without an account alike, and mails the link or a note', async () => {
      const user = await account('known');
      const unknown = uniqueEmail('unknown');
      const answers = [];
      for (const email of [user.email, unknown]) {
        const client = webClient(ctx.app);
        const posted = await client.submit('/forgot-password', '/forgot-password', { email });
        answers.push({ email, posted, shown: await client.follow(posted) });
      }
      const [known, stranger] = answers;
      assert.equal(known.posted.statusCode, 303);
      assert.equal(known.posted.headers.location, '/forgot-password/sent');
      assert.equal(stranger.posted.statusCode, 303);
      assert.equal(stranger.posted.headers.location, '/forgot-password/sent');
      assert.equal(known.shown.statusCode, 200);
      assert.equal(comparable(known.shown.body, known.email), comparable(stranger.shown.body, stranger.email));
      assert.ok(parsePage(known.shown.body).text.includes(`We sent an e-mail to ${user.email} with what to do next.`));

      const [link] = await mailTo(ctx.deps, user.email);
      assert.equal(link.subject, 'Reset your Guild password');
      assert.match(link.text, /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
      assert.match(link.text, /within 1 hour/);
      const [note] = await mailTo(ctx.deps, unknown);
      assert.equal(note.subject, 'Reset your Guild password');
      assert.match(note.text, /no active Guild account uses it/);
      assert.doesNotMatch(note.text, /token=/);
    });

    it('sets a new password through the policy, signs in, revokes every other token and session, and works once', async () => {
      const user = await account('reset');
      const otherDevice = await signIn(user.email, PASSWORD);
      assert.equal(otherDevice.headers.location, '/dashboard');
      const otherSession = webClient(ctx.app);
      await otherSession.submit('/login', '/login', { email: user.email, password: PASSWORD });
      assert.equal((await otherSession.get('/dashboard')).statusCode, 200);
      assert.equal((await tokensOf(user.id)).length, 2);

      await ask(user.email);
      const link = await lastResetPath(ctx.deps, user.email);
      const client = webClient(ctx.app);
      const form = await client.get(link);
      assert.equal(form.statusCode, 200);
      assert.equal(form.headers['cache-control'], 'no-store');
      assert.deepEqual(parsePage(form.body).headings(1), ['Choose a new password']);

      // The policy, and a refusal leaves the link working.
      const weak = await choose(client, link, 'password1');
      assert.equal(weak.statusCode, 422);
      assert.match(errorNextTo(weak.body, 'password'), /too easy to guess/);
      const personal = await choose(client, link, `${user.email.split('@')[0]} rocks`);
      assert.equal(personal.statusCode, 422);
      assert.match(errorNextTo(personal.body, 'password'), /must not contain your email address or name/);
      const mismatch = await choose(client, link, NEW_PASSWORD, 'something else entirely');
      assert.equal(mismatch.statusCode, 422);
      assert.equal(errorNextTo(mismatch.body, 'password_confirmation'), 'The password confirmation does not match.');

      const done = await choose(client, link, NEW_PASSWORD);
      assert.equal(done.statusCode, 303);
      assert.equal(done.headers.location, '/dashboard');
      const dashboard = await client.follow(done);
      assert.equal(dashboard.statusCode, 200);
      assert.match(parsePage(dashboard.body).text, /Your password is changed and you are signed in/);

      // Every token from before is gone: the other browser is signed out, the old password no longer works.
      assert.equal((await tokensOf(user.id)).length, 1, 'only the token of the browser that reset');
      const other = await otherSession.get('/dashboard');
      assert.equal(other.statusCode, 303);
      assert.match(String(other.headers.location), /^\/login/);
      assert.equal((await signIn(user.email, PASSWORD)).statusCode, 422);
      assert.equal((await signIn(user.email, NEW_PASSWORD)).headers.location, '/dashboard');

      // Once only.
      const again = await webClient(ctx.app).get(link);
      assert.equal(again.statusCode, 400);
      assert.match(parsePage(again.body).text, /already used/);
      // Posted with a form token of this site, as a replayed form would be.
      const replay = await client.submit('/forgot-password', '/reset-password', {
        token: tokenOf(link),
        password: 'another fine passphrase',
        password_confirmation: 'another fine passphrase',
      });
      assert.equal(replay.statusCode, 400);

      const notices = (await mailTo(ctx.deps, user.email)).filter(
        (m) => m.subject === 'Your Guild password was changed',
      );
      assert.equal(notices.length, 1);
    });

    it('revokes API tokens too: a bearer token from before the reset is 401', async () => {
      const user = await account('api');
      const bearer = await createToken(ctx.db, user.id, 'script', null);
      assert.equal((await apiClient(ctx.app, bearer).get('/api/user')).statusCode, 200);
      await ask(user.email);
      await choose(webClient(ctx.app), await lastResetPath(ctx.deps, user.email), NEW_PASSWORD);
      assert.equal((await apiClient(ctx.app, bearer).get('/api/user')).statusCode, 401);
    });

    it('refuses an expired, altered or missing link with a page that says what to do', async () => {
      const user = await account('expired');
      await ask(user.email);
      const link = await lastResetPath(ctx.deps, user.email);
      const altered = `/reset-password?token=${tokenOf(link).slice(0, -1)}${tokenOf(link).endsWith('A') ? 'B' : 'A'}`;
      for (const path of [altered, '/reset-password', '/reset-password?token=short']) {
        const page = await webClient(ctx.app).get(path);
        assert.equal(page.statusCode, 400, path);
        assert.match(parsePage(page.body).text, /This link does not work/);
      }
      await ctx.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const expired = await webClient(ctx.app).get(link);
      assert.equal(expired.statusCode, 400);
      assert.match(parsePage(expired.body).text, /This link has expired: reset links work for 1 hour/);
      const used = await choose(webClient(ctx.app), link, NEW_PASSWORD).catch(() => null);
      assert.equal(used, null, 'the expired link shows no form to submit');
      assert.equal((await signIn(user.email, PASSWORD)).headers.location, '/dashboard', 'the password is unchanged');
    });

    it('mails one link a minute per account at most; a newer link replaces the older one', async () => {
      const user = await account('flood');
      await ask(user.email);
      await ask(user.email);
      const mails = (await mailTo(ctx.deps, user.email)).filter((m) => m.subject === 'Reset your Guild password');
      assert.equal(mails.length, 1);
      const first = await lastResetPath(ctx.deps, user.email);
      await ctx.db
        .updateTable('password_resets')
        .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      await ask(user.email);
      const second = await lastResetPath(ctx.deps, user.email);
      assert.notEqual(second, first);
      assert.equal((await webClient(ctx.app).get(first)).statusCode, 400, 'the older link no longer works');
      assert.equal((await webClient(ctx.app).get(second)).statusCode, 200);
    });

    it('treats a deactivated account as no account, and confirms an address whose confirmation was pending', async () => {
      const gone = await account('deactivated');
      await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
      await ask(gone.email);
      const [note] = await mailTo(ctx.deps, gone.email);
      assert.match(note.text, /no active Guild account uses it/);

      const pending = await account('pending');
      await ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', pending.id).execute();
      await ask(pending.email);
      const done = await choose(webClient(ctx.app), await lastResetPath(ctx.deps, pending.email), NEW_PASSWORD);
      assert.equal(done.headers.location, '/dashboard');
      const row = await ctx.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('id', '=', pending.id)
        .executeTakeFirstOrThrow();
      assert.notEqual(row.email_verified_at, null);
    });

    it('says what is wrong with an empty or overlong address, next to the field', async () => {
      const empty = await ask('  ');
      assert.equal(empty.statusCode, 422);
      assert.equal(errorNextTo(empty.body, 'email'), 'Enter the e-mail address of your account.');
      const long = await ask(`${'a'.repeat(250)}@example.test`);
      assert.equal(long.statusCode, 422);
      assert.equal(errorNextTo(long.body, 'email'), 'The email must not be greater than 254 characters.');
    });

    it('refuses a post without the form’s CSRF token', async () => {
      const response = await webClient(ctx.app).post('/forgot-password', { email: 'someone@example.test' });
      assert.equal(response.statusCode, 403);
    });
  });
}

describe('password reset through a real SMTP server on loopback', () => {
  it('mails the link through SMTP_URL, and the link from that mail resets the password', async () => {
    const smtp = await startSmtpCapture();
    const ctx = await createTestContext('sqlite', { SMTP_URL: smtp.url, MAIL_FROM: 'Guild <guild@example.test>' });
    try {
      const user = await createAccount(ctx.db, {
        name: 'Mail Person',
        email: uniqueEmail('smtp-reset'),
        password: PASSWORD,
        accountType: 'company',
      });
      const client = webClient(ctx.app);
      await client.submit('/forgot-password', '/forgot-password', { email: user.email });
      const [mail] = smtp.messages.splice(0);
      assert.equal(mail.subject, 'Reset your Guild password');
      assert.deepEqual(mail.from?.value, [{ name: 'Guild', address: 'guild@example.test' }]);
      const link = /http:\/\/localhost:3000(\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
      assert.ok(link, mail.text);
      const done = await client.submit(link[1], '/reset-password', {
        token: tokenOf(link[1]),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      assert.equal(done.headers.location, '/dashboard');
      assert.deepEqual(
        smtp.messages.map((message) => message.subject),
        ['Your Guild password was changed'],
      );

      // A mail server that refuses: the same page for an address with and without an account.
      smtp.refuse = true;
      const pages = [];
      for (const email of [user.email, uniqueEmail('smtp-stranger')]) {
        const refused = await webClient(ctx.app).submit('/forgot-password', '/forgot-password', { email });
        assert.equal(refused.statusCode, 503);
        pages.push(comparable(refused.body, email));
      }
      assert.equal(pages[0], pages[1]);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});
