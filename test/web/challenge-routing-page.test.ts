import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/** The challenge page after the real analysis (local analyzers): how the brief was routed, and why. */
for (const dialect of testDialects()) {
  describe(`challenge page: routing and its reasons [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A company that can sign in posts the brief fixture `name`; the analysis runs; its page is read. */
    async function analysedPage(name: string) {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const { title, description } = briefFixture(name);
      const posted = await apiClient(ctx.app, company.token).post('/api/challenges', { title, description });
      assert.equal(posted.statusCode, 201);
      await runQueuedJobs(ctx);
      const id = posted.data.id as number;
      const page = await (await signedIn(ctx.app, company.user.email)).get(`/challenges/${id}`);
      assert.equal(page.statusCode, 200);
      return { id, text: parsePage(page.body).text, body: page.body };
    }

    it('shows the owner why an open call became a community discussion', async () => {
      const { text } = await analysedPage('community-name-for-repair-cafe');
      assert.match(text, /Routed to community discussion Contributors propose ideas and vote on them/);
      assert.match(text, /Why: Complexity level 1 of 4\. The brief asks for name ideas/);
    });

    it('shows why a brief with phases, a deadline and a budget became team execution; contributors see only the route, never the analysis notes', async () => {
      const { id, text } = await analysedPage('operations-dental-clinic-relocation');
      assert.match(
        text,
        /Analysis Show the analysis of the brief \(3 stages, only your company sees it\) Brief analysis/,
      );
      assert.match(text, /Routed to team execution The work is split into workstreams and tasks/);
      assert.match(
        text,
        /Why: Complexity level \d of 4\. The brief lays out three phases, .*sets a deadline and gives a budget\./,
      );
      const person = await createVolunteer(ctx.db, { user: await withPassword() });
      const seen = parsePage((await (await signedIn(ctx.app, person.user.email)).get(`/challenges/${id}`)).body).text;
      assert.match(seen, /Routed to team execution/);
      assert.match(seen, /Overview .* Tasks \d+ tasks/);
      assert.doesNotMatch(
        seen,
        /Why:|Show the analysis|Brief analysis|Complexity assessment|Recommended approach|Risks/,
      );
    });

    it('shows the owner the concrete reason an unlawful request was rejected, and where to go next', async () => {
      const { body, text } = await analysedPage('unlawful-scrape-linkedin-contacts');
      assert.match(
        text,
        /This challenge was not accepted Guild cannot take this brief on: it asks to collect people's personal details .* without their consent/,
      );
      assert.match(text, /A rejected brief cannot be edited\. Post a new challenge that addresses this\./);
      assert.equal(parsePage(body).link('Post a new challenge').href, '/challenges/new');
      assert.doesNotMatch(text, /Routed to/);
    });

    it('shows a sales pitch rejected as a sales pitch', async () => {
      const { text } = await analysedPage('spam-sales-pitch-office-cleaning');
      assert.match(text, /This challenge was not accepted The brief is a sales pitch or an advert, not a challenge/);
    });
  });
}
