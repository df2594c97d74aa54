import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  ensureSkill,
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
 * The contributor's dashboard and profile in Chromium (issue 13, item 3): the challenge they work on with its
 * progress bar and the words it stands for, and the skills as grouped chips with level bars; axe checks both pages
 * at both widths (the bars are hidden from screen readers, the words are not).
 */

describe('contributor progress and skill chips in Chromium', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('shows the challenge worked on with its progress, and the skills as grouped chips', async () => {
    const { server, browser } = running;
    const database = openServerDatabase(server);
    const { context, page } = await newPage(browser, server.url);
    try {
      const email = uniqueEmail('contributor');
      const me = await createVolunteer(database.db, {
        user: { email, name: 'Ada Lovelace', ...(await withPassword()) },
      });
      for (const [name, category, level] of [
        ['Python', 'technical', 'expert'],
        ['SQL', 'technical', 'intermediate'],
        ['Mentoring', 'soft', 'advanced'],
      ] as const) {
        await ensureSkill(database.db, name, category);
        await addVolunteerSkill(database.db, me.volunteer.id, name, level);
      }
      const company = await createCompany(database.db, { company: { company_name: 'Harbour Trust' } });
      const rota = await createChallenge(database.db, company.company.id, { title: 'Volunteer rota app' });
      const mine = await createTask(database.db, rota.id, { title: 'Rota data model', status: 'in_progress' });
      for (const status of ['completed', 'completed', 'assigned', 'matching']) {
        await createTask(database.db, rota.id, { status });
      }
      await createAssignment(database.db, mine.id, me.volunteer.id, { status: 'in_progress' });

      await signIn(page, { email, password: PASSWORD });
      await page.waitForURL('**/dashboard');
      const worked = page.locator('section[aria-labelledby="worked-title"]');
      await worked.getByRole('link', { name: 'Volunteer rota app' }).waitFor();
      assert.equal(
        await worked.locator('figcaption').innerText(),
        '2 of 5 tasks done, 1 in progress, 1 staffed, 1 still to staff',
      );
      assert.equal(await worked.locator('svg.bar').getAttribute('aria-hidden'), 'true');
      await page.getByRole('heading', { name: 'Working with people' }).waitFor();
      await screenshot(page, 'contributor-dashboard-progress');

      await page.goto('/profile');
      const chips = page.locator('.skills-at-a-glance');
      assert.deepEqual(await chips.locator('h3').allInnerTexts(), ['Technical', 'Working with people']);
      const words = (await chips.locator('.skill-chip').allTextContents()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
      assert.deepEqual(words, ['Python expert, 4 of 4', 'SQL intermediate, 2 of 4', 'Mentoring advanced, 3 of 4']);
      await screenshot(page, 'profile-skill-chips');

      // The challenge list's cards carry the company's logo, or its initials.
      await page.goto('/challenges');
      await page.locator('li.challenge-card', { hasText: 'Volunteer rota app' }).locator('.logo').waitFor();
      await screenshot(page, 'challenges-list-logos');
    } finally {
      await context.close();
      await database.destroy();
    }
  });
});
