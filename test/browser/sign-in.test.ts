import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apiToken,
  confirmFromMail,
  hasChromium,
  newAccount,
  newPage,
  register,
  screenshot,
  signIn,
  submitRegistration,
  useServerAndBrowser,
} from './harness.ts';

describe('signing in and the token hand-off [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  const callApi = (token: string | null, path = '/api/user') =>
    fetch(`${running.server.url}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });

  for (const type of ['company', 'contributor'] as const) {
    it(`registers a ${type}, hands the token to localStorage, and the token drives the API`, async () => {
      const { context, page } = await newPage(running.browser, running.server.url);
      const account = newAccount(type);
      await register(page, account);
      await screenshot(page, `after-register-${type}`);
      const token = await apiToken(page);
      assert.match(token ?? '', /^\d+\|[A-Za-z0-9_-]{40,}$/);
      const response = await callApi(token);
      assert.equal(response.status, 200);
      const me = (await response.json()) as { email: string; account_type: string };
      assert.equal(me.email, account.email);
      assert.equal(me.account_type, type);
      await context.close();
    });
  }

  it("signs in with email and password, and signing out revokes this browser's token and clears localStorage", async () => {
    const account = newAccount('contributor', 'Grace Hopper');
    const first = await newPage(running.browser, running.server.url);
    await register(first.page, account);
    const firstToken = await apiToken(first.page);
    await first.context.close();

    const { context, page } = await newPage(running.browser, running.server.url);
    await signIn(page, account);
    await page.waitForURL('**/dashboard');
    const token = await apiToken(page);
    assert.ok(token && token !== firstToken, 'every login creates a new token');
    assert.equal((await callApi(token)).status, 200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signed-out');
    await screenshot(page, 'signed-out');
    assert.equal(await apiToken(page), null, 'the page a logout lands on removes the token');
    assert.equal((await callApi(token)).status, 401);
    assert.equal((await callApi(firstToken)).status, 200, "signing out leaves the other browser's token alone");
    await page.goto('/dashboard');
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('shows a clear message for wrong credentials and locks after 5 failed attempts', async () => {
    const account = newAccount('company', 'Lock Test Inc');
    const setup = await newPage(running.browser, running.server.url);
    await register(setup.page, account);
    await setup.context.close();

    const { context, page } = await newPage(running.browser, running.server.url);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, { email: account.email, password: 'wrong password' });
      await page
        .getByText(
          'The email address or password is wrong. Check both, or use “Forgot your password?” to set a new password.',
        )
        .waitFor();
    }
    await signIn(page, account);
    await page.getByText(/Too many failed sign-in attempts\. Try again in \d+ seconds?\./).waitFor();
    await screenshot(page, 'login-locked');
    assert.equal(await apiToken(page), null, 'a locked-out correct password does not sign in');
    await context.close();
  });

  it('answers a taken address like a new one, and signs in only once the address is confirmed', async () => {
    const owner = newAccount('contributor', 'Taken Owner');
    const setup = await newPage(running.browser, running.server.url);
    await register(setup.page, owner);
    await setup.context.close();

    const pages: string[] = [];
    for (const account of [newAccount('contributor', 'New Person'), { ...owner, name: 'Someone Else' }]) {
      const { context, page } = await newPage(running.browser, running.server.url);
      await submitRegistration(page, account);
      const text = (await page.locator('main').textContent()) ?? '';
      assert.ok(text.includes(`We sent a link to ${account.email} to confirm it`), text);
      pages.push(text.replace(account.email, '<address>'));
      await context.close();
    }
    assert.equal(pages[0], pages[1], 'the same page for a new and a taken address');

    const account = newAccount('company', 'Early Bird Ltd');
    const { context, page } = await newPage(running.browser, running.server.url);
    await submitRegistration(page, account);
    await screenshot(page, 'register-sent');
    await signIn(page, account);
    await page
      .getByText('Confirm your e-mail address first: open the link we sent to it when you registered.')
      .waitFor();
    await screenshot(page, 'login-unconfirmed');
    assert.equal(await apiToken(page), null);
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.waitForURL('**/register/sent');
    await confirmFromMail(page, account.email);
    assert.match(new URL(page.url()).pathname, /^\/company\/profile$/);
    assert.ok(await apiToken(page), 'the confirmed account is signed in');
    await context.close();
  });
});
