import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
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
 * Set-up (not the journey under test): a company that can sign in and its active team challenge as an analysis
 * planned it — "Build" with two open tasks, "Survey" with a task someone is working on — written into the running
 * server's database. The pipeline that plans a brief has its own tests; this one is about correcting the plan.
 */
async function seedPlan(server: RunningServer, email: string) {
  const db = openServerDatabase(server);
  try {
    const owner = await createCompany(db.db, {
      user: { email, name: 'Harbour Trust', ...(await withPassword()) },
      company: { company_name: 'Harbour Trust' },
    });
    const challenge = await createChallenge(db.db, owner.company.id, {
      title: 'Harbour records system',
      refined_brief: 'Move the harbour records from paper into a searchable database.',
    });
    const build = await createWorkstream(db.db, challenge.id, { title: 'Build', position: 1 });
    const survey = await createWorkstream(db.db, challenge.id, { title: 'Survey', position: 2 });
    const tasks = {
      importer: await createTask(db.db, challenge.id, {
        workstream_id: build.id,
        title: 'Write the importer',
        skills: ['Python'],
      }),
      schema: await createTask(db.db, challenge.id, {
        workstream_id: build.id,
        title: 'Design the schema',
        skills: ['PostgreSQL'],
      }),
      busy: await createTask(db.db, challenge.id, {
        workstream_id: survey.id,
        title: 'Count the boxes of records',
        status: 'in_progress',
      }),
    };
    const worker = await createVolunteer(db.db, { user: { name: 'Grace Hopper' } });
    await createAssignment(db.db, tasks.busy.id, worker.volunteer.id, { status: 'in_progress' });
    return { challengeId: challenge.id, tasks };
  } finally {
    await db.destroy();
  }
}

/** Opens "Change this task" on a task's card and returns the card. */
async function openTaskChanges(page: Page, taskId: number) {
  const card = page.locator(`#task-${taskId}`);
  await card.getByText('Change this task').click();
  return card;
}

