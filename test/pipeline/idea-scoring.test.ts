import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { finalScore } from '../../src/modules/ideas/ideas.scoring.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { ideaFixtures, type TextFixture } from '../ai/analysis-fixtures.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { withHook } from './pipeline-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

const scoreJob = jobRegistry['idea.score'];
const foodWaste = ideaFixtures().find((set) => set.challenge.name === 'community-reduce-food-waste')!;
const idea = (name: string) => foodWaste.ideas.find((fixture) => fixture.name === name)!;

function ideaRow(db: Db, id: number) {
  return db.selectFrom('ideas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** `idea.score` (contract §6 step 7) on ideas posted through the API to a community challenge. */
for (const dialect of testDialects()) {
  describe(`idea scoring [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function postIdea(fixture: TextFixture) {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, {
        ...COMMUNITY,
        title: foodWaste.challenge.title,
        description: foodWaste.challenge.description,
      });
      const author = await createVolunteer(ctx.db);
      const response = await apiClient(ctx.app, author.token).post(`/api/challenges/${challenge.id}/ideas`, {
        title: fixture.title,
        description: fixture.description,
      });
      assert.equal(response.statusCode, 201, response.body);
      return { company, challenge, author, ideaId: response.data.id as number };
    }

    it('scores a proposal: ai_score, feedback in the contract shape, final score; author and company notified', async () => {
      const { company, challenge, author, ideaId } = await postIdea(idea('good-community-fridges'));
      await runQueuedJobs(ctx);

      const row = await ideaRow(ctx.db, ideaId);
      assert.equal(row.status, 'scored');
      assert.ok(row.ai_score! > 0 && row.ai_score! <= 100);
      assert.equal(row.final_score, finalScore(row.ai_score!, 0));

      const reader = await createVolunteer(ctx.db);
      const read = await apiClient(ctx.app, reader.token).get(`/api/ideas/${ideaId}`);
      assert.equal(read.statusCode, 200);
      const feedback = read.data.ai_feedback;
      assert.deepEqual(Object.keys(feedback).sort(), ['scores', 'strengths', 'suggestions', 'summary', 'weaknesses']);
      assert.deepEqual(Object.keys(feedback.scores).sort(), ['alignment', 'feasibility', 'impact', 'innovation']);
      assert.ok(feedback.summary.length > 0 && feedback.strengths.length > 0);

      const toAuthor = await notificationsOf(ctx.db, author.user.id);
      const toCompany = await notificationsOf(ctx.db, company.user.id);
      assert.deepEqual(
        [...toAuthor, ...toCompany].map((n) => [n.type, n.action_url, JSON.parse(n.data)]),
        [
          ['idea_scored', `/challenges/${challenge.id}`, { challenge_id: challenge.id, idea_id: ideaId }],
          ['new_idea', `/challenges/${challenge.id}`, { challenge_id: challenge.id, idea_id: ideaId }],
        ],
      );
      assert.match(toAuthor[0].message, new RegExp(`scored ${Math.round(row.ai_score!)} out of 100`));
    });

    it('rejects spam: no final score, the author told why, the company not bothered', async () => {
      const { company, author, ideaId } = await postIdea(idea('spam-cheap-supplements'));
      await runQueuedJobs(ctx);

      const row = await ideaRow(ctx.db, ideaId);
      assert.equal(row.status, 'rejected');
      assert.equal(row.final_score, null);
      const reason = JSON.parse(row.ai_feedback!).summary;
      assert.ok(reason.length > 0);
      const toAuthor = await notificationsOf(ctx.db, author.user.id);
      assert.deepEqual(
        toAuthor.map((n) => [n.type, n.title]),
        [['idea_scored', 'Idea not accepted']],
      );
      assert.ok(toAuthor[0].message.includes(reason));
      assert.deepEqual(await notificationsOf(ctx.db, company.user.id), []);
    });

    it('is idempotent: two runs racing and the queued job after them score and notify once', async () => {
      const { company, author, ideaId } = await postIdea(idea('good-leftovers-cooking-classes'));
      await Promise.all([scoreJob.handle(ctx.deps, { ideaId }), scoreJob.handle(ctx.deps, { ideaId })]);
      const scored = await ideaRow(ctx.db, ideaId);
      assert.equal(scored.status, 'scored');
      await runQueuedJobs(ctx);
      assert.deepEqual(await ideaRow(ctx.db, ideaId), scored);
      assert.equal((await notificationsOf(ctx.db, author.user.id)).length, 1);
      assert.equal((await notificationsOf(ctx.db, company.user.id)).length, 1);
    });

    it('after the last failed attempt, the idea is error rather than waiting for ever', async () => {
      const { author, ideaId } = await postIdea(idea('weak-tell-people'));
      const failing = withHook(ctx.deps, 'idea', () => {
        throw new Error('model unavailable');
      });
      await assert.rejects(scoreJob.handle(failing, { ideaId }), /model unavailable/);
      assert.equal((await ideaRow(ctx.db, ideaId)).status, 'pending_review');
      await scoreJob.onFailed!(failing, { ideaId }, 'Error: model unavailable');
      assert.equal((await ideaRow(ctx.db, ideaId)).status, 'error');
      assert.deepEqual(await notificationsOf(ctx.db, author.user.id), []);
    });
  });
}
