import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  apiToken,
  hasChromium,
  newAccount,
  newPage,
  PIPELINE_WAIT_MS,
  type RunningServer,
  register,
  reloadUntil,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

/** A brief asking for ideas: the local analyzer sends it to community discussion (test/pipeline). */
const BRIEF = fs.readFileSync('test/fixtures/briefs/community-volunteer-retention-ideas.txt', 'utf8');
const IDEA = fs.readFileSync('test/fixtures/ideas/community-volunteer-retention-ideas/good-buddy-system.txt', 'utf8');

async function contributor(browser: Browser, server: RunningServer, name: string) {
  const session = await newPage(browser, server.url);
  await register(session.page, newAccount('contributor', name));
  await session.page.getByLabel('Your field').fill('Community work');
  await session.page.getByLabel('Hours a week you can give').fill('5');
  await session.page.getByRole('button', { name: 'Complete my profile' }).click();
  await session.page.getByRole('heading', { name: 'Your CV' }).waitFor();
  return session;
}

describe('community ideas [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('a contributor posts an idea, the worker scores it, another votes on it; notifications tell and are marked read', async () => {
    // The company's brief, through the API with the token its web login handed over; the analyzer decides its type.
    const company = await newPage(running.browser, running.server.url);
    await register(company.page, newAccount('company', 'Paws Shelter'));
    const token = await apiToken(company.page);
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${running.server.url}${url}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, data: (await response.json()) as Record<string, unknown> };
    };
    assert.equal((await api('POST', '/api/companies/complete-profile', { company_name: 'Paws Shelter' })).status, 201);
    const [title, ...description] = BRIEF.split('\n');
    const posted = await api('POST', '/api/challenges', { title, description: description.join('\n').trim() });
    assert.equal(posted.status, 201);
    const challengeUrl = `/challenges/${posted.data.id}`;
    const deadline = Date.now() + PIPELINE_WAIT_MS;
    for (;;) {
      const { data } = await api('GET', `/api/challenges/${posted.data.id}`);
      if (data.status === 'active') {
        assert.equal(data.challenge_type, 'community_discussion');
        break;
      }
      if (Date.now() > deadline) assert.fail(`the brief was not analysed (status ${data.status})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const author = await contributor(running.browser, running.server, 'Mary Seacole');
    await author.page.goto(challengeUrl);
    const [ideaTitle, ...ideaText] = IDEA.split('\n');
    await author.page.getByLabel('Title').fill(ideaTitle);
    await author.page.getByLabel('Your idea').fill(ideaText.join('\n').trim());
    await author.page.getByRole('button', { name: 'Post the idea' }).click();
    // Back on the challenge, newest first: the idea is listed, waiting for its score or (a fast worker) scored.
    await author.page.locator('#ideas li.card', { hasText: ideaTitle }).waitFor();
    await screenshot(author.page, 'community-idea-posted');
    await reloadUntil(author.page, challengeUrl, '#ideas .status.scored', 'the idea scoring');
    await author.page.getByText('This is your idea: others vote on it.').waitFor();

    const voter = await contributor(running.browser, running.server, 'Florence Nightingale');
    await voter.page.goto(challengeUrl);
    const idea = voter.page.locator('#ideas li.card', { hasText: ideaTitle });
    assert.match((await idea.locator('[data-votes]').textContent()) ?? '', /0 up, 0 down, total 0/);
    await idea.getByRole('button', { name: 'Vote up' }).click();
    await idea.getByText('You voted this idea up.').waitFor();
    assert.match((await idea.locator('[data-votes]').textContent()) ?? '', /1 up, 0 down, total \+1/);
    assert.equal(await idea.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed'), 'true');
    await idea.locator('details summary', { hasText: 'AI feedback' }).click();
    await screenshot(voter.page, 'community-idea-voted');
    await voter.context.close();

    // The author is told the idea was scored; the company that a new idea arrived.
    await author.page.goto('/notifications');
    const scored = author.page.locator('li.card', { hasText: 'Idea scored' });
    await scored.getByText('Unread').waitFor();
    await screenshot(author.page, 'notifications-unread');
    await scored.getByRole('button', { name: 'Mark read' }).click();
    await scored.getByText('Read', { exact: true }).waitFor();
    await author.page.goto('/ideas');
    await author.page.getByRole('heading', { name: ideaTitle }).waitFor();
    await screenshot(author.page, 'my-ideas');
    await author.context.close();

    await company.page.goto('/notifications');
    await company.page.locator('li.card', { hasText: 'New idea' }).first().waitFor();
    await company.page.getByRole('button', { name: 'Mark all read' }).click();
    await company.page.getByText('Notifications 0 unread').or(company.page.getByText('0 unread')).first().waitFor();
    await company.page.goto('/notifications?filter=unread');
    await company.page.getByText('Nothing unread. You are up to date.').waitFor();
    await company.context.close();
  });
});
