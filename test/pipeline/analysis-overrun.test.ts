import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LocalThreadProvider } from '../../src/ai/providers/local-thread-provider.ts';
import { ideaFixtures } from '../ai/analysis-fixtures.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { challengeRow, postBrief, writtenFor } from './pipeline-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';
import { RUNAWAY_STAGES_MODULE } from './runaway-stages.ts';

/**
 * An analysis that overruns its deadline in the analysis thread (the brief and idea stages' analyzers replaced by ones
 * that never finish) is a property of its input: the job ends it as failed with its reason, once, without retries.
 * The CV's case runs over HTTP in test/http/analysis-off-event-loop.test.ts.
 */
const DEADLINE_MS = 1000;

for (const dialect of testDialects()) {
  describe(`an analysis past its deadline [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      const ai = new LocalThreadProvider({ threads: 1, timeoutMs: DEADLINE_MS, stageModules: [RUNAWAY_STAGES_MODULE] });
      ctx = await createTestContext(dialect, {}, { ai });
    });
    after(() => ctx.close());

    it('ends a brief’s analysis as failed at once, the company told why and what to do', async () => {
      const { company, challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      await runQueuedJobs(ctx);

      const row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.status, row.ai_analysis_status], ['submitted', 'failed']);
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 0,
        workstreams: 0,
        tasks: 0,
        taskSkills: 0,
      });
      const jobs = (await queuedJobs(ctx, 'challenge.analyze')).filter(
        (job) => job.payload.challengeId === challenge.id,
      );
      assert.deepEqual(
        jobs.map((job) => job.status),
        ['completed'],
        'one job, completed: not retried',
      );

      const notifications = await notificationsOf(ctx.db, company.user.id);
      assert.equal(notifications.length, 1);
      assert.equal(notifications[0].type, 'challenge_analysis_failed');
      assert.equal(
        notifications[0].message,
        `The analysis of your challenge "${challenge.title}" was stopped: it needed more time than one brief may take. ` +
          'Shorten the description, or split it into separate challenges, and save it again to have it analysed.',
      );
      const read = await apiClient(ctx.app, company.token).get(`/api/challenges/${challenge.id}`);
      assert.deepEqual([read.data.status, read.data.ai_analysis_status], ['submitted', 'failed']);
    });

    it('sets an idea whose scoring overran to error at once', async () => {
      const foodWaste = ideaFixtures().find((set) => set.challenge.name === 'community-reduce-food-waste')!;
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, {
        ...COMMUNITY,
        title: foodWaste.challenge.title,
        description: foodWaste.challenge.description,
      });
      const author = await createVolunteer(ctx.db);
      const [fixture] = foodWaste.ideas;
      const posted = await apiClient(ctx.app, author.token).post(`/api/challenges/${challenge.id}/ideas`, {
        title: fixture.title,
        description: fixture.description,
      });
      assert.equal(posted.statusCode, 201, posted.body);
      await runQueuedJobs(ctx);

      const idea = await ctx.db
        .selectFrom('ideas')
        .select(['status', 'ai_score'])
        .where('id', '=', posted.data.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...idea }, { status: 'error', ai_score: null });
      const jobs = (await queuedJobs(ctx, 'idea.score')).filter((job) => job.payload.ideaId === posted.data.id);
      assert.deepEqual(
        jobs.map((job) => job.status),
        ['completed'],
      );
    });
  });
}
