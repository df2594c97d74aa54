import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/modules/users/users.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { filesUnder } from '../helpers/file-fixtures.ts';
import { cookieHeader, csrfTokenOf, rememberCookies } from '../helpers/web-client.ts';
import { PASSWORD, uniqueEmail } from './auth-pages.ts';

/**
 * Issue 10, low list: a forged form post is refused before its body is read (src/web/csrf.ts). Each forged post is
 * sent over real HTTP with a large declared length and only its first bytes: the 403 arrives while the rest is still
 * unsent, so the body was not waited for, and no temp or stored file is left. The forms of this site still work.
 */
const BOUNDARY = 'guildcsrftest';
const FILE_START =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
  'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';
const DECLARED = 5 * 1024 * 1024;

for (const dialect of testDialects()) {
  describe(`CSRF is checked before the body is read [${dialect}]`, () => {
    let ctx: TestContext;
    let port: number;
    let email: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      email = uniqueEmail('csrf');
      await createAccount(ctx.db, { name: 'Csrf', email, password: PASSWORD, accountType: 'contributor' });
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });
    after(() => ctx.close());

    const tempDir = () => path.join(ctx.dataDir, 'tmp');
    const storedFiles = () => filesUnder(ctx.deps.config.storageDir);

    /** A browser's visit to the sign-in form: its session cookie and the form's token. */
    async function openLoginForm() {
      const cookies = new Map<string, string>();
      const page = await ctx.app.inject({ method: 'GET', url: '/login' });
      rememberCookies(cookies, page.headers['set-cookie']);
      return { cookie: cookieHeader(cookies), token: csrfTokenOf(page.body) };
    }

    /**
     * Sends the headers and `start` of a body declared `DECLARED` bytes long, never the rest, and resolves with the
     * answer; a server that waited for the body would never answer (the test would time out).
     */
    function postStart(url: string, headers: Record<string, string>, start: string) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: url,
          headers: { accept: 'text/html', 'content-length': DECLARED, ...headers },
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            resolve({ status: response.statusCode!, body: text });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.write(start);
      });
    }

    const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    it('refuses a cross-site multipart post (no session cookie) before reading it', async () => {
      const answer = await postStart('/login', { ...multipart, 'sec-fetch-site': 'cross-site' }, FILE_START);
      assert.equal(answer.status, 403);
      assert.match(answer.body, /did not come from this site/, 'the page says why');
      const noHeader = await postStart('/login', multipart, FILE_START);
      assert.equal(noHeader.status, 403, 'without Sec-Fetch-Site (an older browser), the missing session decides');
      assert.deepEqual(filesUnder(tempDir()), []);
      assert.deepEqual(storedFiles(), []);
    });

    it('refuses a multipart post from a session without the token in its header, or with a wrong one', async () => {
      const { cookie, token } = await openLoginForm();
      const withField = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n${FILE_START}`;
      for (const headers of [{}, { 'x-csrf-token': 'not-the-token' }] as Array<Record<string, string>>) {
        const answer = await postStart('/login', { ...multipart, ...headers, cookie }, withField);
        assert.equal(answer.status, 403, JSON.stringify(headers));
      }
      assert.deepEqual(filesUnder(tempDir()), []);
    });

    it('refuses a post the browser says comes from another site, even with a valid session and token', async () => {
      const { cookie, token } = await openLoginForm();
      for (const site of ['cross-site', 'same-site']) {
        const body = `_csrf=${encodeURIComponent(token)}&email=`;
        const answer = await postStart('/login', { ...form, cookie, 'sec-fetch-site': site }, body);
        assert.equal(answer.status, 403, site);
        const upload = await postStart(
          '/login',
          { ...multipart, cookie, 'x-csrf-token': token, 'sec-fetch-site': site },
          FILE_START,
        );
        assert.equal(upload.status, 403, site);
      }
    });

    it('refuses a form post without a session before reading it', async () => {
      const answer = await postStart('/logout', form, `_csrf=guess&x=${'y'.repeat(100)}`);
      assert.equal(answer.status, 403);
    });

    it('refuses a forged upload to the API before reading it: no bearer token, whatever the cookies', async () => {
      const volunteer = await createVolunteer(ctx.db);
      const { cookie } = await openLoginForm();
      const answer = await postStart(
        '/api/volunteers/upload-cv',
        { ...multipart, cookie, 'sec-fetch-site': 'cross-site' },
        FILE_START,
      );
      assert.equal(answer.status, 401);
      const row = await ctx.db
        .selectFrom('volunteers')
        .select('cv_storage_key')
        .where('id', '=', volunteer.volunteer.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.cv_storage_key, null);
      assert.deepEqual(filesUnder(tempDir()), []);
      assert.deepEqual(storedFiles(), []);
    });

    it("still signs in through the site's own form, url-encoded or multipart with the token in its header", async () => {
      const { cookie, token } = await openLoginForm();
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...form, cookie, 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ _csrf: token, email, password: PASSWORD }).toString(),
      });
      assert.equal(signIn.statusCode, 303, signIn.body);
      assert.equal(signIn.headers.location, '/dashboard');

      const again = await openLoginForm();
      const fields = { email, password: PASSWORD };
      const body =
        Object.entries(fields)
          .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('') + `--${BOUNDARY}--\r\n`;
      const multipartSignIn = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...multipart, cookie: again.cookie, 'x-csrf-token': again.token, 'sec-fetch-site': 'same-origin' },
        payload: body,
      });
      assert.equal(multipartSignIn.statusCode, 303, multipartSignIn.body);
      assert.equal(multipartSignIn.headers.location, '/dashboard');
    });
  });
}
