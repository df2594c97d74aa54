import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import { PASSWORD, withPassword } from '../web/contributor-session.ts';
import {
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  type RunningServer,
  screenshot,
  signIn,
  useServerAndBrowser,
} from './harness.ts';

/**
 * Set-up (not the journey under test): a company with a running team challenge, one task in progress with its
 * contributor, and the challenge's team, written into the running server's database with accounts that sign in.
 * Matching and team formation have their own tests; this one is about talking.
 */
async function seedTeamChallenge(server: RunningServer) {
  const db = openServerDatabase(server);
  try {
    const { password_hash } = await withPassword();
    const companyAccount = newAccount('company', 'Grace Hopper');
    const contributorAccount = newAccount('contributor', 'Katherine Johnson');
    const company = await createCompany(db.db, {
      user: { name: companyAccount.name, email: companyAccount.email, password_hash },
      company: { company_name: 'Harbour Trust' },
    });
    const challenge = await createChallenge(db.db, company.company.id, {
      title: 'Volunteer rota app',
      status: 'in_progress',
    });
    const task = await createTask(db.db, challenge.id, { title: 'Rota data model', status: 'in_progress' });
    const contributor = await createVolunteer(db.db, {
      user: { name: contributorAccount.name, email: contributorAccount.email, password_hash },
    });
    await createAssignment(db.db, task.id, contributor.volunteer.id, { status: 'in_progress' });
    await createTeam(db.db, challenge.id, [{ volunteerId: contributor.volunteer.id, role: 'leader' }], {
      name: 'Rota builders',
      status: 'active',
    });
    return { companyAccount, contributorAccount, challengeId: challenge.id, taskId: task.id };
  } finally {
    await db.destroy();
  }
}

/** Sends the thread's form and waits for the message to head the list (the page reloads after the API's 201). */
async function send(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: 'Send the message' }).click();
  await page
    .getByRole('list', { name: 'Messages, newest first' })
    .getByRole('listitem')
    .first()
    .getByText(text)
    .waitFor();
}

describe('company ↔ team messages [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('the company writes to the team, is shown a refused message, the contributor answers from the notification and on the task [set up in the database]', async () => {
    const seed = await seedTeamChallenge(running.server);
    const company = await newPage(running.browser, running.server.url);
    await signIn(company.page, { email: seed.companyAccount.email, password: PASSWORD });
    await company.page.waitForURL('**/dashboard');

    // From the challenge page's Overview to the whole-team thread.
    await company.page.goto(`/challenges/${seed.challengeId}`);
    await company.page.getByRole('link', { name: 'Messages with the team' }).click();
    await company.page.waitForURL(`**/challenges/${seed.challengeId}/messages`);
    await company.page.getByRole('heading', { name: 'Messages with the team', level: 1 }).waitFor();
    await company.page.getByText('No messages yet.').waitFor();
    await screenshot(company.page, 'challenge-messages-empty');

    // Only spaces: the API refuses it (422) and the page says why, beside the field and in the summary.
    await company.page.getByLabel('Message to the team').fill('   ');
    await company.page.getByRole('button', { name: 'Send the message' }).click();
    await company.page.locator('[data-error-for="message"]', { hasText: 'The message field is required.' }).waitFor();
    await company.page.locator('[data-form-error]', { hasText: 'The message field is required.' }).waitFor();
    assert.equal(await company.page.getByLabel('Message to the team').getAttribute('aria-invalid'), 'true');
    await screenshot(company.page, 'challenge-messages-refused');

    await send(company.page, 'Message to the team', 'Welcome aboard! Ask us anything about the rota rules here.');
    const first = company.page.getByRole('list', { name: 'Messages, newest first' }).getByRole('listitem').first();
    assert.match((await first.textContent()) ?? '', /Grace Hopper\s+Company/);
    await screenshot(company.page, 'challenge-messages-company');

    // The contributor is notified; the notification opens the thread.
    const contributor = await newPage(running.browser, running.server.url);
    await signIn(contributor.page, { email: seed.contributorAccount.email, password: PASSWORD });
    await contributor.page.waitForURL('**/dashboard');
    await contributor.page.goto('/notifications');
    await contributor.page
      .getByRole('listitem')
      .filter({ has: contributor.page.getByRole('heading', { name: 'New message about a challenge' }) })
      .getByRole('link', { name: 'Open' })
      .click();
    await contributor.page.waitForURL(`**/challenges/${seed.challengeId}/messages`);
    await contributor.page.getByRole('heading', { name: 'Messages with the company', level: 1 }).waitFor();
    await contributor.page.getByText('Welcome aboard! Ask us anything about the rota rules here.').waitFor();
    await send(contributor.page, 'Message to the company', 'Thanks! Do volunteers pick their own shifts?');

    // The task's own thread, from the thread list.
    await contributor.page.getByRole('link', { name: 'Task: Rota data model' }).click();
    await contributor.page.waitForURL(`**/messages?task_id=${seed.taskId}`);
    await contributor.page.getByRole('heading', { name: 'About the task “Rota data model”' }).waitFor();
    await send(contributor.page, 'Message to the company', 'Shall shifts have a minimum length?');
    await screenshot(contributor.page, 'challenge-messages-task-contributor');

    // Back on the company's side: both answers, each in its thread, and the team's page read by the company.
    await company.page.reload();
    await company.page.getByText('Thanks! Do volunteers pick their own shifts?').waitFor();
    assert.equal(await company.page.getByText('Shall shifts have a minimum length?').count(), 0);
    await company.page.getByRole('link', { name: 'Task: Rota data model' }).click();
    await company.page.getByText('Shall shifts have a minimum length?').waitFor();
    await company.page.getByRole('heading', { name: 'Messages with the assignee', level: 1 }).waitFor();
    await company.page.goto(`/challenges/${seed.challengeId}`);
    await company.page.getByRole('link', { name: 'See Rota builders' }).click();
    await company.page.getByRole('heading', { name: 'Rota builders', level: 1 }).waitFor();
    await company.page.getByText("The team's own messages are for its members.").waitFor();
    await screenshot(company.page, 'team-read-by-company');

    await contributor.context.close();
    await company.context.close();
  });
});
