import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { pdfFile } from '../helpers/file-fixtures.ts';
import { seedInvitations } from './contributor-setup.ts';
import {
  apiToken,
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  PIPELINE_WAIT_MS,
  register,
  reloadUntil,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

/**
 * The contributor's side of the lifecycle in a real browser against the real server (embedded worker, local
 * analyzer): profile, CV and the skills the worker finds; an invitation from matching, accepted, started and answered
 * with a solution and an attachment; and the one-active-task rule.
 */
const CV = path.resolve('test/fixtures/cvs/data-scientist.docx');
const BRIEF = fs.readFileSync('test/fixtures/briefs/data-demand-forecasting.txt', 'utf8');

/** One h1, and no heading deeper than one level below the heading before it (what screen-reader users skim by). */
async function assertHeadingsInOrder(page: Page, name: string): Promise<void> {
  const levels = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
  assert.equal(levels.filter((level) => level === 1).length, 1, `${name}: one h1`);
  levels.forEach((level, index) => {
    assert.ok(index === 0 || level <= levels[index - 1] + 1, `${name}: h${level} after h${levels[index - 1]}`);
  });
}

/** Screenshots (harness), of a page whose headings are in order. */
async function screenshots(page: Page, name: string): Promise<void> {
  await assertHeadingsInOrder(page, name);
  await screenshot(page, name);
}

async function completeProfile(page: Page): Promise<void> {
  await page.getByLabel('Your field').fill('Data science');
  await page.getByLabel('Hours a week you can give').fill('20');
  await page.getByLabel('About you (optional)').fill('I turn messy spreadsheets into forecasts people can use.');
  await page.getByRole('button', { name: 'Complete my profile' }).click();
  await page.getByRole('heading', { name: 'Your CV' }).waitFor();
}

/** On an accepted assignment's page: starts the task and submits a solution with an attachment. */
async function startAndSubmit(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Start the task' }).click();
  await page.locator('h1 + .status.in_progress').waitFor();
  await page.getByLabel('What did you do?').fill('Built the forecast notebook and the weekly report template.');
  await page.getByText(/^59 \/ 10000 characters$/).waitFor();
  await page.getByLabel('Link to your work (optional)').fill('https://example.test/forecast');
  await page.getByLabel('Hours worked').fill('7.5');
  await page
    .getByLabel('Attachments (optional)')
    .setInputFiles([{ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfFile('Forecast report') }]);
  await screenshots(page, `${name}-submit-form`);
  await page.getByRole('button', { name: 'Submit solution' }).click();
  await page.getByRole('heading', { name: 'Your solution' }).waitFor();
  await page.getByRole('link', { name: 'report.pdf' }).waitFor();
  assert.match((await page.locator('h1 + .status').textContent()) ?? '', /Submitted/);
  await screenshots(page, `${name}-submitted`);
}

describe('the contributor journey [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('completes the profile, uploads a CV, sees the skills the worker found, is invited by matching, accepts, starts and submits', async () => {
    // A company's challenge, through the API with the token its web login handed over.
    const company = await newPage(running.browser, running.server.url);
    await register(company.page, newAccount('company', 'Pantry Network'));
    const token = await apiToken(company.page);
    const api = (method: string, url: string, body: unknown) =>
      fetch(`${running.server.url}${url}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    assert.equal(
      (await api('POST', '/api/companies/complete-profile', { company_name: 'Pantry Network' })).status,
      201,
    );
    const [title, ...description] = BRIEF.split('\n');
    const challenge = await api('POST', '/api/challenges', { title, description: description.join('\n').trim() });
    assert.equal(challenge.status, 201);
    await company.context.close();

    const { context, page } = await newPage(running.browser, running.server.url);
    await register(page, newAccount('contributor', 'Dana Scully'));
    assert.equal(new URL(page.url()).pathname, '/profile');
    await screenshots(page, 'contributor-profile-new');
    await completeProfile(page);

    await page.getByLabel('Upload your CV').setInputFiles(CV);
    await page.getByRole('button', { name: 'Upload CV' }).click();
    await page.getByText('Current CV: data-scientist.docx').waitFor();
    // The page watches the analysis (app.js data-poll) and reloads itself when the worker is done.
    await page
      .getByRole('cell', { name: /from your CV/ })
      .first()
      .waitFor({ timeout: PIPELINE_WAIT_MS })
      .catch(() => assert.fail('the CV analysis did not complete (is the volunteer.analyze-cv job registered?)'));
    for (const skill of ['Python', 'pandas', 'scikit-learn']) {
      await page.getByRole('rowheader', { name: skill, exact: false }).first().waitFor();
    }
    await screenshots(page, 'contributor-profile-skills');

    await reloadUntil(page, '/assignments', 'form[data-api$="/accept"]', 'an invitation from matching');
    await screenshots(page, 'contributor-assignments');
    await page.goto('/dashboard');
    await screenshots(page, 'contributor-dashboard');
    await page.goto('/tasks/available');
    await screenshots(page, 'contributor-tasks-available');

    await page.goto('/assignments');
    await page.getByRole('button', { name: 'Accept invitation' }).first().click();
    await page.waitForURL(/\/assignments\/\d+$/);
    await startAndSubmit(page, 'contributor-matched');
    await context.close();
  });

  it('explains the one-active-task rule on a second accept, then starts and submits the first task [invitations set up in the database]', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    const account = newAccount('contributor', 'Fox Mulder');
    await register(page, account);
    await completeProfile(page);
    await page.getByLabel('Hours a week you can give').fill('25');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your details were saved.').waitFor();
    assert.equal(await page.getByLabel('Hours a week you can give').inputValue(), '25');
    const db = openServerDatabase(running.server);
    const [first, second] = await seedInvitations(db.db, account.email);
    await db.destroy();

    // The list is open before the first invitation is accepted in another tab: the API refuses the second accept
    // and the page explains the rule, linking to the task now held.
    await page.goto('/assignments');
    await page.getByRole('heading', { name: 'Invitations 2' }).waitFor();
    const otherTab = await context.newPage();
    await otherTab.goto(`/assignments/${first}`);
    await otherTab.getByRole('button', { name: 'Accept invitation' }).click();
    await otherTab.waitForURL(`**/assignments/${first}`);
    await otherTab.getByRole('button', { name: 'Start the task' }).waitFor();
    await screenshots(otherTab, 'contributor-assignment-accepted');
    await otherTab.close();

    await page.locator(`form[data-api="/api/assignments/${second}/accept"] button`).click();
    const refusal = page.locator(`form[data-api="/api/assignments/${second}/accept"] [data-error-when]`);
    await refusal.waitFor({ state: 'visible' });
    assert.match((await refusal.textContent()) ?? '', /You can work on one task at a time\./);
    assert.equal(await refusal.getByRole('link').getAttribute('href'), `/assignments/${first}`);
    await page.getByText('You already have an active task. Finish it before accepting another one.').waitFor();
    await screenshots(page, 'contributor-active-rule');

    // Opened afresh, the invitation says the rule before anything is clicked.
    await page.goto(`/assignments/${second}`);
    await page.getByText('You can work on one task at a time.').waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Open your active task' }).getAttribute('href'),
      `/assignments/${first}`,
    );

    await page.getByRole('link', { name: 'Open your active task' }).click();
    await page.waitForURL(`**/assignments/${first}`);
    await startAndSubmit(page, 'contributor-seeded');
    await page.goto('/dashboard');
    await screenshots(page, 'contributor-dashboard-seeded');
    await page.goto('/assignments');
    await screenshots(page, 'contributor-assignments-seeded');
    await context.close();
  });
});
