import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { assignmentScenario, partiesOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import {
  createWebhook,
  DELIVERY_ENV,
  startDelivering,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhooks.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

/** Events the application emits as things happen, delivered to the webhooks of those who may read them. */
for (const dialect of testDialects()) {
  describe(`webhooks: events [${dialect}]`, () => {
    let ctx: TestContext;
    let delivering: Awaited<ReturnType<typeof startDelivering>>;
    const receivers: WebhookReceiver[] = [];

    before(async () => {
      ctx = await createTestContext(dialect, DELIVERY_ENV);
      delivering = await startDelivering(ctx);
    });
    after(async () => {
      await delivering.stop();
      await Promise.all(receivers.map((receiver) => receiver.close()));
      await ctx.close();
    });

    async function receiverFor(token: string, events: string[] = ['*']) {
      const receiver = await startWebhookReceiver();
      receivers.push(receiver);
      await createWebhook(ctx, token, receiver.url, events);
      return receiver;
    }

    it('posting a challenge sends challenge.status_changed through the analysis, and task.created per planned task', async () => {
      const company = await createCompany(ctx.db);
      const receiver = await receiverFor(company.token, ['challenge.status_changed', 'task.created']);
      const outsider = await createCompany(ctx.db);
      const outsiderReceiver = await receiverFor(outsider.token);
      const { title, description } = briefFixture('software-food-bank-delivery-app');
      const posted = await apiClient(ctx.app, company.token).post('/api/challenges', { title, description });
      assert.equal(posted.statusCode, 201);
      await runQueuedJobs(ctx);

      const active = await receiver.waitForEvent('the challenge active', (event) => event.data.status === 'active');
      assert.equal(active.type, 'challenge.status_changed');
      assert.equal(active.data.id, posted.data.id);
      const shown = await apiClient(ctx.app, company.token).get(`/api/challenges/${posted.data.id}`);
      for (const field of ['title', 'status', 'challenge_type', 'score', 'field', 'company']) {
        assert.deepEqual(active.data[field], shown.data[field], field);
      }
      const tasks = shown.data.tasks as { id: number }[];
      assert.ok(tasks.length > 0);
      await receiver.waitForRequests(3 + tasks.length);
      const statuses = receiver.received
        .filter((request) => request.json.type === 'challenge.status_changed')
        .map((request) => request.json.data.status);
      // Deliveries are separate jobs: receivers get them in any order (docs/api.md), so compare as a set.
      assert.deepEqual([...statuses].sort(), ['active', 'analyzing', 'submitted']);
      const created = receiver.received.filter((request) => request.json.type === 'task.created');
      assert.deepEqual(
        created.map((request) => request.json.data.id).sort((a, b) => a - b),
        tasks.map((task) => task.id).sort((a, b) => a - b),
      );
      assert.equal(created[0].json.data.challenge_id, posted.data.id);
      assert.ok(!receiver.types().includes('notification.created'), 'not subscribed');
      assert.equal(outsiderReceiver.received.length, 0, "another company's webhook hears nothing of it");
    });

    it('an assignment transition reaches both parties; the notification it records reaches its recipient', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'invited' });
      const contributorReceiver = await receiverFor(scenario.volunteer.token, ['assignment.status_changed']);
      const companyReceiver = await receiverFor(scenario.company.token);
      const accepted = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/accept`,
      );
      assert.equal(accepted.statusCode, 200);

      const forContributor = await contributorReceiver.waitForEvent(
        'accepted',
        (event) => event.type === 'assignment.status_changed',
      );
      assert.equal(forContributor.data.id, scenario.assignment.id);
      assert.equal(forContributor.data.status, 'accepted');
      assert.deepEqual(forContributor.data, accepted.data);
      const forCompany = await companyReceiver.waitForEvent(
        'accepted',
        (event) => event.type === 'assignment.status_changed',
      );
      assert.deepEqual(forCompany.data, accepted.data);
      assert.equal(forCompany.id, forContributor.id, 'one event, one id');
      const notification = await companyReceiver.waitForEvent(
        'task_accepted',
        (event) => event.type === 'notification.created',
      );
      const listed = await apiClient(ctx.app, scenario.company.token).get('/api/notifications');
      assert.deepEqual(notification.data, listed.data.data[0]);
      assert.equal(notification.data.type, 'task_accepted');
      assert.deepEqual(contributorReceiver.types(), ['assignment.status_changed']);
    });

    it('a formed team reaches every invitee with the team and its members', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const people = [await createVolunteer(ctx.db), await createVolunteer(ctx.db)];
      const peopleReceivers = [];
      for (const person of people) {
        const task = await createTask(ctx.db, challenge.id);
        await createAssignment(ctx.db, task.id, person.volunteer.id, { status: 'invited' });
        peopleReceivers.push(await receiverFor(person.token, ['team.formed']));
      }
      await ctx.deps.queue.enqueue(ctx.db, 'challenge.form-team', { challengeId: challenge.id });
      await runQueuedJobs(ctx);
      const team = await ctx.db
        .selectFrom('teams')
        .selectAll()
        .where('challenge_id', '=', challenge.id)
        .executeTakeFirstOrThrow();
      for (const receiver of peopleReceivers) {
        const formed = await receiver.waitForEvent('team.formed', (event) => event.type === 'team.formed');
        assert.equal(formed.data.id, team.id);
        assert.equal(formed.data.challenge_id, challenge.id);
        assert.deepEqual(
          formed.data.members.map((member: { volunteer_id: number }) => member.volunteer_id).sort(),
          people.map((person) => person.volunteer.id).sort(),
        );
      }
    });

    it('team messages reach the members, not outsiders', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const [author, member, outsider] = [
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
      ];
      const team = await createTeam(ctx.db, challenge.id, [
        { volunteerId: author.volunteer.id, role: 'leader' },
        { volunteerId: member.volunteer.id, status: 'invited' },
      ]);
      const memberReceiver = await receiverFor(member.token, ['team.message_created']);
      const outsiderReceiver = await receiverFor(outsider.token);
      const companyReceiver = await receiverFor(company.token);
      const posted = await apiClient(ctx.app, author.token).post(`/api/teams/${team.id}/messages`, {
        message: 'Hi all',
      });
      assert.equal(posted.statusCode, 201);
      const event = await memberReceiver.waitForEvent('the message', (body) => body.type === 'team.message_created');
      assert.deepEqual(event.data, posted.data);
      const ping = await apiClient(ctx.app, outsider.token).get('/api/webhooks');
      await apiClient(ctx.app, outsider.token).post(`/api/webhooks/${ping.data.data[0].id}/ping`);
      await outsiderReceiver.waitForRequests(1);
      assert.deepEqual(outsiderReceiver.types(), ['ping'], 'the outsider heard nothing of the team');
      assert.ok(!companyReceiver.types().includes('team.message_created'), 'team messages are for members only');
    });

    it('a submitted idea sends idea.created to its author and the company, and its scoring idea.scored', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, { challenge_type: 'community_discussion' });
      const author = await createVolunteer(ctx.db);
      const authorReceiver = await receiverFor(author.token, ['idea.created', 'idea.scored']);
      const companyReceiver = await receiverFor(company.token, ['idea.created', 'idea.scored']);
      const posted = await apiClient(ctx.app, author.token).post(`/api/challenges/${challenge.id}/ideas`, {
        title: 'A tool library in the old bank',
        description:
          'Lend drills, ladders and sewing machines from the empty bank branch on the high street, run by volunteers two evenings a week, with a small deposit per loan.',
      });
      assert.equal(posted.statusCode, 201, posted.body);
      const created = await companyReceiver.waitForEvent('idea.created', (event) => event.type === 'idea.created');
      assert.deepEqual(created.data, posted.data);
      await authorReceiver.waitForEvent('idea.created', (event) => event.type === 'idea.created');
      await runQueuedJobs(ctx);
      const scored = await authorReceiver.waitForEvent('idea.scored', (event) => event.type === 'idea.scored');
      assert.equal(scored.data.id, posted.data.id);
      assert.ok(['scored', 'rejected'].includes(scored.data.status));
      await companyReceiver.waitForEvent('idea.scored', (event) => event.type === 'idea.scored');
    });

    it('a paused webhook records nothing; the owner’s other webhooks still receive', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'invited' });
      const live = await receiverFor(scenario.company.token, ['assignment.status_changed']);
      const paused = await startWebhookReceiver();
      receivers.push(paused);
      const hook = await createWebhook(ctx, scenario.company.token, paused.url);
      await apiClient(ctx.app, scenario.company.token).patch(`/api/webhooks/${hook.id}`, { active: false });
      await partiesOf(ctx, scenario).contributor.post(`/api/assignments/${scenario.assignment.id}/accept`);
      await live.waitForEvent('accepted', (event) => event.type === 'assignment.status_changed');
      const recorded = await ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', hook.id)
        .execute();
      assert.deepEqual(recorded, []);
      assert.equal(paused.received.length, 0);
    });

    it('a change that rolls back sends nothing: completing a challenge with work in progress', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, { status: 'in_progress' });
      const busyTask = await createTask(ctx.db, challenge.id, { status: 'in_progress' });
      const openTask = await createTask(ctx.db, challenge.id);
      const busy = await createVolunteer(ctx.db);
      const invitee = await createVolunteer(ctx.db);
      await createAssignment(ctx.db, busyTask.id, busy.volunteer.id, { status: 'in_progress' });
      await createAssignment(ctx.db, openTask.id, invitee.volunteer.id, { status: 'invited' });
      const inviteeReceiver = await receiverFor(invitee.token);
      const companyReceiver = await receiverFor(company.token);

      const refused = await apiClient(ctx.app, company.token).post(`/api/challenges/${challenge.id}/complete`);
      assert.equal(refused.statusCode, 422);
      // The withdrawal of the invitation recorded events before the refusal; the rollback took them back.
      const hooks = await ctx.db
        .selectFrom('webhooks')
        .select('id')
        .where('user_id', 'in', [invitee.user.id, company.user.id])
        .execute();
      const recorded = await ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where(
          'webhook_id',
          'in',
          hooks.map((hook) => hook.id),
        )
        .execute();
      assert.deepEqual(recorded, []);

      // The same move once the work is done is delivered: the rule above is about the rollback, not a silent path.
      await ctx.db.updateTable('assignments').set({ status: 'completed' }).where('task_id', '=', busyTask.id).execute();
      const completed = await apiClient(ctx.app, company.token).post(`/api/challenges/${challenge.id}/complete`);
      assert.equal(completed.statusCode, 200);
      const withdrawn = await inviteeReceiver.waitForEvent(
        'the withdrawal',
        (event) => event.type === 'assignment.status_changed',
      );
      assert.equal(withdrawn.data.status, 'declined');
      const done = await companyReceiver.waitForEvent(
        'completed',
        (event) => event.type === 'challenge.status_changed',
      );
      assert.equal(done.data.status, 'completed');
    });
  });
}
