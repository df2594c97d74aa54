import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { refreshFeedOf } from '../../src/modules/tasks/task-fit.repository.ts';
import {
  addVolunteerSkill,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
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
 * Contributors can act (issue 13, item 1), in real Chromium against the real server: a contributor says "I'm
 * interested" in a task under "Find tasks" with a note, sees it marked and can withdraw; the company sees the
 * applicant, with the note, beside its candidates and invites them; the contributor removes a wrong skill, adds a
 * missing one and re-levels another on their profile, with the CV's words still shown.
 */

describe('contributors act: applying and editing skills [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  /** A company with a running challenge of two open Python tasks, and a contributor who fits them. */
  async function seed() {
    const db = openServerDatabase(running.server);
    try {
      const { password_hash } = await withPassword();
      const company = await createCompany(db.db, {
        user: { email: uniqueEmail('company'), password_hash, name: 'Harbour Trust' },
        company: { company_name: 'Harbour Trust' },
      });
      const challenge = await createChallenge(db.db, company.company.id, { title: 'Volunteer rota app' });
      const tasks = [];
      for (const title of ['Rota data model', 'Shift reminder emails']) {
        tasks.push(await createTask(db.db, challenge.id, { title, skills: ['Python'], status: 'matching' }));
      }
      const contributor = await createVolunteer(db.db, {
        user: { email: uniqueEmail('contributor'), password_hash, name: 'Nia Applicant' },
        volunteer: {
          experience_level: 'mid',
          availability_hours_per_week: 20,
          ai_analysis_status: 'completed',
          validation_status: 'passed',
        },
      });
      const python = await addVolunteerSkill(db.db, contributor.volunteer.id, 'Python', 'intermediate');
      const flutter = await addVolunteerSkill(db.db, contributor.volunteer.id, 'Flutter', 'advanced');
      // As a CV analysis leaves them: read from the CV, each with the words it was read from.
      for (const [skill, evidence] of [
        [python, 'Wrote the Python jobs that load the depot data every night'],
        [flutter, 'Flutter and Dart were listed under hobbies'],
      ] as const) {
        await db.db
          .updateTable('volunteer_skills')
          .set({ source: 'cv_analysis', evidence })
          .where('volunteer_id', '=', contributor.volunteer.id)
          .where('skill_id', '=', skill.id)
          .execute();
      }
      await refreshFeedOf(db.db, contributor.volunteer.id);
      return { company: company.user.email, contributor: contributor.user.email, tasks };
    } finally {
      await db.destroy();
    }
  }

  async function signedIn(email: string): Promise<Page> {
    const { page } = await newPage(running.browser, running.server.url);
    await signIn(page, { email, password: PASSWORD });
    await page.waitForURL('**/dashboard');
    return page;
  }

  /** Accepts the confirmation the next click asks for (app.js's `data-confirm`). */
  const acceptNextDialog = (page: Page) => page.once('dialog', (dialog) => void dialog.accept());

  it('a contributor applies with a note; the company sees the applicant beside the candidates and invites them', async () => {
    const { company, contributor, tasks } = await seed();
    const [rota] = tasks;
    const person = await signedIn(contributor);

    await person.goto('/tasks/available');
    const card = person.locator('article.task', { hasText: 'Rota data model' });
    await card.getByText("I'm interested…").click();
    await card.getByLabel('A short note to the company (optional)').fill('I built the rota for our food bank.');
    await screenshot(person, 'find-tasks-interest-form');
    await card.getByRole('button', { name: 'Send my interest' }).click();
    await card.getByText('You applied').waitFor();
    await card.getByText('I built the rota for our food bank.').waitFor();
    await screenshot(person, 'find-tasks-applied');

    // Applying for the other and taking it back.
    const other = person.locator('article.task', { hasText: 'Shift reminder emails' });
    await other.getByText("I'm interested…").click();
    await other.getByRole('button', { name: 'Send my interest' }).click();
    await other.getByText('You applied').waitFor();
    acceptNextDialog(person);
    await other.getByRole('button', { name: 'Withdraw my interest' }).click();
    await other.getByText("I'm interested…").waitFor();
    assert.equal(await other.getByText('You applied').count(), 0);

    const owner = await signedIn(company);
    await owner.goto(`/tasks/${rota.id}/people`);
    const applicants = owner.locator('#applicants');
    await applicants.getByRole('heading', { name: 'Applicants (1)' }).waitFor();
    await applicants.getByText('I built the rota for our food bank.').waitFor();
    await applicants.getByRole('link', { name: 'Nia Applicant' }).waitFor();
    await applicants.getByText(/Python, intermediate/).waitFor();
    await screenshot(owner, 'task-people-applicants');
    await applicants.getByText('Invite Nia Applicant…').click();
    await applicants.getByLabel('A note to Nia Applicant (optional)').fill('Your food bank rota sold us.');
    await applicants.getByRole('button', { name: 'Send the invitation' }).click();
    await applicants.getByText('Already on the task').waitFor();
    await owner.locator('section', { hasText: 'Invited and working' }).getByText('Nia Applicant').first().waitFor();
    await screenshot(owner, 'task-people-applicant-invited');

    await person.goto('/assignments');
    await person.getByText('Rota data model').first().waitFor();
    await person.goto('/tasks/available');
    await person.locator('article.task', { hasText: 'Shift reminder emails' }).waitFor();
    assert.equal(
      await person.locator('article.task', { hasText: 'Rota data model' }).count(),
      0,
      'an invited task leaves the feed',
    );
    await person.context().close();
    await owner.context().close();
  });

  it('a contributor removes a wrong skill, adds a missing one and re-levels another, the CV evidence still shown', async () => {
    const { contributor } = await seed();
    const page = await signedIn(contributor);
    await page.goto('/profile');
    await page.getByText('Your edits are kept when your CV is analysed again').waitFor();
    await page.getByText('“Flutter and Dart were listed under hobbies”').waitFor();
    await screenshot(page, 'profile-skills-before');

    acceptNextDialog(page);
    const removed = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Remove Flutter' }).click();
    await removed;
    assert.equal(await page.getByText('Flutter and Dart were listed under hobbies').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Remove Flutter' }).count(), 0);

    await page.getByLabel('Skill', { exact: true }).fill('Rust');
    await page.getByLabel('Level', { exact: true }).selectOption('advanced');
    await page.getByRole('button', { name: 'Add skill' }).click();
    await page.getByRole('button', { name: 'Remove Rust' }).waitFor();
    assert.equal(await page.getByLabel('Level of Rust').inputValue(), 'advanced');

    await page.getByLabel('Level of Python').selectOption('expert');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Set level of Python' }).click();
    await reloaded;
    assert.equal(await page.getByLabel('Level of Python').inputValue(), 'expert');
    await page.getByText('“Wrote the Python jobs that load the depot data every night”').waitFor();

    // A name Guild does not know is explained on the form, and nothing changes.
    await page.getByLabel('Skill', { exact: true }).fill('Basket weaving for robots');
    await page.getByRole('button', { name: 'Add skill' }).click();
    await page.getByText('Guild does not know the skill "Basket weaving for robots"').first().waitFor();
    await screenshot(page, 'profile-skills-edited');
    await page.context().close();
  });
});
