import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';

/**
 * Issue 10 (low list): `nosniff` on every API answer, HSTS exactly when APP_URL is https, and a Content-Security-
 * Policy on the API reference (`/docs`) that allows only this origin.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

for (const dialect of testDialects()) {
  describe(`security headers, APP_URL https [${dialect}]`, () => {
    let ctx: TestContext;
    let token: string;
    before(async () => {
      ctx = await createTestContext(dialect, { APP_URL: 'https://guild.example.org' });
      token = (await createAccount(ctx.db, 'company')).token;
    });
    after(() => ctx.close());

    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });

    it('API answers of every kind carry nosniff and HSTS', async () => {
      const answers = [
        await get('/api/health'),
        await get('/api/user', { authorization: `Bearer ${token}` }),
        await get('/api/user'),
        await get('/api/no-such-route'),
        await get('/api/challenges?page=0', { authorization: `Bearer ${token}` }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: '{not json',
        }),
      ];
      assert.deepEqual(
        answers.map((response) => response.statusCode),
        [200, 200, 401, 404, 422, 400],
      );
      for (const response of answers) {
        assert.equal(response.headers['x-content-type-options'], 'nosniff', response.raw.req.url);
        assert.equal(response.headers['strict-transport-security'], HSTS, response.raw.req.url);
      }
    });

    it('web pages get HSTS too, and keep their own CSP', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/login' });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['strict-transport-security'], HSTS);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
      assert.match(String(page.headers['content-security-policy']), /nonce-/);
    });

    it('/docs and its assets carry a CSP of this origin only, and the page loads only from /docs', async () => {
      const index = await ctx.app.inject({ method: 'GET', url: '/docs/' });
      assert.equal(index.statusCode, 200, index.body);
      const urls = [
        '/docs/',
        '/docs',
        '/docs/static/index.html',
        '/docs/static/swagger-initializer.js',
        '/docs/static/swagger-ui-bundle.js',
        '/docs/json',
      ];
      for (const url of urls) {
        const response = await ctx.app.inject({ method: 'GET', url });
        assert.ok(response.statusCode < 400, `${url}: ${response.statusCode}`);
        const csp = String(response.headers['content-security-policy']);
        assert.match(csp, /default-src 'self'/, url);
        assert.match(csp, /script-src 'self'(;|$)/, url);
        assert.doesNotMatch(csp, /https?:|\*|'unsafe-inline'|'unsafe-eval'/, `${url}: ${csp}`);
        assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      }
      // What the CSP must allow: the page's scripts and styles are all files under /docs, none inline.
      assert.doesNotMatch(index.body, /<script>|<script(?![^>]*\ssrc=)[^>]*>|<style/);
      const initializer = await ctx.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
      // It reads the document from this origin and has no validator badge (an image from validator.swagger.io).
      assert.match(initializer.body, /url: resolveUrl\('\.\/json'\)/);
      assert.match(initializer.body, /validatorUrl: null/);
    });
  });

  describe(`security headers, APP_URL http [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { APP_URL: 'http://localhost:3000' });
    });
    after(() => ctx.close());

    it('no HSTS over plain http, nosniff still', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['strict-transport-security'], undefined);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
    });
  });
}
