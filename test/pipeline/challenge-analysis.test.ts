import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyzeChallenge } from '../../src/pipeline/challenge-analysis/challenge-analysis.service.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { challengeRow, postBrief, withHook, writtenFor } from './pipeline-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

const analyze = jobRegistry['challenge.analyze'];

/** `challenge.analyze` (contract §6 steps 1–3) run by the real worker with the local analyzers. */
for (const dialect of testDialects()) {
  describe(`challenge analysis [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('plans a multi-part software brief as team work: analyses, workstreams, pending tasks with skills, matching queued', async () => {
      const { company, challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      await runQueuedJobs(ctx);

      const row = await challengeRow(ctx.db, challenge.id);
      assert.equal(row.status, 'active');
      assert.equal(row.ai_analysis_status, 'completed');
      assert.equal(row.challenge_type, 'team_execution');
      assert.ok(row.complexity_level! >= 3);
      assert.ok(row.score! >= 1 && row.score! <= 10);
      assert.ok(row.refined_brief && row.field);

      const read = await apiClient(ctx.app, company.token).get(`/api/challenges/${challenge.id}`);
      assert.equal(read.statusCode, 200);
      const { analyses, workstreams, tasks } = read.data;
      assert.deepEqual(
        analyses.map((analysis: { stage: string }) => analysis.stage),
        ['brief', 'complexity', 'decomposition'],
      );
      for (const analysis of analyses) {
        assert.equal(analysis.provider, 'local');
        assert.ok(analysis.summary);
      }
      assert.ok(analyses[0].objectives.length > 0, 'the brief analysis lists objectives');

      assert.ok(workstreams.length >= 2 && workstreams.length <= 5);
      assert.deepEqual(
        workstreams.map((workstream: { position: number }) => workstream.position),
        workstreams.map((_: unknown, index: number) => index + 1),
      );
      for (const workstream of workstreams) assert.ok(workstream.tasks.length >= 2 && workstream.tasks.length <= 8);
      for (const task of tasks) {
        assert.ok(task.required_skills.length > 0);
        assert.ok(task.estimated_hours >= 4 && task.estimated_hours <= 40);
        assert.ok(task.acceptance_criteria.length > 0);
      }
      // Matching ran on the new tasks; each is pending (nobody fits yet) or matching.
      assert.ok(tasks.every((task: { status: string }) => ['pending', 'matching'].includes(task.status)));

      const written = await writtenFor(ctx.db, challenge.id);
      assert.equal(written.tasks, tasks.length);
      assert.ok(written.taskSkills >= tasks.length, 'every task has its skills resolved to the taxonomy');
      const matchJobs = (await queuedJobs(ctx, 'task.match')).map((job) => job.payload.taskId);
      assert.deepEqual(
        tasks.map((task: { id: number }) => task.id).sort((a: number, b: number) => a - b),
        matchJobs.filter((id) => tasks.some((task: { id: number }) => task.id === id)).sort((a, b) => a - b),
      );

      const notifications = await notificationsOf(ctx.db, company.user.id);
      assert.deepEqual(
        notifications.map((n) => [n.type, n.action_url]),
        [['challenge_analyzed', `/challenges/${challenge.id}`]],
      );
      assert.match(notifications[0].message, new RegExp(`planned as ${tasks.length} tasks`));
    });

    it('opens a small open question to the community: active, no tasks, two analyses', async () => {
      const { company, challenge } = await postBrief(ctx, 'community-reduce-food-waste');
      await runQueuedJobs(ctx);

      const row = await challengeRow(ctx.db, challenge.id);
      assert.equal(row.status, 'active');
      assert.equal(row.challenge_type, 'community_discussion');
      assert.ok(row.complexity_level! <= 2);
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 2,
        workstreams: 0,
        tasks: 0,
        taskSkills: 0,
      });
      const notifications = await notificationsOf(ctx.db, company.user.id);
      assert.deepEqual(
        notifications.map((n) => n.type),
        ['challenge_analyzed'],
      );
      assert.match(notifications[0].message, /open for ideas/);
    });

    it('rejects spam with a reason the company is told', async () => {
      const { company, challenge } = await postBrief(ctx, 'spam-crypto-giveaway');
      await runQueuedJobs(ctx);

      const row = await challengeRow(ctx.db, challenge.id);
      assert.equal(row.status, 'rejected');
      assert.equal(row.ai_analysis_status, 'completed');
      assert.ok(row.rejection_reason && row.rejection_reason.length > 10);
      assert.equal(row.challenge_type, null);
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 1,
        workstreams: 0,
        tasks: 0,
        taskSkills: 0,
      });
      const notifications = await notificationsOf(ctx.db, company.user.id);
      assert.deepEqual(
        notifications.map((n) => n.type),
        ['challenge_rejected'],
      );
      assert.ok(notifications[0].message.includes(row.rejection_reason!));
    });

    it('is idempotent: a repeated job, or two runs at once, write one plan and one notification', async () => {
      const { company, challenge } = await postBrief(ctx, 'data-donation-dashboard');
      // Two deliveries of the same job at the same time, then a third after both finished.
      await Promise.all([
        analyze.handle(ctx.deps, { challengeId: challenge.id }),
        analyze.handle(ctx.deps, { challengeId: challenge.id }),
      ]);
      const once = await writtenFor(ctx.db, challenge.id);
      assert.ok(once.tasks > 0);
      await ctx.deps.db
        .transaction()
        .execute((trx) => ctx.deps.queue.enqueue(trx, 'challenge.analyze', { challengeId: challenge.id }));
      await runQueuedJobs(ctx);

      assert.deepEqual(await writtenFor(ctx.db, challenge.id), once);
      assert.equal(once.analyses, 3);
      const types = (await notificationsOf(ctx.db, company.user.id)).map((n) => n.type);
      assert.deepEqual(types, ['challenge_analyzed']);
    });

    it('writes nothing stale: a description changed during the analysis is analysed again, and only that is kept', async () => {
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      const first = briefFixture('software-clinic-booking-system');
      const second = briefFixture('community-volunteer-retention-ideas');
      const created = await api.post('/api/challenges', { title: first.title, description: first.description });
      const id = created.data.id;

      // The company edits the brief while the decomposition is being worked out.
      const editing = withHook(ctx.deps, 'decomposition', async () => {
        const edit = await api.put(`/api/challenges/${id}`, { description: second.description });
        assert.equal(edit.statusCode, 200);
      });
      assert.equal(await analyzeChallenge(editing, id), false);

      let row = await challengeRow(ctx.db, id);
      assert.equal(row.status, 'submitted');
      assert.equal(row.ai_analysis_status, 'pending');
      assert.deepEqual(await writtenFor(ctx.db, id), { analyses: 0, workstreams: 0, tasks: 0, taskSkills: 0 });
      assert.deepEqual(await notificationsOf(ctx.db, company.user.id), []);

      // The edit queued a new analysis, which reads the new description.
      await runQueuedJobs(ctx);
      row = await challengeRow(ctx.db, id);
      assert.equal(row.status, 'active');
      assert.equal(row.description, second.description);
      assert.equal(row.challenge_type, 'community_discussion');
      assert.deepEqual(await writtenFor(ctx.db, id), { analyses: 2, workstreams: 0, tasks: 0, taskSkills: 0 });
      assert.equal((await notificationsOf(ctx.db, company.user.id)).length, 1);
    });

    it('after the last failed attempt, the challenge is back in submitted with its analysis failed, and can be re-run', async () => {
      const { company, challenge } = await postBrief(ctx, 'operations-fundraising-gala');
      const failing = withHook(ctx.deps, 'complexity', () => {
        throw new Error('model unavailable');
      });
      await assert.rejects(analyze.handle(failing, { challengeId: challenge.id }), /model unavailable/);
      let row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.status, row.ai_analysis_status], ['analyzing', 'processing']);
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 0,
        workstreams: 0,
        tasks: 0,
        taskSkills: 0,
      });

      await analyze.onFailed!(failing, { challengeId: challenge.id }, 'Error: model unavailable');
      row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.status, row.ai_analysis_status], ['submitted', 'failed']);
      assert.deepEqual(await notificationsOf(ctx.db, company.user.id), []);

      // `guild jobs:retry` runs the same job again: the analysis starts over and completes.
      await analyze.handle(ctx.deps, { challengeId: challenge.id });
      row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.status, row.ai_analysis_status], ['active', 'completed']);
    });

    it('leaves a challenge alone once it left submitted/analyzing, or when it no longer exists', async () => {
      const { company } = await createCompany(ctx.db);
      const archived = await createChallenge(ctx.db, company.id, {
        status: 'archived',
        ai_analysis_status: 'pending',
        challenge_type: null,
        complexity_level: null,
      });
      await analyze.handle(ctx.deps, { challengeId: archived.id });
      await analyze.handle(ctx.deps, { challengeId: 999_999 });
      const row = await challengeRow(ctx.db, archived.id);
      assert.deepEqual([row.status, row.ai_analysis_status], ['archived', 'pending']);
      assert.equal((await writtenFor(ctx.db, archived.id)).analyses, 0);
    });
  });
}