describe('the company corrects the analysis on its challenge page [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('edits a task’s skills, adds a task, merges, removes, and sees the marks and the history', async () => {
    const email = uniqueEmail('company');
    const { challengeId, tasks } = await seedPlan(running.server, email);
    const { context, page } = await newPage(running.browser, running.server.url);
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      return dialog.accept();
    });
    await signIn(page, { email, password: PASSWORD });
    await page.waitForURL('**/dashboard');
    await page.goto(`/challenges/${challengeId}`);
    await page.getByRole('heading', { name: 'Harbour records system', level: 1 }).waitFor();

    // A skill Guild does not know: the API's message, in the form, and nothing changes.
    let card = await openTaskChanges(page, tasks.importer.id);
    await card.getByLabel('Skill 2', { exact: true }).fill('Flibbertigibbet');
    await card.getByRole('button', { name: 'Save the task' }).click();
    await card.getByText('Guild does not know the skill "Flibbertigibbet"').first().waitFor();
    await screenshot(page, 'company-plan-task-refused');

    // The skills with their levels, and the estimate.
    await card.getByLabel('Skill 2', { exact: true }).fill('SQL');
    await card.getByLabel('Level of skill 1').selectOption('advanced');
    // SQL only supports the work: sent as core: false; the unticked blank row below is still left out.
    await card.getByLabel('Supporting (skill 2)').check();
    await card.getByLabel('Estimate in hours (optional)').fill('12');
    await card.getByRole('button', { name: 'Save the task' }).click();
    card = page.locator(`#task-${tasks.importer.id}`);
    await card.locator('.tags').getByText('Python, advanced').waitFor();
    await card.locator('.tags').getByText('SQL', { exact: true }).waitFor();
    // In the card's collapsed reasons: attached, not shown until opened.
    await card.getByText('SQL (supporting): Named by the company.').waitFor({ state: 'attached' });
    await card.getByText('Changed by you').waitFor();
    await card.getByText('12 hours').waitFor();

    // Matching asked for again (the worker runs it; the history records the ask).
    card = await openTaskChanges(page, tasks.importer.id);
    await card.getByRole('button', { name: 'Look for contributors again' }).click();
    await page.locator(`#task-${tasks.importer.id} details.task-edit:not([open])`).waitFor();

    // A new task in "Build".
    await page.locator('.plan').getByText('Add a task to “Build”').click();
    const addForm = page
      .locator('form[data-api$="/tasks"]')
      .filter({ has: page.getByLabel('Title') })
      .first();
    await addForm.getByLabel('Title').fill('Load the old ledgers');
    await addForm.getByLabel('Skill 1', { exact: true }).fill('Data Entry');
    await addForm.getByLabel('Estimate in hours (optional)').fill('20');
    await screenshot(page, 'company-plan-add-task');
    await addForm.getByRole('button', { name: 'Add the task' }).click();
    const added = page.locator('li.task').filter({ has: page.getByRole('heading', { name: 'Load the old ledgers' }) });
    await added.getByText('Changed by you').waitFor();

    // Merge "Design the schema" into the importer: one task left, with both tasks' skills.
    card = await openTaskChanges(page, tasks.schema.id);
    await card.getByText('Merge into another task').click();
    await card.getByLabel('Merge into').selectOption(String(tasks.importer.id));
    await card.getByRole('button', { name: 'Merge the tasks' }).click();
    await page.locator(`#task-${tasks.schema.id}`).waitFor({ state: 'detached' });
    await page.locator(`#task-${tasks.importer.id} .tags`).getByText('PostgreSQL', { exact: true }).waitFor();

    // Remove the added task.
    const addedId = Number((await added.getAttribute('id'))?.replace('task-', ''));
    card = await openTaskChanges(page, addedId);
    await card.getByRole('button', { name: 'Remove the task' }).click();
    await page.locator(`#task-${addedId}`).waitFor({ state: 'detached' });

    // Work under way: the page says so, and the API's refusal is shown where the button was.
    card = await openTaskChanges(page, tasks.busy.id);
    await card.getByText('it cannot be removed or merged while that work lasts').waitFor();
    await card.getByRole('button', { name: 'Remove the task' }).click();
    await card
      .getByText('The task "Count the boxes of records" cannot be removed while work on it is under way')
      .first()
      .waitFor();
    await screenshot(page, 'company-plan-remove-refused');

    // A workstream renamed and moved first, a new one, and the refined brief corrected.
    const plan = page.locator('.plan');
    await plan.getByText('Change or remove “Survey”').click();
    const survey = plan.locator('details.workstream-edit[open]');
    await survey.getByLabel('Title').fill('Site survey');
    await survey.getByLabel('Place in the plan (optional)').fill('1');
    await survey.getByRole('button', { name: 'Save the workstream' }).click();
    await plan.locator('ol > li').first().locator('strong', { hasText: 'Site survey' }).waitFor();
    await plan.locator('ol > li').first().getByText('Changed by you').waitFor();
    await plan.getByText('Add a workstream').click();
    const newWorkstream = plan.locator('details.workstream-add');
    await newWorkstream.getByLabel('Title').fill('Handover');
    await newWorkstream.getByRole('button', { name: 'Add the workstream' }).click();
    await plan.locator('ol > li').last().locator('strong', { hasText: 'Handover' }).waitFor();
    await plan.getByText('Change or remove “Handover”').click();
    await plan.getByRole('button', { name: 'Remove the workstream', exact: true }).click();
    await plan.locator('strong', { hasText: 'Handover' }).waitFor({ state: 'detached' });
    await page.getByText('Edit the refined brief').click();
    await page
      .getByLabel('Refined brief')
      .fill('Move the harbour records from paper into a searchable database by spring.');
    await page.getByRole('button', { name: 'Save the refined brief' }).click();
    await page.locator('.brief').getByText('by spring.').waitFor();

    // The history, folded away at the end, in plain words, newest first.
    const history = page.locator('#history');
    await history.getByText(/Show your changes to the plan \(9,/).click();
    await history.getByText(/^Removed the workstream "Handover"/).waitFor();
    await history.getByText('Asked for contributors for the task "Write the importer" again.').waitFor();
    await history.getByText('Edited the refined brief.').waitFor();
    await history.getByText('Added the workstream "Handover".').waitFor();
    await history.getByText('Removed the task "Load the old ledgers".').waitFor();
    await history.getByText('Merged the task "Design the schema" into "Write the importer".').waitFor();
    await history.getByText('Added the task "Load the old ledgers" to "Build".').waitFor();
    await history.getByText('Changed the task "Write the importer": estimate, skills.').waitFor();
    await history.getByText('Skills: Python → Python (advanced), SQL (supporting)').waitFor();
    await screenshot(page, 'company-plan-history');

    const asked = questions.join('\n');
    for (const question of [
      'Merge “Design the schema” into',
      'Remove the task “Load the old ledgers”?',
      'Remove the workstream “Handover”?',
    ]) {
      if (!asked.includes(question)) throw new Error(`not asked: ${question}\n${asked}`);
    }
    await context.close();
  });
});
