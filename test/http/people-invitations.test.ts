import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import {
  createWebhook,
  DELIVERY_ENV,
  startDelivering,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhooks.ts';

const WITHDRAWN = { message: 'This invitation was withdrawn: the task no longer needs contributors.' };

for (const dialect of testDialects()) {
  describe(`a company invites and withdraws [${dialect}]`, () => {
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

    async function scene(task: Record<string, unknown> = {}, challenge: Record<string, unknown> = {}) {
      const company = await createCompany(ctx.db, { company: { company_name: 'Acme Bridges' } });
      const created = await createChallenge(ctx.db, company.company.id, { title: 'New footbridge', ...challenge });
      const made = await createTask(ctx.db, created.id, { title: 'Check the loads', skills: ['Python'], ...task });
      const person = await createVolunteer(ctx.db, { user: { name: 'Grace Hopper' } });
      return { company, challenge: created, task: made, person, api: apiClient(ctx.app, company.token) };
    }

    it('invites a contributor the company chose, with its note, through the same flow as matching', async () => {
      const { company, challenge, task, person, api } = await scene();
      // Grace holds the skill only as a beginner: matching would not invite her; the company may.
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Python', 'beginner');
      const receiver = await startWebhookReceiver();
      receivers.push(receiver);
      await createWebhook(ctx, person.token, receiver.url, ['assignment.status_changed']);

      const response = await api.post(`/api/tasks/${task.id}/invitations`, {
        volunteer_id: person.volunteer.id,
        note: '  We liked your bridge survey. ',
      });
      assert.equal(response.statusCode, 201, response.body);
      const assignment = response.data.data;
      assert.equal(assignment.status, 'invited');
      assert.equal(assignment.task_id, task.id);
      assert.equal(assignment.volunteer_id, person.volunteer.id);
      assert.equal(assignment.invited_by, 'company');
      assert.equal(assignment.invitation_note, 'We liked your bridge survey.');
      assert.equal(typeof assignment.match_score, 'number');
      assert.ok(
        assignment.match_reasoning.gaps.some((gap: string) => /alone does not make a fit/.test(gap)),
        JSON.stringify(assignment.match_reasoning),
      );

      const [notification] = await notificationsOf(ctx.db, person.user.id);
      assert.equal(notification.type, 'task_assignment');
      assert.equal(notification.action_url, `/assignments/${assignment.id}`);
      assert.match(
        notification.message,
        /^You have been invited to the task "Check the loads" of the challenge "New footbridge" \(chosen by Acme Bridges; match score \d+\/100; their note: "We liked your bridge survey\."\)\. Accept or decline/,
      );
      assert.ok(assignment.expires_at, 'it expires like any invitation');

      const status = await ctx.db
        .selectFrom('tasks')
        .select('status')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      assert.equal(status.status, 'matching');
      const teamJobs = await queuedJobs(ctx, 'challenge.form-team');
      assert.ok(teamJobs.some((job) => job.payload.challengeId === challenge.id));

      const event = await receiver.waitForEvent('the invitation event', (e) => e.data.id === assignment.id);
      assert.equal(event.type, 'assignment.status_changed');
      assert.equal(event.data.invited_by, 'company');

      // The invitee sees it with the note, and answers it as any invitation.
      const contributorApi = apiClient(ctx.app, person.token);
      const pending = await contributorApi.get('/api/assignments/pending');
      assert.deepEqual(
        pending.data.data.map((a: { id: number; invitation_note: string }) => [a.id, a.invitation_note]),
        [[assignment.id, 'We liked your bridge survey.']],
      );
      const accepted = await contributorApi.post(`/api/assignments/${assignment.id}/accept`);
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(
        (await ctx.db.selectFrom('tasks').select('status').where('id', '=', task.id).executeTakeFirstOrThrow()).status,
        'assigned',
      );
      void company;
    });

    it('refuses with a clear 422: already on the task, unknown or deactivated contributor, closed task, bad body', async () => {
      const { task, person, api, company } = await scene();
      const url = `/api/tasks/${task.id}/invitations`;
      assert.equal((await api.post(url, { volunteer_id: person.volunteer.id })).statusCode, 201);
      const again = await api.post(url, { volunteer_id: person.volunteer.id });
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.data, { message: 'Grace Hopper is already invited to this task.' });

      const unknown = await api.post(url, { volunteer_id: 999999 });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.data.errors, { volunteer_id: ['No contributor has the id 999999.'] });
      const gone = await createVolunteer(ctx.db, { user: { is_active: 0 } });
      assert.equal((await api.post(url, { volunteer_id: gone.volunteer.id })).statusCode, 422);

      const missing = await api.post(url, { note: 'hi' });
      assert.equal(missing.statusCode, 422);
      assert.ok(missing.data.errors.volunteer_id);
      const long = await api.post(url, { volunteer_id: gone.volunteer.id, note: 'x'.repeat(1001) });
      assert.equal(long.statusCode, 422);
      assert.ok(long.data.errors.note);
      assert.equal((await api.post(url, { volunteer_id: 'seven' })).statusCode, 422);

      for (const [status, message] of [
        ['accepted', 'already works on this task.'],
        ['completed', 'has already completed this task.'],
        ['declined', 'declined this task; a contributor is invited to a task only once.'],
      ] as const) {
        const other = await createVolunteer(ctx.db, { user: { name: `Person ${status}` } });
        await createAssignment(ctx.db, task.id, other.volunteer.id, { status });
        const refused = await api.post(url, { volunteer_id: other.volunteer.id });
        assert.deepEqual(refused.data, { message: `Person ${status} ${message}` });
      }

      const fresh = await createVolunteer(ctx.db);
      const done = await createTask(ctx.db, (await createChallenge(ctx.db, company.company.id)).id, {
        status: 'completed',
      });
      const closed = await api.post(`/api/tasks/${done.id}/invitations`, { volunteer_id: fresh.volunteer.id });
      assert.equal(closed.statusCode, 422);
      assert.deepEqual(closed.data, { message: 'This task is completed: it takes no invitations.' });
      const archived = await createChallenge(ctx.db, company.company.id, { status: 'archived' });
      const archivedTask = await createTask(ctx.db, archived.id);
      const refusedArchived = await api.post(`/api/tasks/${archivedTask.id}/invitations`, {
        volunteer_id: fresh.volunteer.id,
      });
      assert.deepEqual(refusedArchived.data, {
        message: "This task's challenge is archived: it takes no invitations.",
      });
    });

    it('respects the cap on a contributor’s open invitations, as matching does', async () => {
      const { task, person, api, company } = await scene();
      const cap = ctx.deps.config.invitations.maxOpenPerContributor;
      for (let i = 0; i < cap; i++) {
        const other = await createTask(ctx.db, (await createChallenge(ctx.db, company.company.id)).id);
        assert.equal(
          (await api.post(`/api/tasks/${other.id}/invitations`, { volunteer_id: person.volunteer.id })).statusCode,
          201,
        );
      }
      const refused = await api.post(`/api/tasks/${task.id}/invitations`, { volunteer_id: person.volunteer.id });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(refused.data, {
        message: `Grace Hopper already holds ${cap} open invitations, the most a contributor may hold at once. Invite them once they have answered one.`,
      });
    });

    it('is the owning company’s alone: 401, 403 for contributors, 404 for other companies and unknown tasks', async () => {
      const { task, person } = await scene();
      const url = `/api/tasks/${task.id}/invitations`;
      const body = { volunteer_id: person.volunteer.id };
      assert.equal((await apiClient(ctx.app).post(url, body)).statusCode, 401);
      assert.equal((await apiClient(ctx.app, person.token).post(url, body)).statusCode, 403);
      const other = await createCompany(ctx.db);
      const asOther = await apiClient(ctx.app, other.token).post(url, body);
      assert.equal(asOther.statusCode, 404);
      assert.deepEqual(asOther.data, { message: 'Task not found.' });
      assert.equal((await apiClient(ctx.app, other.token).post('/api/tasks/999999/invitations', body)).statusCode, 404);
      assert.equal(
        (await ctx.db.selectFrom('assignments').select('id').where('task_id', '=', task.id).execute()).length,
        0,
      );
    });

    it('withdraws an open invitation: declined with withdrawn_at, the invitee told, answering it a 422', async () => {
      const { task, person, api } = await scene();
      const invited = await api.post(`/api/tasks/${task.id}/invitations`, { volunteer_id: person.volunteer.id });
      const id = invited.data.data.id;

      const withdrawn = await api.post(`/api/assignments/${id}/withdraw`);
      assert.equal(withdrawn.statusCode, 200, withdrawn.body);
      assert.equal(withdrawn.data.data.status, 'declined');
      assert.ok(withdrawn.data.data.withdrawn_at);
      assert.equal(withdrawn.data.data.responded_at, null);
      assert.equal(withdrawn.data.data.decline_reason, 'The invitation was withdrawn by the company.');

      const notifications = await notificationsOf(ctx.db, person.user.id);
      assert.deepEqual(
        notifications.map((n) => n.type),
        ['task_assignment', 'invitation_withdrawn'],
      );
      assert.match(notifications[1].message, /"Check the loads" was withdrawn: the company withdrew it\./);

      const contributorApi = apiClient(ctx.app, person.token);
      assert.deepEqual((await contributorApi.post(`/api/assignments/${id}/accept`)).data, WITHDRAWN);
      const twice = await api.post(`/api/assignments/${id}/withdraw`);
      assert.equal(twice.statusCode, 422);
      // Withdrawn is final: the contributor is not invited to the task again.
      const reinvite = await api.post(`/api/tasks/${task.id}/invitations`, { volunteer_id: person.volunteer.id });
      assert.deepEqual(reinvite.data, {
        message: "Grace Hopper's invitation to this task was withdrawn; a contributor is invited to a task only once.",
      });
    });

    it('withdraws only open invitations, only as the owning company', async () => {
      const { task, person, api } = await scene();
      const accepted = await createAssignment(ctx.db, task.id, person.volunteer.id, { status: 'accepted' });
      const refused = await api.post(`/api/assignments/${accepted.id}/withdraw`);
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(refused.data, { message: "This action is not valid for the assignment's current status." });

      const invitee = await createVolunteer(ctx.db);
      const open = await createAssignment(ctx.db, task.id, invitee.volunteer.id);
      const url = `/api/assignments/${open.id}/withdraw`;
      assert.equal((await apiClient(ctx.app).post(url)).statusCode, 401);
      assert.equal((await apiClient(ctx.app, invitee.token).post(url)).statusCode, 403);
      const other = await createCompany(ctx.db);
      const asOther = await apiClient(ctx.app, other.token).post(url);
      assert.equal(asOther.statusCode, 403);
      assert.deepEqual(asOther.data, { message: 'Only the company that owns this challenge can do this.' });
      assert.equal((await api.post('/api/assignments/999999/withdraw')).statusCode, 404);
      const row = await ctx.db
        .selectFrom('assignments')
        .select('status')
        .where('id', '=', open.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'invited');
    });
  });
}
