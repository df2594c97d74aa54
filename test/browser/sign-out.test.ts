import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  type Account,
  apiToken,
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  register,
  screenshot,
  signIn,
  useServerAndBrowser,
} from './harness.ts';

/**
 * Signing out and a session that ends (issue 13, item 4), in real Chromium with two browser contexts (two devices):
 * "Sign out" ends one of them, "Sign out everywhere" both; a page whose API call meets an ended token takes its
 * reader to sign in, with a plain message, and back to where they were.
 */
const ENDED = 'Your session has ended. Sign in again to continue.';

describe('signing out and ended sessions [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  const callApi = async (token: string | null) =>
    (
      await fetch(`${running.server.url}/api/user`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      })
    ).status;

  async function signedIn(page: Page, account: Account): Promise<string> {
    await signIn(page, account);
    await page.waitForURL('**/dashboard');
    const token = await apiToken(page);
    assert.ok(token);
    return token;
  }

  it('"Sign out" ends this device only; "Sign out everywhere" ends the other device too, which is told', async () => {
    const account = newAccount('contributor', 'Two Devices');
    const laptop = await newPage(running.browser, running.server.url);
    await register(laptop.page, account);
    const laptopToken = await apiToken(laptop.page);
    const phone = await newPage(running.browser, running.server.url);
    const phoneToken = await signedIn(phone.page, account);

    await laptop.page.goto('/dashboard');
    await laptop.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await laptop.page.waitForURL('**/signed-out');
    await laptop.page.getByText('Other browsers and devices where you are signed in stay signed in').waitFor();
    await screenshot(laptop.page, 'signed-out-this-device');
    assert.equal(await apiToken(laptop.page), null);
    assert.equal(await callApi(laptopToken), 401, "this device's token is revoked");
    assert.equal(await callApi(phoneToken), 200, "the other device's token still works");
    await phone.page.goto('/profile');
    await phone.page.getByRole('heading', { level: 1, name: /Complete your profile/ }).waitFor();

    await signedIn(laptop.page, account);
    await laptop.page.goto('/profile');
    await laptop.page.getByRole('link', { name: 'Sign out everywhere…' }).click();
    await laptop.page.waitForURL('**/account/sign-out-everywhere');
    await laptop.page.getByText('revokes every API token of your account').waitFor();
    await screenshot(laptop.page, 'sign-out-everywhere');
    await laptop.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.page.waitForURL('**/signed-out?everywhere=1');
    await laptop.page.getByText('You are signed out of every browser and device').waitFor();
    await screenshot(laptop.page, 'signed-out-everywhere');
    assert.equal(await callApi(phoneToken), 401, "the other device's token is revoked too");

    // The phone's page is still open: its live notification stream ends with the token, and its next call to the
    // API is refused, which takes it to sign in with the reason, then back to the profile.
    await phone.page.waitForURL('**/login?next=%2Fprofile&expired=1');
    await phone.page.getByText(ENDED).waitFor();
    await screenshot(phone.page, 'session-ended-sign-in');
    await phone.page.getByLabel('Email').fill(account.email);
    await phone.page.locator('input[name=password]').fill(account.password);
    await phone.page.getByRole('button', { name: 'Sign in' }).click();
    await phone.page.waitForURL('**/profile');
    assert.ok(await apiToken(phone.page), 'signed in again with a new token');
    await laptop.context.close();
    await phone.context.close();
  });

  it('an expired token meets a form on the page: sign in, then back to the same page to finish', async () => {
    const account = newAccount('contributor', 'Expiring Token');
    const { context, page } = await newPage(running.browser, running.server.url);
    await register(page, account);
    // The page's own first calls (its notification stream, then the unread count) are answered before the token
    // ends: the form, not those calls, is what meets the 401 here.
    const pageSettled = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/notifications/unread-count') &&
        (response.request().headers().referer ?? '').includes('/profile?from=test'),
    );
    await page.goto('/profile?from=test');
    await pageSettled;
    const token = await apiToken(page);
    assert.ok(token);

    // The token's end passes while the page is open (as WEB_TOKEN_IDLE_HOURS would have it, without the wait).
    const db = openServerDatabase(running.server);
    await db.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', Number(token.split('|')[0]))
      .execute();
    await db.destroy();

    await page.getByLabel('Your field').fill('Data science');
    await page.getByLabel('Hours a week you can give').fill('20');
    await page.getByRole('button', { name: 'Complete my profile' }).click();
    await page.waitForURL('**/login?next=%2Fprofile%3Ffrom%3Dtest&expired=1');
    await page.getByText(ENDED).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.locator('input[name=password]').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile?from=test');
    await page.getByRole('heading', { level: 1, name: /Complete your profile/ }).waitFor();
    const renewed = await apiToken(page);
    assert.ok(renewed && renewed !== token, 'the page now carries the new token');
    assert.equal(await callApi(renewed), 200);
    await context.close();
  });
});
