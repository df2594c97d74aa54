import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  assignmentRow,
  assignmentScenario,
  notificationsOf,
  partiesOf,
  taskStatus,
} from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createVolunteer } from '../helpers/factories.ts';

const WITHDRAWN = { message: 'This invitation was withdrawn: the task no longer needs contributors.' };

for (const dialect of testDialects()) {
  describe(`withdrawing open invitations [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A task with the scenario's invitation and two more open ones. */
    async function taskWithThreeInvitations() {
      const scenario = await assignmentScenario(ctx.db, { task: { status: 'matching' } });
      const others = [];
      for (let i = 0; i < 2; i++) {
        const invitee = await createVolunteer(ctx.db);
        others.push({ invitee, assignment: await createAssignment(ctx.db, scenario.task.id, invitee.volunteer.id) });
      }
      return { scenario, others };
    }

    it('when an invitee accepts, the task is filled: the other invitations are withdrawn and the invitees told', async () => {
      const { scenario, others } = await taskWithThreeInvitations();
      const { contributor } = partiesOf(ctx, scenario);
      const accepted = await contributor.post(`/api/assignments/${scenario.assignment.id}/accept`);
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(accepted.data.withdrawn_at, null);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'assigned');

      for (const { invitee, assignment } of others) {
        const read = await apiClient(ctx.app, invitee.token).get(`/api/assignments/${assignment.id}`);
        assert.equal(read.statusCode, 200);
        assert.equal(read.data.status, 'declined');
        assert.ok(read.data.withdrawn_at, 'withdrawn_at tells it from a declined invitation');
        assert.equal(read.data.decline_reason, 'The invitation was withdrawn: another contributor took the task.');
        assert.equal(read.data.responded_at, null, 'the invitee never answered');

        const notifications = await notificationsOf(ctx.db, invitee.user.id);
        assert.deepEqual(
          notifications.map((n) => n.type),
          ['invitation_withdrawn'],
        );
        assert.equal(notifications[0].title, 'Invitation withdrawn');
        assert.match(
          notifications[0].message,
          new RegExp(`"${scenario.task.title}".*another contributor has taken it`),
        );
        assert.equal(notifications[0].action_url, `/assignments/${assignment.id}`);
        assert.deepEqual(JSON.parse(notifications[0].data), {
          challenge_id: scenario.challenge.id,
          task_id: scenario.task.id,
          assignment_id: assignment.id,
        });

        // Their pending list no longer offers it.
        const pending = await apiClient(ctx.app, invitee.token).get('/api/assignments/pending');
        assert.deepEqual(pending.data.data, []);
      }
      // The company hears of the acceptance only, not of the withdrawals.
      assert.deepEqual(
        (await notificationsOf(ctx.db, scenario.company.user.id)).map((n) => n.type),
        ['task_accepted'],
      );
    });

    it('answering a withdrawn invitation is a 422 that says so, and changes nothing', async () => {
      const { scenario, others } = await taskWithThreeInvitations();
      await partiesOf(ctx, scenario).contributor.post(`/api/assignments/${scenario.assignment.id}/accept`);
      const [{ invitee, assignment }] = others;
      const api = apiClient(ctx.app, invitee.token);
      const before = await assignmentRow(ctx.db, assignment.id);

      const accept = await api.post(`/api/assignments/${assignment.id}/accept`);
      assert.equal(accept.statusCode, 422);
      assert.deepEqual(accept.data, WITHDRAWN);
      const reject = await api.post(`/api/assignments/${assignment.id}/reject`, { reason: 'Too late anyway.' });
      assert.equal(reject.statusCode, 422);
      assert.deepEqual(reject.data, WITHDRAWN);
      assert.deepEqual(await assignmentRow(ctx.db, assignment.id), before);

      // Still the usual 403 for someone else, and 404 for no assignment.
      const stranger = await createVolunteer(ctx.db);
      assert.equal(
        (await apiClient(ctx.app, stranger.token).post(`/api/assignments/${assignment.id}/accept`)).statusCode,
        403,
      );
      assert.equal((await apiClient(ctx.app).post(`/api/assignments/${assignment.id}/accept`)).statusCode, 401);
      assert.equal((await api.post('/api/assignments/999999/accept')).statusCode, 404);
    });

    it('a declined invitation keeps the usual message: it was answered, not withdrawn', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'declined' });
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/accept`,
      );
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data, { message: "This action is not valid for the assignment's current status." });
    });

    it('when the task is completed, the invitations still open on it are withdrawn', async () => {
      const scenario = await assignmentScenario(ctx.db, {
        status: 'submitted',
        challenge: { status: 'in_progress' },
        task: { status: 'in_progress' },
      });
      const invitee = await createVolunteer(ctx.db);
      const late = await createAssignment(ctx.db, scenario.task.id, invitee.volunteer.id);
      const completed = await partiesOf(ctx, scenario).company.post(
        `/api/assignments/${scenario.assignment.id}/complete`,
      );
      assert.equal(completed.statusCode, 200, completed.body);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'completed');

      const row = await assignmentRow(ctx.db, late.id);
      assert.equal(row.status, 'declined');
      assert.ok(row.withdrawn_at);
      assert.equal(row.decline_reason, 'The invitation was withdrawn: the task has been completed.');
      const [notification] = await notificationsOf(ctx.db, invitee.user.id);
      assert.equal(notification.type, 'invitation_withdrawn');
      assert.match(notification.message, /the task has been completed/);
      assert.deepEqual(
        (await apiClient(ctx.app, invitee.token).post(`/api/assignments/${late.id}/accept`)).data,
        WITHDRAWN,
      );
    });

    it('a task still worked on by another assignee keeps its open invitations', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted', task: { status: 'in_progress' } });
      await createAssignment(ctx.db, scenario.task.id, (await createVolunteer(ctx.db)).volunteer.id, {
        status: 'in_progress',
      });
      const open = await createAssignment(ctx.db, scenario.task.id, (await createVolunteer(ctx.db)).volunteer.id);
      await partiesOf(ctx, scenario).company.post(`/api/assignments/${scenario.assignment.id}/complete`);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'in_progress');
      const row = await assignmentRow(ctx.db, open.id);
      assert.equal(row.status, 'invited');
      assert.equal(row.withdrawn_at, null);
    });

    it('of two invitees accepting at once, one fills the task and the other finds the invitation withdrawn', async () => {
      const scenario = await assignmentScenario(ctx.db, { task: { status: 'matching' } });
      const invitee = await createVolunteer(ctx.db);
      const second = await createAssignment(ctx.db, scenario.task.id, invitee.volunteer.id);
      const responses = await Promise.all([
        partiesOf(ctx, scenario).contributor.post(`/api/assignments/${scenario.assignment.id}/accept`),
        apiClient(ctx.app, invitee.token).post(`/api/assignments/${second.id}/accept`),
      ]);
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 422]);
      const statuses = [
        (await assignmentRow(ctx.db, scenario.assignment.id)).status,
        (await assignmentRow(ctx.db, second.id)).status,
      ].sort();
      assert.deepEqual(statuses, ['accepted', 'declined']);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'assigned');
    });
  });
}
