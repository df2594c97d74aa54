import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { completeAssignment } from '../../src/modules/assignments/assignments.service.ts';
import { WORK_IN_PROGRESS_MESSAGE } from '../../src/modules/challenges/challenges.service.ts';
import {
  assignmentRow,
  assignmentScenario,
  challengeStatus,
  notificationsOf,
  partiesOf,
  taskStatus,
} from '../helpers/assignment-fixtures.ts';
import { callerFor } from '../helpers/callers.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';

const CANNOT_COMPLETE = 'Only an active challenge or a challenge in progress can be completed.';

for (const dialect of testDialects()) {
  describe(`completing a challenge [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function challengeRow(id: number) {
      return ctx.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    describe('by its owner (POST /api/challenges/{id}/complete)', () => {
      it('completes an active or in-progress challenge', async () => {
        const { company, token } = await createCompany(ctx.db);
        for (const status of ['active', 'in_progress'] as const) {
          const challenge = await createChallenge(ctx.db, company.id, {
            status,
            updated_at: '2026-01-01T00:00:00.000Z',
          });
          const response = await apiClient(ctx.app, token).post(`/api/challenges/${challenge.id}/complete`);
          assert.equal(response.statusCode, 200, `${status}: ${response.body}`);
          assert.equal(response.data.status, 'completed');
          assert.equal(response.data.id, challenge.id);
          assert.notEqual(response.data.updated_at, '2026-01-01T00:00:00.000Z');
          assert.equal((await challengeRow(challenge.id)).status, 'completed');
        }
      });

      it('is a 422 from every other status, changing nothing', async () => {
        const { company, token } = await createCompany(ctx.db);
        for (const status of ['submitted', 'analyzing', 'completed', 'rejected', 'archived'] as const) {
          const challenge = await createChallenge(ctx.db, company.id, { status });
          const response = await apiClient(ctx.app, token).post(`/api/challenges/${challenge.id}/complete`);
          assert.equal(response.statusCode, 422, status);
          assert.deepEqual(response.data, { message: CANNOT_COMPLETE });
          const row = await challengeRow(challenge.id);
          assert.equal(row.status, status);
          assert.equal(row.updated_at, challenge.updated_at);
        }
      });

      it('is for the owning company only: 401, 403 for others who can see it, 404 for those who cannot', async () => {
        const owner = await createCompany(ctx.db);
        const other = await createCompany(ctx.db);
        const contributor = await createVolunteer(ctx.db);
        const live = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
        const draft = await createChallenge(ctx.db, owner.company.id, { status: 'submitted' });

        const anonymous = await apiClient(ctx.app).post(`/api/challenges/${live.id}/complete`);
        assert.equal(anonymous.statusCode, 401);
        assert.deepEqual(anonymous.data, { message: 'Unauthenticated.' });

        const asContributor = await apiClient(ctx.app, contributor.token).post(`/api/challenges/${live.id}/complete`);
        assert.equal(asContributor.statusCode, 403);
        assert.equal(asContributor.data.message, 'Only company accounts can do this.');

        const asOther = apiClient(ctx.app, other.token);
        const visible = await asOther.post(`/api/challenges/${live.id}/complete`);
        assert.equal(visible.statusCode, 403);
        assert.equal(visible.data.message, 'Only the company that owns this challenge can do this.');
        assert.equal((await asOther.post(`/api/challenges/${draft.id}/complete`)).statusCode, 404);

        for (const id of ['999999', 'abc', '0']) {
          const response = await apiClient(ctx.app, owner.token).post(`/api/challenges/${id}/complete`);
          assert.equal(response.statusCode, 404, id);
        }
        assert.equal((await challengeRow(live.id)).status, 'active');
        assert.equal((await challengeRow(draft.id)).status, 'submitted');
      });

      it('is refused while an assignment still occupies a contributor, withdrawing nothing', async () => {
        for (const active of ['accepted', 'in_progress', 'submitted'] as const) {
          const scenario = await assignmentScenario(ctx.db, {
            status: active,
            challenge: { status: 'in_progress' },
            task: { status: 'in_progress' },
          });
          const otherTask = await createTask(ctx.db, scenario.challenge.id, { status: 'matching' });
          const invitee = await createVolunteer(ctx.db);
          const invitation = await createAssignment(ctx.db, otherTask.id, invitee.volunteer.id);

          const response = await partiesOf(ctx, scenario).company.post(
            `/api/challenges/${scenario.challenge.id}/complete`,
          );
          assert.equal(response.statusCode, 422, active);
          assert.deepEqual(response.data, { message: WORK_IN_PROGRESS_MESSAGE });
          assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'in_progress');
          const untouched = await assignmentRow(ctx.db, invitation.id);
          assert.equal(untouched.status, 'invited', 'the refused completion rolled its withdrawals back');
          assert.equal(untouched.withdrawn_at, null);
          assert.deepEqual(await notificationsOf(ctx.db, invitee.user.id), []);
        }
      });

      it('withdraws the open invitations of its tasks and tells the invitees; answering one is a 422', async () => {
        const owner = await createCompany(ctx.db);
        const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
        const task = await createTask(ctx.db, challenge.id, { status: 'matching' });
        const invitee = await createVolunteer(ctx.db);
        const invitation = await createAssignment(ctx.db, task.id, invitee.volunteer.id);
        const declined = await createAssignment(ctx.db, task.id, (await createVolunteer(ctx.db)).volunteer.id, {
          status: 'declined',
          decline_reason: 'Too busy.',
        });

        const response = await apiClient(ctx.app, owner.token).post(`/api/challenges/${challenge.id}/complete`);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.data.status, 'completed');

        const withdrawn = await assignmentRow(ctx.db, invitation.id);
        assert.equal(withdrawn.status, 'declined');
        assert.ok(withdrawn.withdrawn_at);
        assert.equal(withdrawn.decline_reason, 'The invitation was withdrawn: the challenge has been completed.');
        assert.equal((await assignmentRow(ctx.db, declined.id)).withdrawn_at, null, 'an answered one stays as it is');

        const [notification] = await notificationsOf(ctx.db, invitee.user.id);
        assert.equal(notification.type, 'invitation_withdrawn');
        assert.match(notification.message, /its challenge has been completed/);
        assert.equal(notification.action_url, `/assignments/${invitation.id}`);

        const answer = await apiClient(ctx.app, invitee.token).post(`/api/assignments/${invitation.id}/accept`);
        assert.equal(answer.statusCode, 422);
        assert.deepEqual(answer.data, {
          message: 'This invitation was withdrawn: the task no longer needs contributors.',
        });
        assert.equal(await taskStatus(ctx.db, task.id), 'matching', 'the task itself keeps its status');
      });

      it('refuses the invitations of a completed challenge that were not withdrawn', async () => {
        const scenario = await assignmentScenario(ctx.db, { challenge: { status: 'completed' } });
        const response = await partiesOf(ctx, scenario).contributor.post(
          `/api/assignments/${scenario.assignment.id}/accept`,
        );
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.data, {
          message: 'This challenge is completed; its invitations can no longer be accepted.',
        });
        assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'invited');
      });
    });

    describe('by itself, when its last task is completed', () => {
      it('stays in progress while a task is open, and completes with the last one', async () => {
        const scenario = await assignmentScenario(ctx.db, {
          status: 'submitted',
          challenge: { status: 'in_progress' },
          task: { status: 'in_progress' },
        });
        const secondTask = await createTask(ctx.db, scenario.challenge.id, { status: 'in_progress' });
        const second = await createAssignment(ctx.db, secondTask.id, (await createVolunteer(ctx.db)).volunteer.id, {
          status: 'submitted',
        });
        const { company } = partiesOf(ctx, scenario);

        assert.equal((await company.post(`/api/assignments/${scenario.assignment.id}/complete`)).statusCode, 200);
        assert.equal(await taskStatus(ctx.db, scenario.task.id), 'completed');
        assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'in_progress');

        assert.equal((await company.post(`/api/assignments/${second.id}/complete`)).statusCode, 200);
        assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'completed');
        const read = await company.get(`/api/challenges/${scenario.challenge.id}`);
        assert.equal(read.data.status, 'completed');
        assert.deepEqual(
          read.data.tasks.map((task: { status: string }) => task.status),
          ['completed', 'completed'],
        );
      });

      it('completes an active challenge too, but never an archived one', async () => {
        const active = await assignmentScenario(ctx.db, { status: 'in_progress', challenge: { status: 'active' } });
        assert.equal(
          (await partiesOf(ctx, active).company.post(`/api/assignments/${active.assignment.id}/complete`)).statusCode,
          200,
        );
        assert.equal(await challengeStatus(ctx.db, active.challenge.id), 'completed');

        const archived = await assignmentScenario(ctx.db, { status: 'in_progress', challenge: { status: 'archived' } });
        const response = await partiesOf(ctx, archived).company.post(
          `/api/assignments/${archived.assignment.id}/complete`,
        );
        assert.equal(response.statusCode, 200);
        assert.equal(await taskStatus(ctx.db, archived.task.id), 'completed');
        assert.equal(await challengeStatus(ctx.db, archived.challenge.id), 'archived');
      });

      it('completes when its last two tasks complete at the same moment', async () => {
        // Service calls, past any request serialisation; several challenges, so that the moments really overlap.
        const company = await createCompany(ctx.db);
        const caller = await callerFor(ctx.db, company.token);
        const challenges = [];
        const assignmentIds: number[] = [];
        for (let i = 0; i < 5; i++) {
          const challenge = await createChallenge(ctx.db, company.company.id, { status: 'in_progress' });
          challenges.push(challenge);
          for (let j = 0; j < 2; j++) {
            const task = await createTask(ctx.db, challenge.id, { status: 'in_progress' });
            const volunteer = await createVolunteer(ctx.db);
            const assignment = await createAssignment(ctx.db, task.id, volunteer.volunteer.id, { status: 'submitted' });
            assignmentIds.push(assignment.id);
          }
        }
        await Promise.all(assignmentIds.map((id) => completeAssignment(ctx.db, caller, id, {})));
        for (const challenge of challenges) {
          assert.equal(await challengeStatus(ctx.db, challenge.id), 'completed', `challenge ${challenge.id}`);
        }
      });
    });
  });
}
