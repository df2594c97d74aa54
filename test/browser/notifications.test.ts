import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';
import { PASSWORD, withPassword } from '../web/contributor-session.ts';
import {
  hasChromium,
  newPage,
  openServerDatabase,
  screenshot,
  signIn,
  uniqueEmail,
  useServerAndBrowser,
} from './harness.ts';

/**
 * The bell and the notifications page follow the notification stream (issue 13, item 2; issue 14, section 2): a
 * notification the server creates while a page is open shows up there without a reload. The notifications come from
 * real actions on the API (contributors answering the company's invitations), as another person's browser sends them.
 * A tab that cannot have a stream (the per-account cap) falls back to asking for the count.
 */

/** Until the page's script follows the stream (app.js marks the badge). */
const following = (page: Page) => page.waitForSelector('[data-unread-count][data-live=stream]', { state: 'attached' });

/** Until the element's text is `text` (what the page's script writes). */
const textBecomes = (page: Page, selector: string, text: string) =>
  page.locator(selector, { hasText: new RegExp(`^${text}$`) }).waitFor({ state: 'attached' });

/** Marks the page's window: still there later means the page was not reloaded in between. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (globalThis as Record<string, unknown>).notReloaded = true;
  });
const stillMarked = (page: Page) => page.evaluate(() => (globalThis as Record<string, unknown>).notReloaded === true);

describe('live notifications in Chromium', { skip: !hasChromium }, () => {
  // One stream per account, so that a second tab of the same account has to fall back to polling.
  const running = useServerAndBrowser({ NOTIFICATION_STREAM_MAX_PER_USER: '1' });

  it('updates the bell and the notifications page without a reload when a notification is created', async () => {
    const { server, browser } = running;
    const database = openServerDatabase(server);
    const { context, page } = await newPage(browser, server.url);
    try {
      // A company with an active challenge whose two tasks have each invited a contributor.
      const email = uniqueEmail('company');
      const { user, company } = await createCompany(database.db, {
        user: { email, name: 'Harbour Trust', ...(await withPassword()) },
      });
      const challenge = await createChallenge(database.db, company.id, { title: 'Volunteer rota app' });
      const invitations = [];
      for (const title of ['Rota data model', 'Shift reminder emails']) {
        const task = await createTask(database.db, challenge.id, { title, status: 'matching' });
        const contributor = await createVolunteer(database.db);
        const assignment = await createAssignment(database.db, task.id, contributor.volunteer.id);
        invitations.push({ id: assignment.id, token: contributor.token });
      }
      const answer = async (invitation: { id: number; token: string }, action: 'accept' | 'reject') => {
        const response = await fetch(`${server.url}/api/assignments/${invitation.id}/${action}`, {
          method: 'POST',
          headers: { accept: 'application/json', authorization: `Bearer ${invitation.token}` },
        });
        assert.equal(response.status, 200, `${action}: ${await response.text()}`);
      };

      await signIn(page, { email, password: PASSWORD });
      await page.waitForURL('**/dashboard');
      await following(page);
      const badge = page.locator('[data-unread-count]');
      assert.equal(await badge.isHidden(), true, `nothing unread yet (${await badge.textContent()})`);
      await mark(page);

      await answer(invitations[0], 'accept');
      await textBecomes(page, '[data-unread-count]', '1');
      assert.equal(await badge.getAttribute('aria-label'), '1 unread');
      assert.equal(await stillMarked(page), true, 'the page was not reloaded');

      await page.goto('/notifications');
      await following(page);
      await mark(page);
      await answer(invitations[1], 'reject');
      const arrivals = page.locator('[data-live-notifications]');
      await arrivals.getByText('1 new notification arrived.').waitFor();
      const newest = await database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(newest.type, 'task_declined');
      const link = arrivals.getByRole('link', { name: newest.title });
      // Through the route that marks it read on the way to newest.action_url.
      assert.equal(await link.getAttribute('href'), `/notifications/${newest.id}/open`);
      await textBecomes(page, '[data-unread-total]', '2 unread');
      await textBecomes(page, '[data-unread-count]', '2');
      assert.equal(await stillMarked(page), true, 'the page was not reloaded');
      await screenshot(page, 'notifications-live-1280');

      await arrivals.getByRole('link', { name: 'Show them in the list' }).click();
      await page.getByRole('heading', { name: newest.title }).waitFor();
      await following(page);

      // A second tab of the same account gets the 429 and shows the count by polling instead.
      const second = await context.newPage();
      await second.goto('/dashboard');
      await second.waitForSelector('[data-unread-count][data-live=polling]', { state: 'attached' });
      await textBecomes(second, '[data-unread-count]', '2');
    } finally {
      await context.close();
      await database.destroy();
    }
  });
});
