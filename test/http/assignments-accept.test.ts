import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/http/app-error.ts';
import { acceptAssignment } from '../../src/modules/assignments/assignments.service.ts';
import { assignmentRow, assignmentScenario } from '../helpers/assignment-fixtures.ts';
import { callerFor } from '../helpers/callers.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';

const ACTIVE_MESSAGE = 'You already have an active task. Finish it before accepting another one.';
const INVITATIONS = 8;

/** One contributor invited to `count` tasks on one company's challenge. */
async function manyInvitations(ctx: TestContext, count: number) {
  const { company } = await createCompany(ctx.db);
  const challenge = await createChallenge(ctx.db, company.id);
  const volunteer = await createVolunteer(ctx.db);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const task = await createTask(ctx.db, challenge.id);
    ids.push((await createAssignment(ctx.db, task.id, volunteer.volunteer.id)).id);
  }
  return { volunteer, ids };
}

async function activeRows(ctx: TestContext, volunteerId: number) {
  const rows = await ctx.db
    .selectFrom('assignments')
    .select(['id', 'status'])
    .where('volunteer_id', '=', volunteerId)
    .where('status', 'in', ['accepted', 'in_progress', 'submitted'])
    .execute();
  return rows.map((row) => ({ ...row }));
}

for (const dialect of testDialects()) {
  describe(`accepting an invitation [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    for (const activeStatus of ['accepted', 'in_progress', 'submitted'] as const) {
      it(`refuses a second active task while one is ${activeStatus}, naming it`, async () => {
        const { volunteer, ids } = await manyInvitations(ctx, 2);
        await ctx.db.updateTable('assignments').set({ status: activeStatus }).where('id', '=', ids[0]).execute();
        const response = await apiClient(ctx.app, volunteer.token).post(`/api/assignments/${ids[1]}/accept`);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.data, { message: ACTIVE_MESSAGE, active_assignment_id: ids[0] });
        assert.equal((await assignmentRow(ctx.db, ids[1])).status, 'invited');
      });
    }

    it('allows a new task once the previous one is completed or declined', async () => {
      const { volunteer, ids } = await manyInvitations(ctx, 3);
      await ctx.db.updateTable('assignments').set({ status: 'completed' }).where('id', '=', ids[0]).execute();
      await ctx.db.updateTable('assignments').set({ status: 'declined' }).where('id', '=', ids[1]).execute();
      const response = await apiClient(ctx.app, volunteer.token).post(`/api/assignments/${ids[2]}/accept`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.status, 'accepted');
    });

    it('accepts one invitation, then refuses the next with active_assignment_id', async () => {
      const { volunteer, ids } = await manyInvitations(ctx, 2);
      const client = apiClient(ctx.app, volunteer.token);
      assert.equal((await client.post(`/api/assignments/${ids[0]}/accept`)).statusCode, 200);
      const second = await client.post(`/api/assignments/${ids[1]}/accept`);
      assert.equal(second.statusCode, 422);
      assert.equal(second.data.active_assignment_id, ids[0]);
    });

    it('refuses an invitation on an archived challenge', async () => {
      const scenario = await assignmentScenario(ctx.db, { challenge: { status: 'archived' } });
      const response = await apiClient(ctx.app, scenario.volunteer.token).post(
        `/api/assignments/${scenario.assignment.id}/accept`,
      );
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data, {
        message: 'This challenge has been archived; its invitations can no longer be accepted.',
      });
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'invited');
    });

    it(`lets exactly one of ${INVITATIONS} concurrent accepts through the API win`, async () => {
      const { volunteer, ids } = await manyInvitations(ctx, INVITATIONS);
      const client = apiClient(ctx.app, volunteer.token);
      const responses = await Promise.all(ids.map((id) => client.post(`/api/assignments/${id}/accept`)));

      const winners = responses.filter((response) => response.statusCode === 200);
      assert.equal(winners.length, 1, responses.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
      const winnerId = winners[0].data.id;
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        assert.equal(response.statusCode, 422, response.body);
        assert.deepEqual(response.data, { message: ACTIVE_MESSAGE, active_assignment_id: winnerId });
      }
      assert.deepEqual(await activeRows(ctx, volunteer.volunteer.id), [{ id: winnerId, status: 'accepted' }]);
      const notified = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', 'task_accepted')
        .where('data', 'like', `%"assignment_id":${winnerId}}%`)
        .execute();
      assert.equal(notified.length, 1);
    });

    it(`lets exactly one of ${INVITATIONS} concurrent service calls win, past any request serialisation`, async () => {
      const { volunteer, ids } = await manyInvitations(ctx, INVITATIONS);
      const caller = await callerFor(ctx.db, volunteer.token);
      const outcomes = await Promise.allSettled(ids.map((id) => acceptAssignment(ctx.db, caller, id)));

      const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      assert.equal(fulfilled.length, 1);
      const winnerId = fulfilled[0].value.id;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') continue;
        const error = outcome.reason;
        assert.ok(error instanceof AppError, String(error));
        assert.equal(error.code, 'invalid_state');
        assert.equal(error.message, ACTIVE_MESSAGE);
        assert.deepEqual(error.extra, { active_assignment_id: winnerId });
      }
      assert.deepEqual(await activeRows(ctx, volunteer.volunteer.id), [{ id: winnerId, status: 'accepted' }]);
    });

    it('two different contributors may each hold an active task', async () => {
      const first = await assignmentScenario(ctx.db);
      const second = await assignmentScenario(ctx.db);
      const [a, b] = await Promise.all(
        [first, second].map((s) =>
          apiClient(ctx.app, s.volunteer.token).post(`/api/assignments/${s.assignment.id}/accept`),
        ),
      );
      assert.equal(a.statusCode, 200);
      assert.equal(b.statusCode, 200);
    });
  });
}
