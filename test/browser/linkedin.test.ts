import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import {
  apiToken,
  hasChromium,
  newAccount,
  newPage,
  register,
  screenshot,
  uniqueEmail,
  useServerAndBrowser,
} from './harness.ts';

/** Sign in with LinkedIn in Chromium, against a local OpenID Connect server standing in for LinkedIn. */
describe('signing in with LinkedIn [browser]', { skip: !hasChromium }, () => {
  let idp: TestOidcProvider;
  let subjects = 0;
  before(async () => {
    idp = await startOidcProvider();
  });
  const running = useServerAndBrowser(() => idp.env);
  before(() => {
    idp.registerClient(`${running.server.url}/api/auth/linkedin/callback`);
  });
  after(async () => {
    await idp?.close();
  });

  const me = async (page: Page) => {
    const response = await fetch(`${running.server.url}/api/user`, {
      headers: { accept: 'application/json', authorization: `Bearer ${await apiToken(page)}` },
    });
    assert.equal(response.status, 200, 'the token handed to the page works on the API');
    return (await response.json()) as { id: number; email: string; account_type: string };
  };

  it('a new member clicks "Sign in with LinkedIn", lands on the dashboard as a contributor, and the token works', async () => {
    const email = uniqueEmail('linkedin');
    idp.signInAs({ sub: `browser-${++subjects}`, email, email_verified: true, name: 'Lin Kedin' });
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.goto('/login');
    await screenshot(page, 'linkedin-login');
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Welcome to Guild! Start by completing your profile.').waitFor();
    await screenshot(page, 'linkedin-new-contributor-dashboard');
    const user = await me(page);
    assert.equal(user.email, email);
    assert.equal(user.account_type, 'contributor');
    await context.close();
  });

  it('a company joins with LinkedIn from the registration page', async () => {
    idp.signInAs({ sub: `browser-${++subjects}`, email: uniqueEmail('co'), email_verified: true, name: 'Acme' });
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.goto('/register');
    await screenshot(page, 'linkedin-register');
    await page.getByRole('link', { name: 'Join with LinkedIn as a company' }).click();
    await page.waitForURL('**/dashboard');
    assert.equal((await me(page)).account_type, 'company');
    await context.close();
  });

  it('an existing member is not signed in by email: they sign in with their password, connect LinkedIn, then use it', async () => {
    const account = newAccount('contributor', 'Existing Member');
    const first = await newPage(running.browser, running.server.url);
    await register(first.page, account);
    const original = await me(first.page);
    await first.context.close();

    const linkedinMember = { sub: `browser-${++subjects}`, email: account.email, email_verified: true, name: 'Pat' };
    idp.signInAs(linkedinMember);
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await page.getByRole('heading', { level: 1, name: 'An account with this email already exists' }).waitFor();
    assert.equal(await apiToken(page), null, 'LinkedIn alone did not sign in to the password account');
    await page.getByRole('link', { name: 'Sign in with email and password' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.locator('input[name=password]').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/account/linkedin');
    idp.signInAs(linkedinMember);
    await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await page.getByText('LinkedIn is connected: you can now sign in with LinkedIn too.').waitFor();
    await context.close();

    idp.signInAs(linkedinMember);
    const later = await newPage(running.browser, running.server.url);
    await later.page.goto('/login');
    await later.page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await later.page.waitForURL('**/dashboard');
    assert.equal((await me(later.page)).id, original.id);
    await later.context.close();
  });

  it('a refused consent ends on a page that explains it, on a phone too', async () => {
    idp.denyNext();
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await screenshot(page, 'linkedin-login-phone');
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign-in with LinkedIn was cancelled' }).waitFor();
    await screenshot(page, 'linkedin-cancelled-phone');
    assert.equal(await apiToken(page), null);
    await page.getByRole('link', { name: 'Sign in with email and password' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
