import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createIdea, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

const DEADLINE = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

for (const dialect of testDialects()) {
  describe(`a contest's public page [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A community contest with a scored idea (commented on), a pending one, and the people who could leak. */
    async function contest(overrides: Record<string, unknown> = {}) {
      const owner = await createCompany(ctx.db, {
        user: await withPassword(),
        company: { company_name: 'Paws Shelter' },
      });
      const author = await createVolunteer(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, owner.company.id, {
        ...COMMUNITY,
        title: 'Keep our volunteers',
        refined_brief: 'Ideas to keep weekend volunteers coming back for a second season.',
        deadline: DEADLINE,
        prize: 'A paid pilot',
        judging_criteria: 'Costs little\nStarts this spring',
        is_public: 1,
        ...overrides,
      });
      const idea = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Buddy system',
        ai_score: 72,
        final_score: 58.8,
        shortlisted_at: new Date().toISOString(),
        ai_feedback: JSON.stringify({
          summary: 'Private feedback for the author',
          strengths: [],
          weaknesses: [],
          suggestions: [],
          scores: { feasibility: 70, innovation: 70, impact: 70, alignment: 70 },
        }),
      });
      await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Unscored draft',
        status: 'pending_review',
      });
      await ctx.db
        .insertInto('idea_comments')
        .values({ idea_id: idea.id, user_id: owner.user.id, body: 'A private word', created_at: DEADLINE })
        .execute();
      return { owner, author, challenge, idea };
    }

    it('shows an opted-in contest to a signed-out visitor: brief, terms, scored ideas, a way in; nothing personal', async () => {
      const { owner, author, challenge, idea } = await contest();
      const response = await webClient(ctx.app).get(`/challenges/${challenge.id}/public`);
      assert.equal(response.statusCode, 200);
      assert.ok(!response.headers['set-cookie'], 'no session is started for a reader');
      assert.match(response.body, /localStorage\.removeItem\('api_token'\)/);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(1), ['Keep our volunteers']);
      const text = page.text;
      assert.match(text, /A community challenge by Paws Shelter/);
      assert.match(text, /Ideas to keep weekend volunteers coming back for a second season\./);
      assert.match(text, /Deadline .* UTC Open Prize A paid pilot Judging criteria Costs little Starts this spring/);
      assert.match(
        page.textOf(`#idea-${idea.id}`),
        /Buddy system Shortlisted .* AI score 72 \/ 100 .* Final score 58\.8 How the final score is computed: 0\.4 × AI score 72/,
      );
      assert.equal(
        page.link('Sign in to take part').href,
        `/login?next=${encodeURIComponent(`/challenges/${challenge.id}`)}`,
      );
      for (const secret of [
        author.user.name,
        author.user.email,
        owner.user.name,
        owner.user.email,
        'Private feedback for the author',
        'A private word',
        'Unscored draft',
      ]) {
        assert.ok(!response.body.includes(secret), `the page shows no "${secret}"`);
      }
      assert.equal(page.forms().filter((form) => form.target.startsWith('/api/')).length, 0, 'read-only');
    });

    it('shows the winners, and a signed-in reader the way to the challenge itself', async () => {
      const { author, challenge, idea } = await contest({ winners_announced_at: new Date().toISOString() });
      await ctx.db.updateTable('ideas').set({ winner_rank: 1 }).where('id', '=', idea.id).execute();
      const page = parsePage((await webClient(ctx.app).get(`/challenges/${challenge.id}/public`)).body);
      assert.match(page.textOf('.winners'), /Winners Announced .* First place: Buddy system/);
      assert.match(page.text, /The winners have been announced\. This challenge no longer takes ideas or votes\./);

      const member = await signedIn(ctx.app, author.user.email);
      const signedInPage = parsePage((await member.get(`/challenges/${challenge.id}/public`)).body);
      assert.equal(signedInPage.link('Open this challenge in Guild').href, `/challenges/${challenge.id}`);
    });

    it('answers the 404 page for every challenge that is not an opted-in, visible community discussion', async () => {
      const owner = await createCompany(ctx.db);
      const cases: Array<[string, Record<string, unknown>]> = [
        ['not opted in', { ...COMMUNITY, is_public: 0 }],
        ['team work', { is_public: 1 }],
        ['a draft', { ...COMMUNITY, is_public: 1, status: 'submitted' }],
        ['being analysed', { ...COMMUNITY, is_public: 1, status: 'analyzing' }],
        ['archived', { ...COMMUNITY, is_public: 1, status: 'archived' }],
        ['rejected', { ...COMMUNITY, is_public: 1, status: 'rejected' }],
      ];
      const paths: Array<[string, string]> = [
        ['unknown', '/challenges/999999/public'],
        ['not an id', '/challenges/abc/public'],
      ];
      for (const [what, overrides] of cases) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { title: `Hidden: ${what}`, ...overrides });
        paths.push([what, `/challenges/${challenge.id}/public`]);
      }
      for (const [what, path] of paths) {
        const response = await webClient(ctx.app).get(path);
        assert.equal(response.statusCode, 404, what);
        const page = parsePage(response.body);
        assert.match(page.text, /Page not found/, what);
        assert.ok(!page.text.includes('Hidden:'), `${what}: no title leaks`);
      }
      // Completed and in-progress contests stay public: a company shares a finished contest's results.
      for (const status of ['in_progress', 'completed']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, is_public: 1, status });
        assert.equal((await webClient(ctx.app).get(`/challenges/${challenge.id}/public`)).statusCode, 200, status);
      }
    });

    it("links the owner's page to the public page while it is public, and only then", async () => {
      const { owner, challenge } = await contest();
      const client = await signedIn(ctx.app, owner.user.email);
      const page = parsePage((await client.get(`/challenges/${challenge.id}`)).body);
      assert.equal(page.link(`/challenges/${challenge.id}/public`).href, `/challenges/${challenge.id}/public`);
      assert.equal(page.control('Show this challenge on a public page').name, 'public');
      await ctx.db.updateTable('challenges').set({ is_public: 0 }).where('id', '=', challenge.id).execute();
      const privatePage = parsePage((await client.get(`/challenges/${challenge.id}`)).body);
      assert.ok(!privatePage.hrefs().includes(`/challenges/${challenge.id}/public`));
    });
  });
}
