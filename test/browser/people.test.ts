import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
  type RunningServer,
  screenshot,
  signIn,
  uniqueEmail,
  useServerAndBrowser,
} from './harness.ts';

/**
 * Set-up (not the journey under test): a company that can sign in, its running challenge with one open task asking
 * for Python, and three contributors who hold Python at different levels, written into the running server's database.
 * Matching has its own tests; this one is about the company choosing people itself (issue 12, items 2 and 3).
 */
async function seedPeople(server: RunningServer, email: string) {
  const db = openServerDatabase(server);
  try {
    const owner = await createCompany(db.db, {
      user: { email, name: 'Harbour Trust', ...(await withPassword()) },
      company: { company_name: 'Harbour Trust' },
    });
    const challenge = await createChallenge(db.db, owner.company.id, { title: 'Harbour records system' });
    const task = await createTask(db.db, challenge.id, {
      title: 'Write the importer',
      skills: ['Python'],
      required_experience_level: 'mid',
    });
    const person = async (name: string, level: 'beginner' | 'advanced' | 'expert', job: string) => {
      const made = await createVolunteer(db.db, {
        user: { name },
        volunteer: {
          field: 'Software engineering',
          availability_hours_per_week: 20,
          work_experience: JSON.stringify([{ job_title: job, company: 'Port Authority', start_date: '2019-01' }]),
        },
      });
      await addVolunteerSkill(db.db, made.volunteer.id, 'Python', level);
      return made.volunteer.id;
    };
    return {
      taskId: task.id,
      ada: await person('Ada Lovelace', 'advanced', 'Data engineer'),
      linus: await person('Linus Torvalds', 'expert', 'Systems programmer'),
      grace: await person('Grace Beginner', 'beginner', 'Trainee analyst'),
    };
  } finally {
    await db.destroy();
  }
}

describe('the company sees and chooses the people for its task [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('invites a candidate with a note, withdraws, finds people by skill and level, and invites from a profile', async () => {
    const email = uniqueEmail('company');
    const { taskId, ada, linus, grace } = await seedPeople(running.server, email);
    const { context, page } = await newPage(running.browser, running.server.url);
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      return dialog.accept();
    });
    await signIn(page, { email, password: PASSWORD });
    await page.waitForURL('**/dashboard');

    // The task's people: the candidates who fit, as cards with the task's skill; the beginner is not one.
    await page.goto(`/tasks/${taskId}/people`);
    await page.getByRole('heading', { name: 'People for “Write the importer”', level: 1 }).waitFor();
    const candidate = (id: number) => page.locator('article.person').filter({ has: page.locator(`#person-${id}`) });
    await candidate(ada).getByText('Python, advanced').waitFor();
    await candidate(linus).getByText('Python, expert').waitFor();
    assert.equal(await candidate(grace).count(), 0, 'a beginner does not fit a mid-level task');
    await screenshot(page, 'company-task-people');

    // Invite Ada with a note: she appears among the people on the task, with the note.
    await candidate(ada).getByText('Invite Ada Lovelace…').click();
    await candidate(ada).getByLabel('A note to Ada Lovelace (optional)').fill('Your port data work is just right.');
    await candidate(ada).getByRole('button', { name: 'Send the invitation' }).click();
    const invited = page.locator('article.person').filter({ has: page.getByText('Your note:') });
    await invited.getByText('Your port data work is just right.').waitFor();
    await invited.getByText('Invited by you').waitFor();
    await screenshot(page, 'company-task-people-invited');

    // Withdraw it, after a confirmation: the card says so and offers no withdrawal any more.
    await invited.getByRole('button', { name: 'Withdraw the invitation' }).click();
    await page.getByText('Invitation withdrawn').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Withdraw the invitation' }).count(), 0);

    // Find people by skill and level, for this task.
    await page.getByRole('link', { name: 'Find people by skill for this task' }).click();
    await page.getByRole('heading', { name: 'Find people', level: 1 }).waitFor();
    await page.getByText('Inviting to “Write the importer”.').waitFor();
    await page.getByRole('textbox', { name: 'Skill', exact: true }).fill('python');
    await page.getByLabel('At least at level').selectOption('expert');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 contributor found.').waitFor();
    await page.locator(`#person-${linus}`).waitFor();
    assert.equal(await page.locator(`#person-${ada}`).count(), 0, 'advanced is below expert');
    await page.getByLabel('At least at level').selectOption('advanced');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 contributors found.').waitFor();
    await screenshot(page, 'company-find-people');

    // Open Linus's profile from the results: his record, and Invite to the task the search was for.
    await page.getByRole('link', { name: 'Linus Torvalds' }).click();
    await page.getByRole('heading', { name: 'Linus Torvalds', level: 1 }).waitFor();
    await page.getByText('Systems programmer at Port Authority').first().waitFor();
    const invite = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Invite to “Write the importer”' }) });
    await page.getByText('Contact details and the CV are shown while Linus Torvalds is invited').waitFor();
    await screenshot(page, 'company-volunteer-profile');
    await invite.getByText('Invite Linus Torvalds…').click();
    await invite.getByLabel('A note to Linus Torvalds (optional)').fill('We saw your systems work.');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    // Invited now: the profile says so instead of offering Invite, and shows his contact details.
    await invite.getByText('Linus Torvalds is already invited to this task.').waitFor();
    await page.getByRole('heading', { name: 'Contact', level: 2 }).waitFor();
    await screenshot(page, 'company-volunteer-profile-invited');

    // Back on the task: Linus is on it with the note written on his profile.
    await invite.getByRole('link', { name: 'Back to the people of “Write the importer”' }).click();
    const onTask = page.locator('article.person').filter({ has: page.getByText('We saw your systems work.') });
    await onTask.locator(`#person-${linus}`).waitFor();

    assert.ok(
      questions.some((question) => question.startsWith('Withdraw the invitation of Ada Lovelace?')),
      questions.join('\n'),
    );
    await context.close();
  });
});
