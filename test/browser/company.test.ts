import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { pngFile } from '../helpers/file-fixtures.ts';
import { seedSubmittedSolutions } from './company-setup.ts';
import {
  type Account,
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  PIPELINE_WAIT_MS,
  register,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

const BRIEF =
  'Our clinic network loses patients because booking a visit means calling during office hours. We want a mobile ' +
  'app for iOS and Android where patients book, move and cancel appointments, backed by a REST API that the ' +
  'reception desk software also uses, and a PostgreSQL database holding patients, doctors and time slots. ' +
  'Reminders should go out by SMS the day before. Success means half of all bookings made in the app within six ' +
  'months, with no double bookings. Patient data must stay in the EU.';

describe('the company side: profile, a challenge and its tasks, reviews [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();
  let company: Account;
  before(() => {
    company = newAccount('company', 'Clinic Group');
  });

  it('registers, completes the profile with a logo, submits a challenge and sees it analysed into tasks', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    await register(page, company);
    // Registration lands a new company on its profile form; the dashboard asks for the profile too.
    await page.waitForURL('**/company/profile');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Complete your company profile first' }).waitFor();
    await screenshot(page, 'company-dashboard-new');

    await page.getByRole('link', { name: 'Complete your company profile' }).click();
    await page.getByRole('heading', { name: 'Complete your company profile, Clinic Group' }).waitFor();
    await screenshot(page, 'company-profile-new');
    await page.getByLabel('Company name').fill('Clinic Group');
    await page.getByLabel('Industry (optional)').fill('Healthcare');
    await page.getByLabel('Website (optional)').fill('https://clinic.example.test');
    await page.getByLabel('About the company (optional)').fill('Twelve family clinics in the north.');
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFile() });
    await page.getByRole('button', { name: 'Complete the profile' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Clinic Group', level: 1 }).waitFor();
    await screenshot(page, 'company-dashboard');

    await page.goto('/company/profile');
    const logo = page.getByRole('img', { name: 'Clinic Group logo' });
    await logo.waitFor();
    assert.ok(
      await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
      'the logo loads',
    );
    await screenshot(page, 'company-profile');

    await page.getByRole('link', { name: 'New challenge' }).click();
    await page.getByLabel('Title').fill('Online booking for our clinics');
    const brief = page.getByRole('textbox', { name: 'Description' });
    const counter = page.locator('#field-description-counter');
    await brief.fill('Too short.');
    assert.equal(await counter.textContent(), '10 / 5000 characters (at least 100)');
    assert.ok(await counter.evaluate((node) => node.classList.contains('bad')));
    await page.getByRole('button', { name: 'Submit the challenge' }).click();
    await page.locator('[data-error-for=description]').filter({ hasText: /100/ }).waitFor();
    await screenshot(page, 'company-challenge-too-short');

    await brief.fill(BRIEF);
    assert.equal(await counter.textContent(), `${[...BRIEF].length} / 5000 characters`);
    assert.ok(!(await counter.evaluate((node) => node.classList.contains('bad'))));
    await page.getByRole('button', { name: 'Submit the challenge' }).click();
    await page.waitForURL(/\/challenges\/\d+$/);
    await page.getByRole('heading', { name: 'Online booking for our clinics', level: 1 }).waitFor();
    await screenshot(page, 'company-challenge-submitted');

    // The page polls the API while the worker runs the pipeline and reloads itself when the status moves on.
    await page.locator('.page-head .status.active').waitFor({ timeout: PIPELINE_WAIT_MS });
    await page.getByRole('heading', { name: 'Tasks', level: 2 }).waitFor();
    const tasks = await page.locator('li.task h4').allTextContents();
    assert.ok(tasks.length >= 3, `tasks: ${tasks.join(', ')}`);
    const work = (await page.locator('#tasks').textContent()) ?? '';
    assert.match(work, new RegExp(`0 of ${tasks.length} tasks done`), 'the progress bar says where the work stands');
    for (const area of [/mobile|ios|android/i, /api/i, /database|postgres|schema/i]) {
      assert.match(work, area, 'the brief names a mobile app, an API and a database');
    }
    // The analysis is the company's reference, folded away under the work.
    await page.getByRole('heading', { name: 'Analysis', exact: true }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Brief analysis' }).isVisible(), false);
    await page.getByText('Show the analysis of the brief').click();
    await page.getByRole('heading', { name: 'Brief analysis' }).waitFor();
    await screenshot(page, 'company-challenge-active');
    await page.getByRole('link', { name: 'Challenges', exact: true }).first().click();
    await page.getByRole('link', { name: 'My challenges' }).click();
    await page.getByRole('heading', { name: 'My challenges 1' }).waitFor();
    await screenshot(page, 'company-my-challenges');
    await context.close();
  });

  it('approves one submitted solution and sends another back with a note [solutions set up through the API]', async () => {
    const db = openServerDatabase(running.server);
    const seeded = await seedSubmittedSolutions(db.db, running.server.url, company.email).finally(() => db.destroy());
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.goto('/login');
    await page.getByLabel('Email').fill(company.email);
    await page.locator('input[name=password]').fill(company.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('2 contributors have handed in work on your tasks.').waitFor();

    await page.getByRole('link', { name: 'Review the solutions' }).click();
    await page.getByRole('heading', { name: 'Solutions to review 2' }).waitFor();
    await screenshot(page, 'company-reviews');
    const [approved, sentBack] = seeded.assignments;

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Rota data model.pdf' }).click();
    assert.equal((await download).suggestedFilename(), 'Rota data model.pdf');

    const approve = page.locator(`form[data-api="/api/assignments/${approved.id}/complete"]`);
    assert.equal(await approve.getByLabel('Hours to record').inputValue(), '6.5');
    const approvedCard = page.locator('article', { hasText: 'Rota data model' });
    assert.match(await approvedCard.innerText(), /Hours submitted in all: 6\.5 hours over 1 version\./);
    await approve.getByLabel('Rating (optional)').selectOption('4');
    await approve.getByLabel('Comment for Grace Hopper (optional)').fill('Clear model, well documented.');
    // Approving asks first: dismissed, nothing is sent; accepted, the work is approved.
    page.once('dialog', (dialog) => dialog.dismiss());
    await approve.getByRole('button', { name: 'Approve and complete' }).click();
    await page.getByRole('heading', { name: 'Solutions to review 2' }).waitFor();
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      return dialog.accept();
    });
    await approve.getByRole('button', { name: 'Approve and complete' }).click();
    await page.waitForURL(`**/challenges/${seeded.challengeId}#task-*`);
    assert.match(questions[0] ?? '', /^Approve “Rota data model” by Grace Hopper\? This completes the task/);
    const approvedRead = await fetch(`${running.server.url}/api/assignments/${approved.id}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${approved.token}` },
    });
    const review = (await approvedRead.json()) as { status: string; rating: number; review_comment: string };
    assert.deepEqual(
      [review.status, review.rating, review.review_comment],
      ['completed', 4, 'Clear model, well documented.'],
    );
    const approvedTask = page.locator('li.task', { hasText: 'Rota data model' });
    await approvedTask.getByText('Completed').first().waitFor();
    await screenshot(page, 'company-challenge-after-approval');

    await page.goto('/reviews');
    const card = page.locator('article', { hasText: 'Shift reminder emails' });
    await card.getByText('Send it back for changes').click();
    await card.getByLabel('What should Alan Turing change?').fill('Please add the opt-out link to every reminder.');
    await screenshot(page, 'company-send-back');
    // An empty note is refused by the API, with its message next to the field.
    await card.getByLabel('What should Alan Turing change?').fill('');
    await card.getByRole('button', { name: 'Send back with this note' }).click();
    await card.getByText('The note field is required.').first().waitFor();
    await card.getByLabel('What should Alan Turing change?').fill('Please add the opt-out link to every reminder.');
    await card.getByRole('button', { name: 'Send back with this note' }).click();
    await page.getByRole('heading', { name: 'Solutions to review 0' }).waitFor();

    const response = await fetch(`${running.server.url}/api/assignments/${sentBack.id}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${sentBack.token}` },
    });
    assert.equal(((await response.json()) as { status: string }).status, 'in_progress');
    await context.close();
  });
});
