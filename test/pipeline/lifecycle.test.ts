import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { briefFixture, ideaFixtures } from '../ai/analysis-fixtures.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { type ApiClient, apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';
import { fileForm } from '../helpers/file-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

type Assignment = { id: number; status: string; match_score: number; task: { id: number; challenge_id: number } };

/**
 * The whole chain of contract §6 through the HTTP API, nothing written behind the API's back: people sign up, post a
 * brief and CVs, and the worker (the real one, local analyzers) does the rest between their requests.
 */
for (const dialect of testDialects()) {
  describe(`the pipeline end to end [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function company(name: string): Promise<ApiClient> {
      const { token } = await createAccount(ctx.db, 'company');
      const api = apiClient(ctx.app, token);
      const profile = await api.post('/api/companies/complete-profile', { company_name: name, industry: 'Charity' });
      assert.equal(profile.statusCode, 201, profile.body);
      return api;
    }

    async function contributor(field: string, cv?: string): Promise<ApiClient> {
      const { token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      const profile = await api.post('/api/volunteers/complete-profile', { field, availability_hours_per_week: 20 });
      assert.equal(profile.statusCode, 201, profile.body);
      if (cv) {
        const bytes = fs.readFileSync(`${CV_FIXTURE_DIR}/${cv}`);
        const upload = await api.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, cv));
        assert.equal(upload.statusCode, 200, upload.body);
      }
      return api;
    }

    async function post(api: ApiClient, url: string, body: unknown = {}) {
      const response = await api.post(url, body);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return response.data;
    }

    async function notificationTypes(api: ApiClient): Promise<string[]> {
      const response = await api.get('/api/notifications?per_page=100');
      return response.data.data.map((notification: { type: string }) => notification.type);
    }

    it('a brief becomes an active challenge with tasks; fitting contributors are invited, one does the work', async () => {
      // A mobile developer has a CV on file before the challenge exists: matching the new tasks finds them.
      const mobile = await contributor('Mobile development', 'mobile-developer.pdf');
      await runQueuedJobs(ctx);
      assert.equal((await mobile.get('/api/volunteers/profile')).data.validation_status, 'passed');

      const foodBank = await company('Leeds North Food Bank');
      const brief = briefFixture('software-food-bank-delivery-app');
      const created = await foodBank.post('/api/challenges', { title: brief.title, description: brief.description });
      assert.equal(created.statusCode, 201);
      assert.equal(created.data.status, 'submitted');
      await runQueuedJobs(ctx);

      const challenge = (await foodBank.get(`/api/challenges/${created.data.id}`)).data;
      assert.equal(challenge.status, 'active');
      assert.equal(challenge.challenge_type, 'team_execution');
      assert.deepEqual(
        challenge.analyses.map((analysis: { stage: string }) => analysis.stage),
        ['brief', 'complexity', 'decomposition'],
      );
      // The brief names a mobile app, an API and a database: tasks need those skills.
      const skills = new Set<string>(
        challenge.tasks.flatMap((task: { required_skills: string[] }) => task.required_skills),
      );
      for (const needed of [/android|ios|mobile|kotlin|swift|flutter|react native/i, /api/i, /sql|database/i]) {
        assert.ok(
          [...skills].some((skill) => needed.test(skill)),
          `a task needs ${needed}: ${[...skills].join(', ')}`,
        );
      }
      assert.deepEqual(await notificationTypes(foodBank), ['challenge_analyzed']);

      // A backend developer uploads a CV afterwards: matching them against the open tasks invites them too.
      const backend = await contributor('Backend development', 'backend-developer.docx');
      await runQueuedJobs(ctx);

      const invitationsOf = async (api: ApiClient): Promise<Assignment[]> =>
        (await api.get('/api/assignments/pending')).data.data.filter(
          (assignment: Assignment) => assignment.task.challenge_id === challenge.id,
        );
      const mobileInvitations = await invitationsOf(mobile);
      const backendInvitations = await invitationsOf(backend);
      assert.ok(mobileInvitations.length > 0, 'the mobile developer is invited');
      assert.ok(backendInvitations.length > 0, 'the backend developer is invited');
      for (const invitation of [...mobileInvitations, ...backendInvitations]) {
        assert.equal(invitation.status, 'invited');
        assert.ok(invitation.match_score >= 60);
      }
      // Two contributors on one challenge: a team formed and invited both.
      assert.ok((await notificationTypes(mobile)).includes('team_invitation'));
      assert.ok((await notificationTypes(backend)).includes('team_invitation'));

      // The best invitation of the mobile developer is taken through to the end.
      const [best] = [...mobileInvitations].sort((a, b) => b.match_score - a.match_score);
      assert.equal((await post(mobile, `/api/assignments/${best.id}/accept`)).status, 'accepted');
      assert.equal((await post(mobile, `/api/assignments/${best.id}/start`)).status, 'in_progress');
      const submitted = await mobile.post(`/api/assignments/${best.id}/submit-solution`, {
        description: 'The driver app with offline delivery lists, built and tested on Android and iPhone.',
        deliverable_url: 'https://example.test/driver-app',
        hours_worked: 18,
      });
      assert.equal(submitted.statusCode, 303, submitted.body);
      assert.equal((await foodBank.get(`/api/assignments/${best.id}`)).data.status, 'submitted');
      const completed = await post(foodBank, `/api/assignments/${best.id}/complete`, { actual_hours: 18 });
      assert.equal(completed.status, 'completed');

      const task = (await foodBank.get(`/api/tasks/${best.task.id}`)).data;
      assert.equal(task.status, 'completed');
      const profile = (await mobile.get('/api/volunteers/profile')).data;
      assert.equal(profile.statistics.tasks_completed, 1);
      assert.ok(profile.reputation_score > 30, 'profile and CV points, then the task');
      const companyNews = await notificationTypes(foodBank);
      for (const type of ['task_accepted', 'solution_submitted', 'task_completed'])
        assert.ok(companyNews.includes(type));
      assert.ok((await notificationTypes(mobile)).includes('task_completed'));
    });

    it('a small open question becomes a community discussion whose ideas are scored and voted on', async () => {
      const council = await company('Town council');
      const { challenge: question, ideas } = ideaFixtures().find(
        (set) => set.challenge.name === 'community-reduce-food-waste',
      )!;
      const created = await council.post('/api/challenges', {
        title: question.title,
        description: question.description,
      });
      await runQueuedJobs(ctx);
      const challenge = (await council.get(`/api/challenges/${created.data.id}`)).data;
      assert.equal(challenge.status, 'active');
      assert.equal(challenge.challenge_type, 'community_discussion');
      assert.deepEqual(challenge.tasks, []);

      const author = await contributor('Community organising');
      const voter = await contributor('Nutrition');
      const good = ideas.find((idea) => idea.name === 'good-community-fridges')!;
      const spam = ideas.find((idea) => idea.name === 'spam-cheap-supplements')!;
      const posted = [];
      for (const idea of [good, spam]) {
        const response = await author.post(`/api/challenges/${challenge.id}/ideas`, {
          title: idea.title,
          description: idea.description,
        });
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(response.data.status, 'pending_review');
        posted.push(response.data.id);
      }
      await runQueuedJobs(ctx);

      const listed = (await voter.get(`/api/challenges/${challenge.id}/ideas`)).data.data;
      assert.deepEqual(
        listed.map((idea: { id: number }) => idea.id),
        [posted[0]],
        'only the scored idea is public; the spam was rejected',
      );
      const scored = listed[0];
      assert.equal(scored.status, 'scored');
      assert.ok(scored.ai_score > 0 && scored.ai_feedback.summary);
      assert.equal((await author.get(`/api/ideas/${posted[1]}`)).data.status, 'rejected');

      const voted = await voter.post(`/api/ideas/${scored.id}/vote`, { vote: 1 });
      assert.equal(voted.statusCode, 200, voted.body);
      assert.equal(voted.data.vote_total, 1);
      assert.ok(voted.data.final_score > scored.final_score, 'an up-vote raises the final score');

      assert.deepEqual((await notificationTypes(author)).sort(), ['idea_scored', 'idea_scored', 'idea_voted']);
      assert.deepEqual(await notificationTypes(council), ['new_idea', 'challenge_analyzed']);
    });
  });
}
