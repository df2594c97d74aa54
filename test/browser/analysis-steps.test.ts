import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
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
 * The live step indicator in Chromium (issue 13, item 3): the challenge page and the contributor's profile show the
 * analysis' current step, and move on to the next by themselves (app.js polls the API every 3 s) when the job
 * records it. The steps are set in the database here, as the job does between its stages, so nothing waits for a
 * real analysis; axe checks both pages at both widths.
 */

async function currentStep(page: Page, list: string): Promise<string> {
  return (await page.getByRole('list', { name: list }).locator('[aria-current="step"]').innerText()).trim();
}

describe('analysis step indicator in Chromium', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('marks the current step of a brief and of a CV analysis and follows the job to the next one', async () => {
    const { server, browser } = running;
    const database = openServerDatabase(server);
    const { context, page } = await newPage(browser, server.url);
    try {
      const companyEmail = uniqueEmail('company');
      const company = await createCompany(database.db, {
        user: { email: companyEmail, ...(await withPassword()) },
      });
      const challenge = await createChallenge(database.db, company.company.id, {
        status: 'analyzing',
        ai_analysis_status: 'processing',
        ai_analysis_step: 'reading',
      });
      await signIn(page, { email: companyEmail, password: PASSWORD });
      await page.goto(`/challenges/${challenge.id}`);
      assert.match(await currentStep(page, 'Analysis steps'), /^Reading the brief\s+now$/);
      await screenshot(page, 'challenge-analysis-steps');

      await database.db
        .updateTable('challenges')
        .set({ ai_analysis_step: 'planning' })
        .where('id', '=', challenge.id)
        .execute();
      await page
        .getByRole('list', { name: 'Analysis steps' })
        .locator('[aria-current="step"]', { hasText: 'Planning the tasks' })
        .waitFor({ timeout: 15_000 });
      assert.deepEqual(
        (await page.getByRole('list', { name: 'Analysis steps' }).locator('li').allInnerTexts()).map((text) =>
          text.replace(/\s+/g, ' ').trim(),
        ),
        [
          'Reading the brief done',
          'Understanding what it asks done',
          'Planning the tasks now',
          'Inviting contributors next',
        ],
      );
      await context.clearCookies();

      const contributorEmail = uniqueEmail('contributor');
      const person = await createVolunteer(database.db, {
        user: { email: contributorEmail, ...(await withPassword()) },
        volunteer: {
          cv_file_name: 'cv.pdf',
          cv_uploaded_at: new Date().toISOString(),
          ai_analysis_status: 'processing',
          ai_analysis_step: 'understanding',
        },
      });
      await signIn(page, { email: contributorEmail, password: PASSWORD });
      await page.goto('/profile');
      assert.match(await currentStep(page, 'CV analysis steps'), /^Understanding your skills and experience\s+now$/);
      await screenshot(page, 'profile-cv-analysis-steps');

      await database.db
        .updateTable('volunteers')
        .set({ ai_analysis_step: 'matching' })
        .where('id', '=', person.volunteer.id)
        .execute();
      await page
        .getByRole('list', { name: 'CV analysis steps' })
        .locator('[aria-current="step"]', { hasText: 'Matching you to tasks' })
        .waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
      await database.destroy();
    }
  });
});
