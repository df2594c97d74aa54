import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';

/**
 * Issue 10, low list: page links are built on APP_URL, whatever Host or X-Forwarded-Host the request carries — also
 * from a proxy TRUST_PROXY names — so no client can have the service hand out links to another site.
 */
const APP_URL = 'https://guild.example.org';

for (const dialect of testDialects()) {
  describe(`page links are built on APP_URL [${dialect}]`, () => {
    let ctx: TestContext;
    let token: string;
    before(async () => {
      ctx = await createTestContext(dialect, { APP_URL, TRUST_PROXY: '127.0.0.1' });
      ({ token } = await createAccount(ctx.db, 'contributor'));
    });
    after(() => ctx.close());

    const forgedHeaders: Array<Record<string, string>> = [
      { host: 'evil.example.net' },
      { host: 'evil.example.net:8443', 'x-forwarded-proto': 'http' },
      { 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'http' },
    ];
    for (const forged of forgedHeaders) {
      it(`links stay on APP_URL with ${JSON.stringify(forged)}`, async () => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/notifications?per_page=5&page=2',
          remoteAddress: '127.0.0.1',
          headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...forged },
        });
        assert.equal(response.statusCode, 200, response.body);
        const { links, meta } = JSON.parse(response.body);
        assert.equal(meta.path, `${APP_URL}/api/notifications`);
        assert.equal(links.first, `${APP_URL}/api/notifications?per_page=5&page=1`);
        assert.equal(links.prev, `${APP_URL}/api/notifications?per_page=5&page=1`);
        for (const link of [links.first, links.last, links.prev]) assert.equal(new URL(link).origin, APP_URL);
        assert.ok(!response.body.includes('evil.example.net'), response.body);
      });
    }
  });
}
