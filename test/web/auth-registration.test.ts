import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { confirmByMail, lastConfirmationPath, mailTo } from '../helpers/mail.ts';
import { parsePage } from '../helpers/page.ts';
import { startSmtpCapture } from '../helpers/smtp-capture.ts';
import { webClient } from '../helpers/web-client.ts';
import { PASSWORD, pageToken, uniqueEmail } from './auth-pages.ts';

/** A page with the per-response parts taken out: the CSP nonce, and the address the visitor typed. */
const comparable = (body: string, address: string) =>
  body.replaceAll(/nonce="[^"]+"/g, 'nonce=""').replaceAll(address, '<address>');

const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token') ?? '';

for (const dialect of testDialects()) {
  describe(`registration that does not reveal which addresses have accounts [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const registration = (email: string, overrides: Record<string, string> = {}) => ({
      name: 'Ada Lovelace',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      account_type: 'contributor',
      ...overrides,
    });
    const userByEmail = (email: string) =>
      ctx.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    const signIn = (email: string, password = PASSWORD) =>
      webClient(ctx.app).submit('/login', '/login', { email, password });

    it('answers a new and a taken address alike, and mails the link or the owner notice', async () => {
      const owner = await createAccount(ctx.db, {
        name: 'Grace Hopper',
        email: uniqueEmail('owner'),
        password: PASSWORD,
        accountType: 'company',
      });
      const fresh = uniqueEmail('fresh');
      const answers = [];
      for (const email of [fresh, owner.email.toUpperCase()]) {
        const client = webClient(ctx.app);
        const posted = await client.submit('/register', '/register', registration(email));
        const shown = await client.follow(posted);
        answers.push({ email, posted, shown });
      }
      const [toNew, toTaken] = answers;
      assert.equal(toNew.posted.statusCode, 303);
      assert.equal(toTaken.posted.statusCode, toNew.posted.statusCode);
      assert.equal(toTaken.posted.headers.location, '/register/sent');
      assert.equal(toNew.posted.headers.location, '/register/sent');
      assert.equal(toTaken.posted.body, toNew.posted.body);
      assert.equal(toNew.shown.statusCode, 200);
      assert.equal(toTaken.shown.statusCode, 200);
      assert.equal(comparable(toTaken.shown.body, toTaken.email), comparable(toNew.shown.body, toNew.email));
      const sent = parsePage(toNew.shown.body);
      assert.ok(
        sent.text.includes(`We sent a link to ${fresh} to confirm it; open it to finish signing up.`),
        sent.text,
      );

      // The e-mails differ: a link for the new address; a notice, no link, for the owner.
      const [confirmation] = await mailTo(ctx.deps, fresh);
      assert.match(confirmation.subject, /Confirm your e-mail address/);
      assert.match(confirmation.text, /\/register\/confirm\?token=[A-Za-z0-9_-]{43}/);
      const notices = await mailTo(ctx.deps, owner.email);
      assert.equal(notices.length, 1);
      assert.equal(notices[0].subject, 'Someone tried to create a Guild account with your address');
      assert.match(notices[0].text, /If it was you, sign in instead:\s+http:\/\/localhost:3000\/login/);
      assert.doesNotMatch(notices[0].text, /token=/);

      // The owner's account is as it was: same name, type, password, no second account.
      const after = await userByEmail(owner.email);
      assert.deepEqual(after, owner);
      const sameAddress = await ctx.db.selectFrom('users').select('id').where('email', '=', owner.email).execute();
      assert.equal(sameAddress.length, 1);
      assert.equal((await signIn(owner.email)).statusCode, 303, 'the owner still signs in with their password');
    });

    it('signs in with the link once; the address is then verified and the password works', async () => {
      const email = uniqueEmail('once');
      const client = webClient(ctx.app);
      await client.submit('/register', '/register', registration(email, { account_type: 'company' }));
      assert.equal((await userByEmail(email))?.email_verified_at, null);
      const link = await lastConfirmationPath(ctx.deps, email);

      const opened = await client.get(link);
      assert.equal(opened.statusCode, 200);
      assert.equal(opened.headers['cache-control'], 'no-store');
      assert.equal(parsePage(opened.body).form('/register/confirm').hiddenValue('token'), tokenOf(link));
      assert.equal(pageToken(opened.body), null, 'opening the link alone signs nobody in');

      const confirmed = await confirmByMail(client, ctx.deps, email);
      assert.equal(confirmed.statusCode, 303);
      assert.equal(confirmed.headers.location, '/company/profile');
      const token = pageToken((await client.get('/dashboard')).body);
      const me = await apiClient(ctx.app, token ?? '').get('/api/user');
      assert.equal(me.statusCode, 200);
      assert.equal(me.data.email, email);
      assert.notEqual((await userByEmail(email))?.email_verified_at, null);

      // Used again, by someone else or by the same browser.
      for (const [again, formPage] of [
        [webClient(ctx.app), '/register'],
        [client, '/dashboard'],
      ] as const) {
        const reopened = await again.get(link);
        assert.equal(reopened.statusCode, 400);
        assert.match(parsePage(reopened.body).text, /This link does not work: it was already used/);
        const reused = await again.submit(formPage, '/register/confirm', { token: tokenOf(link) });
        assert.equal(reused.statusCode, 400);
        assert.match(parsePage(reused.body).text, /This link does not work/);
      }
      assert.equal((await signIn(email)).statusCode, 303);
    });

    it('refuses an expired, a forged and an altered link with a plain 400 page', async () => {
      const email = uniqueEmail('expired');
      await webClient(ctx.app).submit('/register', '/register', registration(email));
      const link = await lastConfirmationPath(ctx.deps, email);
      const secret = tokenOf(link);
      const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      for (const [token, message] of [
        [crypto.randomBytes(32).toString('base64url'), /This link does not work/],
        [altered, /This link does not work/],
        ['not-a-token', /This link does not work/],
        ['', /This link does not work/],
      ] as const) {
        const opened = await webClient(ctx.app).get(`/register/confirm?token=${encodeURIComponent(token)}`);
        assert.equal(opened.statusCode, 400, token);
        assert.match(opened.headers['content-type'] as string, /^text\/html/);
        assert.match(parsePage(opened.body).text, message);
        const used = await webClient(ctx.app).submit('/register', '/register/confirm', { token });
        assert.equal(used.statusCode, 400, token);
        assert.equal(pageToken(used.body), null);
      }

      const user = await userByEmail(email);
      await ctx.db
        .updateTable('email_confirmations')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user?.id ?? 0)
        .execute();
      const opened = await webClient(ctx.app).get(link);
      assert.equal(opened.statusCode, 400);
      assert.match(parsePage(opened.body).text, /This link has expired: links work for 24 hours/);
      const used = await webClient(ctx.app).submit('/register', '/register/confirm', { token: secret });
      assert.equal(used.statusCode, 400);
      assert.equal(pageToken(used.body), null);
      assert.equal((await userByEmail(email))?.email_verified_at, null);
    });

    it('refuses a password sign-in before the address is confirmed, and sends a new link on request', async () => {
      const email = uniqueEmail('early');
      await webClient(ctx.app).submit('/register', '/register', registration(email));
      const firstLink = await lastConfirmationPath(ctx.deps, email);

      const wrong = await signIn(email, 'not the password at all');
      assert.ok(
        parsePage(wrong.body)
          .alerts()
          .includes(
            'The email address or password is wrong. Check both, or use “Forgot your password?” to set a new password.',
          ),
      );
      const client = webClient(ctx.app);
      const early = await client.submit('/login', '/login', { email, password: PASSWORD });
      assert.equal(early.statusCode, 403);
      assert.equal(pageToken(early.body), null);
      const page = parsePage(early.body);
      assert.ok(
        page.alerts().includes('Confirm your e-mail address first: open the link we sent to it when you registered.'),
      );
      const resend = page.form('/register/resend');
      assert.equal(resend.hiddenValue('email'), email);

      const asked = await client.post('/register/resend', { _csrf: resend.hiddenValue('_csrf') ?? '', email });
      assert.equal(asked.headers.location, '/register/sent');
      assert.match(parsePage((await client.follow(asked)).body).text, /we sent a new link to it/);
      const secondLink = await lastConfirmationPath(ctx.deps, email);
      assert.notEqual(secondLink, firstLink);
      assert.equal((await webClient(ctx.app).get(firstLink)).statusCode, 400, 'the new link replaces the old one');
      assert.equal((await confirmByMail(webClient(ctx.app), ctx.deps, email)).statusCode, 303);
      assert.equal((await signIn(email)).statusCode, 303);
    });

    it('answers "send me a new link" alike for every address, and mails only an unconfirmed account', async () => {
      const confirmed = await createAccount(ctx.db, {
        name: 'Done',
        email: uniqueEmail('done'),
        password: PASSWORD,
        accountType: 'contributor',
      });
      for (const email of [confirmed.email, uniqueEmail('nobody')]) {
        const client = webClient(ctx.app);
        const asked = await client.submit('/login', '/register/resend', { email });
        assert.equal(asked.statusCode, 303);
        assert.equal(asked.headers.location, '/register/sent');
        assert.deepEqual(await mailTo(ctx.deps, email), []);
      }
    });

    it('lets a new registration replace an account nobody confirmed; only the newest link works', async () => {
      const email = uniqueEmail('squatted');
      await webClient(ctx.app).submit('/register', '/register', registration(email, { name: 'Squatter' }));
      const squatterLink = await lastConfirmationPath(ctx.deps, email);
      const owner = webClient(ctx.app);
      const replaced = await owner.submit(
        '/register',
        '/register',
        registration(email, {
          name: 'Rightful Owner',
          account_type: 'company',
          password: 'violet lantern orbit 58',
          password_confirmation: 'violet lantern orbit 58',
        }),
      );
      assert.equal(replaced.headers.location, '/register/sent');
      assert.equal((await webClient(ctx.app).get(squatterLink)).statusCode, 400);
      assert.equal((await confirmByMail(owner, ctx.deps, email)).headers.location, '/company/profile');
      const user = await userByEmail(email);
      assert.equal(user?.name, 'Rightful Owner');
      assert.equal((await signIn(email)).statusCode, 422, "the first registrant's password is gone");
      assert.equal((await signIn(email, 'violet lantern orbit 58')).statusCode, 303);
    });

    it('keeps the rules on what was typed: a weak password or a mismatch is refused the same for any address', async () => {
      const owner = await createAccount(ctx.db, {
        name: 'Weak Test',
        email: uniqueEmail('weak'),
        password: PASSWORD,
        accountType: 'company',
      });
      const bodies = [];
      for (const email of [uniqueEmail('weak-new'), owner.email]) {
        const response = await webClient(ctx.app).submit(
          '/register',
          '/register',
          registration(email, { password: 'password1', password_confirmation: 'password1' }),
        );
        assert.equal(response.statusCode, 422);
        bodies.push(comparable(response.body, email).replaceAll(/name="_csrf" value="[^"]+"/g, ''));
      }
      assert.equal(bodies[0], bodies[1]);
    });
  });
}

describe('registration mail through a real SMTP server', () => {
  it('delivers the confirmation link, and answers 503 alike when the server refuses', async () => {
    const smtp = await startSmtpCapture();
    const ctx = await createTestContext('sqlite', { SMTP_URL: smtp.url, MAIL_FROM: 'Guild <guild@example.test>' });
    try {
      const email = uniqueEmail('smtp');
      const client = webClient(ctx.app);
      const posted = await client.submit('/register', '/register', {
        name: 'Mail Person',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        account_type: 'contributor',
      });
      assert.equal(posted.headers.location, '/register/sent');
      const [mail] = smtp.messages;
      assert.equal(mail.subject, 'Confirm your e-mail address to finish signing up to Guild');
      const link = /http:\/\/localhost:3000(\/register\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
      assert.ok(link, mail.text);
      const confirmed = await client.submit(link[1], '/register/confirm', { token: tokenOf(link[1]) });
      assert.equal(confirmed.headers.location, '/profile');

      smtp.refuse = true;
      const refused = [];
      for (const address of [uniqueEmail('refused'), email]) {
        const response = await webClient(ctx.app).submit('/register', '/register', {
          name: 'Mail Person',
          email: address,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          account_type: 'contributor',
        });
        assert.equal(response.statusCode, 503);
        assert.match(parsePage(response.body).text, /We could not send the e-mail just now/);
        refused.push(comparable(response.body, address));
      }
      assert.equal(refused[0], refused[1]);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});
