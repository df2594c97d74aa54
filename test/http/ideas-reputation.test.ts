import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { IDEA_AWARD_LIMITS } from '../../src/modules/reputation/reputation.ts';
import { scoreIdea } from '../../src/pipeline/idea-scoring/idea-scoring.service.ts';
import { ideaFixtures, type TextFixture } from '../ai/analysis-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

/**
 * Issue 10, low list (docs/contract.md §7): an idea earns 5 points once; only a contributor's first 3 ideas on a
 * challenge and first 5 in any 24 hours earn them; an idea the scoring judges spam loses what it earned, exactly.
 * Reputation is read where contributors see it, on their profile.
 */
const foodWaste = ideaFixtures().find((set) => set.challenge.name === 'community-reduce-food-waste')!;
const fixture = (name: string) => foodWaste.ideas.find((idea) => idea.name === name)!;
const GOOD = fixture('good-community-fridges');
const SPAM = fixture('spam-cheap-supplements');
const PLAIN: TextFixture = {
  name: 'plain',
  kind: 'good',
  title: 'An idea',
  description: 'Worth trying: '.padEnd(150, 'x'),
};

type Author = Awaited<ReturnType<typeof createVolunteer>>;

for (const dialect of testDialects()) {
  describe(`reputation from ideas: capped and clawed back [${dialect}]`, () => {
    let ctx: TestContext;
    let companyId: number;
    before(async () => {
      ctx = await createTestContext(dialect);
      companyId = (await createCompany(ctx.db)).company.id;
    });
    after(() => ctx.close());

    const newChallenge = async () =>
      (
        await createChallenge(ctx.db, companyId, {
          ...COMMUNITY,
          title: foodWaste.challenge.title,
          description: foodWaste.challenge.description,
        })
      ).id;
    const submit = async (author: Author, challengeId: number, idea: TextFixture = PLAIN) => {
      const response = await apiClient(ctx.app, author.token).post(`/api/challenges/${challengeId}/ideas`, {
        title: idea.title,
        description: idea.description,
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.data.id as number;
    };
    const reputationOf = async (author: Author) => {
      const response = await apiClient(ctx.app, author.token).get('/api/volunteers/profile');
      assert.equal(response.statusCode, 200, response.body);
      return response.data.reputation_score as number;
    };
    const eventsOf = async (author: Author) =>
      (
        await ctx.db
          .selectFrom('reputation_events')
          .select(['points', 'reason', 'subject_id'])
          .where('volunteer_id', '=', author.volunteer.id)
          .orderBy('id')
          .execute()
      ).map((event) => [event.points, event.reason, event.subject_id]);

    it('the limits are the documented ones', () => {
      assert.deepEqual(IDEA_AWARD_LIMITS, { perChallenge: 3, perDay: 5 });
    });

    it('pays the first 3 ideas on a challenge and the first 5 in 24 hours; later ideas are accepted for nothing', async () => {
      const author = await createVolunteer(ctx.db);
      const [a, b, c] = [await newChallenge(), await newChallenge(), await newChallenge()];
      const expected: Array<[number, number]> = [
        [a, 5],
        [a, 10],
        [a, 15],
        [a, 15], // the 4th on one challenge
        [b, 20],
        [b, 25],
        [c, 25], // the 6th in 24 hours
      ];
      for (const [challengeId, score] of expected) {
        await submit(author, challengeId);
        assert.equal(await reputationOf(author), score);
      }
      // A day later the daily allowance is back; the challenge's is not.
      const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
      await ctx.db
        .updateTable('reputation_events')
        .set({ created_at: dayAgo })
        .where('volunteer_id', '=', author.volunteer.id)
        .execute();
      await submit(author, c);
      assert.equal(await reputationOf(author), 30);
      await submit(author, a);
      assert.equal(await reputationOf(author), 30);
      const events = await eventsOf(author);
      assert.equal(events.length, 6);
      assert.ok(events.every(([points, reason]) => points === 5 && reason === 'idea_submitted'));
    });

    it('counts parallel submissions against the caps one after another', async () => {
      const author = await createVolunteer(ctx.db);
      const challengeId = await newChallenge();
      await Promise.all(Array.from({ length: 8 }, () => submit(author, challengeId)));
      assert.equal(await reputationOf(author), 15);
      assert.equal((await eventsOf(author)).length, 3);
    });

    it('takes back exactly what a spam idea earned, once; its slot stays used', async () => {
      const author = await createVolunteer(ctx.db);
      const challengeId = await newChallenge();
      const good = await submit(author, challengeId, GOOD);
      const spam = await submit(author, challengeId, SPAM);
      assert.equal(await reputationOf(author), 10);
      await runQueuedJobs(ctx);

      const read = await apiClient(ctx.app, author.token).get(`/api/ideas/${spam}`);
      assert.equal(read.data.status, 'rejected');
      assert.equal(await reputationOf(author), 5);
      assert.deepEqual(await eventsOf(author), [
        [5, 'idea_submitted', good],
        [5, 'idea_submitted', spam],
        [-5, 'idea_clawed_back', spam],
      ]);
      assert.equal(await scoreIdea(ctx.deps, spam), false, 'a second run stores nothing');
      assert.equal(await reputationOf(author), 5);

      // Two slots of this challenge are used: one more idea earns, the next does not.
      await submit(author, challengeId, GOOD);
      assert.equal(await reputationOf(author), 10);
      await submit(author, challengeId, GOOD);
      assert.equal(await reputationOf(author), 10);
    });

    it('takes nothing back from spam that earned nothing', async () => {
      const author = await createVolunteer(ctx.db);
      const challengeId = await newChallenge();
      for (let i = 0; i < IDEA_AWARD_LIMITS.perChallenge; i++) await submit(author, challengeId, GOOD);
      const spam = await submit(author, challengeId, SPAM);
      await runQueuedJobs(ctx);
      assert.equal((await apiClient(ctx.app, author.token).get(`/api/ideas/${spam}`)).data.status, 'rejected');
      assert.equal(await reputationOf(author), 15);
      assert.ok((await eventsOf(author)).every(([, , subject]) => subject !== spam));
    });
  });
}
