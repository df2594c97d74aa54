import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createNotification,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { PASSWORD, withPassword } from '../web/contributor-session.ts';
import {
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  passwordResetLink,
  register,
  screenshot,
  signIn,
  uniqueEmail,
  useServerAndBrowser,
} from './harness.ts';

/**
 * Issue 13, item 2 in Chromium: the forgotten password from /forgot-password through the mailed link (the server's
 * outbox) to signing in with the new one; the e-mail settings page; the notifications page grouped by challenge,
 * filtered through its form, saying which invitation can no longer be answered. (The live bell: notifications.test.ts.)
 */

describe('password reset, e-mail settings and the notifications page in Chromium', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('resets a forgotten password from the mailed link, then signs in with the new one only', async () => {
    const { browser, server } = running;
    const account = newAccount('contributor', 'Grace Hopper');
    const first = await newPage(browser, server.url);
    await register(first.page, account);
    await first.context.close();

    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByLabel('Email').fill(account.email);
      await screenshot(page, 'forgot-password');
      await page.getByRole('button', { name: 'Send me a reset link' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await screenshot(page, 'forgot-password-sent');

      const link = await passwordResetLink(page, account.email);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      const newPassword = 'a brand new passphrase';
      await page.locator('input[name=password]').fill(newPassword);
      await page.getByLabel('Confirm new password').fill(newPassword);
      await screenshot(page, 'reset-password');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByText('Your password is changed and you are signed in.').waitFor();

      // A fresh browser: the old password is refused, the new one signs in.
      const other = await newPage(browser, server.url);
      await signIn(other.page, account);
      await other.page.getByText('The email address or password is wrong.').waitFor();
      assert.match(other.page.url(), /\/login/);
      await signIn(other.page, { email: account.email, password: newPassword });
      await other.page.waitForURL('**/dashboard');
      await other.context.close();

      // The link is single-use.
      await page.goto(link);
      assert.doesNotMatch(await page.locator('main').innerText(), /Choose a new password/);
    } finally {
      await context.close();
    }
  });

  it('keeps the e-mail choice made on the settings page', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    try {
      await register(page, newAccount('contributor', 'Ada Lovelace'));
      await page.goto('/settings/notifications');
      const teamMessages = page.getByRole('group', { name: 'A message in your team' });
      await teamMessages.getByLabel('No e-mail').check();
      const invitations = page.getByRole('group', { name: 'You are invited to a task' });
      await invitations.getByLabel('Daily digest').check();
      await page.getByRole('button', { name: 'Save e-mail settings' }).click();
      await page.getByText('Your e-mail settings are saved.').waitFor();
      await screenshot(page, 'notification-settings');
      await page.reload();
      assert.equal(await teamMessages.getByLabel('No e-mail').isChecked(), true);
      assert.equal(await invitations.getByLabel('Daily digest').isChecked(), true);
      assert.equal(await invitations.getByLabel(/At once/).isChecked(), false);
    } finally {
      await context.close();
    }
  });

  it('groups notifications by challenge, filters them, and says which invitation is gone', async () => {
    const { server, browser } = running;
    const database = openServerDatabase(server);
    const { context, page } = await newPage(browser, server.url);
    try {
      const email = uniqueEmail('contributor');
      const me = await createVolunteer(database.db, {
        user: { email, name: 'Ada Lovelace', ...(await withPassword()) },
      });
      const company = await createCompany(database.db, { company: { company_name: 'Harbour Trust' } });
      const rota = await createChallenge(database.db, company.company.id, { title: 'Volunteer rota app' });
      const food = await createChallenge(database.db, company.company.id, { title: 'Food bank routes' });
      const open = await createTask(database.db, rota.id, { title: 'Rota data model', status: 'matching' });
      const filled = await createTask(database.db, rota.id, { title: 'Shift reminders', status: 'assigned' });
      const invitation = async (taskId: number, title: string, withdrawn: boolean) => {
        const assignment = await createAssignment(database.db, taskId, me.volunteer.id, {
          status: withdrawn ? 'declined' : 'invited',
          withdrawn_at: withdrawn ? new Date().toISOString() : null,
        });
        await createNotification(database.db, me.user.id, {
          type: 'task_assignment',
          title,
          message: `You have been invited to the task "${title}".`,
          action_url: `/assignments/${assignment.id}`,
          data: JSON.stringify({ challenge_id: rota.id, task_id: taskId, assignment_id: assignment.id }),
        });
      };
      await invitation(filled.id, 'Invited to Shift reminders', true);
      await createNotification(database.db, me.user.id, {
        type: 'idea_scored',
        title: 'Your idea was scored',
        message: 'Your idea "Routes by postcode" scored 72.',
        action_url: `/challenges/${food.id}`,
        data: JSON.stringify({ challenge_id: food.id }),
      });
      await invitation(open.id, 'Invited to Rota data model', false);

      await signIn(page, { email, password: PASSWORD });
      await page.waitForURL('**/dashboard');
      await page.goto('/notifications');
      assert.deepEqual(await page.locator('main h2').allInnerTexts(), ['Volunteer rota app', 'Food bank routes']);
      const gone = page.locator('li', { has: page.getByRole('heading', { name: 'Invited to Shift reminders' }) });
      await gone.getByText('No longer possible: Someone else took the task.').waitFor();
      assert.equal(await gone.getByRole('link', { name: 'Open' }).count(), 0, 'no Open on a gone invitation');
      const live = page.locator('li', { has: page.getByRole('heading', { name: 'Invited to Rota data model' }) });
      assert.equal(await live.getByRole('link', { name: 'Open' }).count(), 1);
      await screenshot(page, 'notifications-grouped');

      await page.getByLabel('Type').selectOption('idea_scored');
      await page.getByRole('button', { name: 'Show notifications' }).click();
      await page.waitForURL((url) => url.searchParams.get('type') === 'idea_scored');
      assert.deepEqual(await page.locator('main h2').allInnerTexts(), ['Food bank routes']);
      await page.getByLabel('Type').selectOption('');
      await page.getByLabel('Challenge').selectOption({ label: 'Volunteer rota app (2, 2 unread)' });
      await page.getByRole('button', { name: 'Show notifications' }).click();
      await page.waitForURL((url) => url.searchParams.get('challenge') === String(rota.id));
      assert.equal(await page.getByRole('heading', { name: 'Your idea was scored' }).count(), 0);
      await page.getByRole('heading', { name: 'Invited to Rota data model' }).waitFor();
      await screenshot(page, 'notifications-filtered');
    } finally {
      await context.close();
      await database.destroy();
    }
  });
});
