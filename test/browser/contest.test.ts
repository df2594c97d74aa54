import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { createIdea, createVolunteer } from '../helpers/factories.ts';
import {
  apiToken,
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  PIPELINE_WAIT_MS,
  register,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

/** A brief asking for ideas: the local analyzer sends it to community discussion (test/pipeline). */
const BRIEF = fs.readFileSync('test/fixtures/briefs/community-volunteer-retention-ideas.txt', 'utf8');

/** A date `days` from now as the date field takes it (YYYY-MM-DD, UTC). */
const dateIn = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('community challenges as contests [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('a company sets deadline and prize, a contributor comments, the company shortlists and picks winners; the public page shows them', async () => {
    const company = await newPage(running.browser, running.server.url);
    await register(company.page, newAccount('company', 'Paws Shelter'));
    const token = await apiToken(company.page);
    const profile = await fetch(`${running.server.url}/api/companies/complete-profile`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ company_name: 'Paws Shelter' }),
    });
    assert.equal(profile.status, 201);

    // The submission form: the brief, and the contest settings in case the analysis makes it a discussion.
    const { page } = company;
    await page.goto('/challenges/new');
    const [title, ...description] = BRIEF.split('\n');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill(description.join('\n').trim());
    await page.getByLabel('Deadline (optional)').fill(dateIn(7));
    await page.getByLabel('Prize (optional)').fill('A paid pilot with our volunteer team');
    await page.getByLabel('Judging criteria (optional)').fill('Costs little to run\nCan start this spring');
    await screenshot(page, 'contest-new-challenge');
    await page.getByRole('button', { name: 'Submit the challenge' }).click();
    await page.waitForURL(/\/challenges\/\d+$/);
    const challengeUrl = new URL(page.url()).pathname;
    const challengeId = Number(challengeUrl.split('/').at(-1));
    await page.locator('.page-head .status.active').waitFor({ timeout: PIPELINE_WAIT_MS });
    const terms = page.locator('.contest-terms');
    await terms.getByText('A paid pilot with our volunteer team').waitFor();
    await page.locator('.criteria li', { hasText: 'Can start this spring' }).waitFor();

    // The owner opts in to the public page through the contest settings (the checkbox is sent as true).
    await page.getByText('Contest settings', { exact: true }).click();
    await page.getByLabel('Show this challenge on a public page').check();
    await page.getByRole('button', { name: 'Save the contest settings' }).click();
    await page.getByRole('link', { name: `/challenges/${challengeId}/public` }).waitFor();

    // Two scored ideas by contributors, written into the server's database (scoring is covered elsewhere).
    const db = openServerDatabase(running.server);
    const ideas = await (async () => {
      const author = await createVolunteer(db.db, { user: { name: 'Mary Seacole' } });
      const other = await createVolunteer(db.db, { user: { name: 'Edith Cavell' } });
      return [
        await createIdea(db.db, challengeId, author.volunteer.id, {
          title: 'Buddy system',
          ai_score: 78,
          final_score: 61.2,
        }),
        await createIdea(db.db, challengeId, other.volunteer.id, {
          title: 'Weekend rota app',
          ai_score: 64,
          final_score: 55.6,
        }),
      ];
    })();

    // A contributor reads the scores and how they are made, and comments on an idea.
    const contributor = await newPage(running.browser, running.server.url);
    await register(contributor.page, newAccount('contributor', 'Florence Nightingale'));
    await contributor.page.goto(challengeUrl);
    const buddy = contributor.page.locator(`#idea-${ideas[0].id}`);
    await buddy.getByText(/How the final score is computed: 0\.4 × AI score 78/).waitFor();
    await buddy.getByText('Comments (0)').click();
    await buddy.getByLabel('Add a comment').fill('Who pairs the buddies, and how often?');
    await buddy.getByRole('button', { name: 'Post the comment' }).click();
    await contributor.page.waitForURL(/thread=/);
    const thread = contributor.page.locator(`#comments-${ideas[0].id}`);
    await thread.getByText('Who pairs the buddies, and how often?').waitFor();
    assert.equal(await thread.getAttribute('open'), '', 'the thread posted to comes back open');
    await screenshot(contributor.page, 'contest-idea-commented');

    // The company shortlists the first idea.
    await page.goto(challengeUrl);
    const owned = page.locator(`#idea-${ideas[0].id}`);
    await owned.getByRole('button', { name: 'Shortlist', exact: true }).click();
    await owned.getByText('Shortlisted', { exact: true }).waitFor();
    await owned.getByRole('button', { name: 'Take off the shortlist' }).waitFor();
    await page.getByText('You choose the winners once ideas and votes close at the deadline').waitFor();
    await screenshot(page, 'contest-shortlisted');

    // The deadline passes (moved back in the database rather than waiting a week): ideas and votes close.
    await db.db
      .updateTable('challenges')
      .set({ deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', challengeId)
      .execute();
    await db.destroy();
    await contributor.page.goto(challengeUrl);
    await contributor.page.getByText('This challenge is closed: ideas and votes closed at its deadline.').waitFor();
    assert.equal(await contributor.page.getByRole('button', { name: 'Vote up' }).count(), 0);
    assert.equal(await contributor.page.getByRole('button', { name: 'Post the idea' }).count(), 0);

    // The company picks the winners, confirms, and the page shows them.
    await page.goto(challengeUrl);
    await page.getByLabel('First place').selectOption(String(ideas[0].id));
    await page.getByLabel('Second place').selectOption(String(ideas[1].id));
    await screenshot(page, 'contest-choose-winners');
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Announce the winners' }).click();
    const winners = page.locator('.winners');
    await winners.getByText('First place:').waitFor();
    assert.match(question, /Every participant is notified/);
    assert.match((await winners.textContent()) ?? '', /First place:\s*Buddy system.*Second place:\s*Weekend rota app/s);
    assert.equal(
      await page.getByRole('button', { name: 'Shortlist', exact: true }).count(),
      0,
      'the shortlist is final',
    );
    await screenshot(page, 'contest-winners');

    await contributor.page.goto(challengeUrl);
    await contributor.page.getByText('The winners have been announced.').waitFor();
    await contributor.context.close();
    await company.context.close();

    // Anyone with the link reads the results, without names.
    const visitor = await newPage(running.browser, running.server.url);
    await visitor.page.goto(`/challenges/${challengeId}/public`);
    await visitor.page.locator('.winners').getByText('Buddy system').waitFor();
    await visitor.page.getByRole('link', { name: 'Sign in to take part' }).waitFor();
    const text = (await visitor.page.locator('main').textContent()) ?? '';
    for (const name of ['Mary Seacole', 'Edith Cavell', 'Florence Nightingale', 'Who pairs the buddies']) {
      assert.ok(!text.includes(name), `the public page shows no "${name}"`);
    }
    await screenshot(visitor.page, 'contest-public-page');
    await visitor.context.close();
  });
});
