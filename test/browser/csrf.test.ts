import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { apiToken, hasChromium, newAccount, newPage, register, screenshot, useServerAndBrowser } from './harness.ts';

/**
 * Issue 10, low list: what Chromium really sends with a form another site posts to Guild — the `Sec-Fetch-Site` the
 * early CSRF check reads (src/web/csrf.ts), and the `SameSite=Lax` session cookie — gets the post refused, and the
 * signed-in member stays signed in. Another site: `localhost` (cross-site to 127.0.0.1) and another port of 127.0.0.1
 * (same-site, so the session cookie goes along and the header alone decides).
 */
describe('a form posted from another site is refused [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();
  let attacker: http.Server;
  let attackerPort: number;

  before(async () => {
    // The other site: a page whose form posts itself to the given Guild URL as soon as it loads.
    attacker = http.createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://attacker').searchParams;
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><form method="post" action="${query.get('action')}" enctype="${query.get('enctype')}">
<input name="note" value="forged"></form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerPort = (attacker.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  it('refuses sign-out posted by another site, url-encoded or multipart, and the session lives on', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    await register(page, newAccount('contributor'));
    const token = await apiToken(page);
    assert.ok(token);
    const action = encodeURIComponent(`${running.server.url}/logout`);
    for (const host of ['localhost', '127.0.0.1']) {
      for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
        const refused = page.waitForResponse((response) => response.url() === `${running.server.url}/logout`);
        await page.goto(`http://${host}:${attackerPort}/?action=${action}&enctype=${encodeURIComponent(enctype)}`);
        const response = await refused;
        assert.equal(response.status(), 403, `${host}, ${enctype}`);
        await page.waitForURL(`${running.server.url}/logout`);
        assert.match((await page.locator('main').textContent()) ?? '', /did not come from this site/);
      }
    }
    await screenshot(page, 'forged-logout-refused');
    const stillSignedIn = await fetch(`${running.server.url}/api/user`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    assert.equal(stillSignedIn.status, 200, 'the forged sign-out did not sign anyone out');
    await context.close();
  });
});
