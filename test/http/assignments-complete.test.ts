import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  assignmentRow,
  assignmentScenario,
  notificationsOf,
  partiesOf,
  taskStatus,
  VALID_SOLUTION,
} from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createVolunteer } from '../helpers/factories.ts';

for (const dialect of testDialects()) {
  describe(`completing an assignment [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function reputationEvents(volunteerId: number) {
      return ctx.db
        .selectFrom('reputation_events')
        .select(['points', 'reason', 'subject_type', 'subject_id'])
        .where('volunteer_id', '=', volunteerId)
        .execute();
    }

    it('by the company after a submission: hours from the submission, submission approved, task completed', async () => {
      const scenario = await assignmentScenario(ctx.db, {
        status: 'in_progress',
        challenge: { score: 3 },
        task: { status: 'in_progress' },
      });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      assert.equal((await contributor.post(`${url}/submit-solution`, VALID_SOLUTION)).statusCode, 303);

      const response = await company.post(`${url}/complete`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.data.status, 'completed');
      assert.ok(response.data.completed_at);
      assert.equal(response.data.actual_hours, 6.5);
      assert.equal(response.data.latest_submission.status, 'approved');
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'completed');

      // Score 3 is the ×0.75 band: 25 × 0.75 = 18.75, rounded to 19.
      assert.deepEqual(
        (await reputationEvents(scenario.volunteer.volunteer.id)).map((event) => ({ ...event })),
        [{ points: 19, reason: 'task_completed', subject_type: 'assignment', subject_id: scenario.assignment.id }],
      );
      assert.equal(response.data.volunteer.reputation_score, 19);

      const toCompany = (await notificationsOf(ctx.db, scenario.company.user.id)).filter(
        (n) => n.type === 'task_completed',
      );
      const toContributor = await notificationsOf(ctx.db, scenario.volunteer.user.id);
      assert.equal(toCompany.length, 1);
      assert.deepEqual(
        toContributor.map((n) => n.type),
        ['task_completed'],
      );
      assert.match(toContributor[0].message, /19 reputation points/);
      assert.match(toCompany[0].message, new RegExp(scenario.task.title));
      assert.equal(JSON.parse(toContributor[0].data).assignment_id, scenario.assignment.id);
    });

    it('awards task points by the challenge score band', async () => {
      const bands: Array<[number | null, number]> = [
        [1, 13],
        [4, 19],
        [6, 25],
        [8, 31],
        [9, 38],
        [10, 50],
        [null, 25],
      ];
      for (const [score, points] of bands) {
        const scenario = await assignmentScenario(ctx.db, { status: 'in_progress', challenge: { score } });
        const response = await partiesOf(ctx, scenario).company.post(
          `/api/assignments/${scenario.assignment.id}/complete`,
        );
        assert.equal(response.statusCode, 200);
        const [event] = await reputationEvents(scenario.volunteer.volunteer.id);
        assert.equal(event.points, points, `score ${score}`);
        const volunteer = await ctx.db
          .selectFrom('volunteers')
          .select('reputation_score')
          .where('id', '=', scenario.volunteer.volunteer.id)
          .executeTakeFirstOrThrow();
        assert.equal(volunteer.reputation_score, points, `score ${score}`);
      }
    });

    it('never by the assignee: 403 from every status, nothing changed, no reputation (issue 10, item 7)', async () => {
      for (const status of ['in_progress', 'submitted'] as const) {
        const scenario = await assignmentScenario(ctx.db, { status });
        const { contributor } = partiesOf(ctx, scenario);
        const url = `/api/assignments/${scenario.assignment.id}`;
        if (status === 'submitted') {
          await ctx.db
            .updateTable('assignments')
            .set({ status: 'in_progress' })
            .where('id', '=', scenario.assignment.id)
            .execute();
          assert.equal((await contributor.post(`${url}/submit-solution`, VALID_SOLUTION)).statusCode, 303);
        }
        for (const body of [{}, { actual_hours: 10_000 }]) {
          const response = await contributor.post(`${url}/complete`, body);
          assert.equal(response.statusCode, 403, `${status} ${JSON.stringify(body)}`);
          assert.deepEqual(response.data, { message: 'Only the company that owns this challenge can do this.' });
        }
        const row = await assignmentRow(ctx.db, scenario.assignment.id);
        assert.equal(row.status, status);
        assert.equal(row.actual_hours, null);
        assert.equal((await reputationEvents(scenario.volunteer.volunteer.id)).length, 0);
        const submissions = await ctx.db
          .selectFrom('submissions')
          .select('status')
          .where('assignment_id', '=', scenario.assignment.id)
          .execute();
        assert.ok(
          submissions.every((submission) => submission.status !== 'approved'),
          status,
        );
      }
    });

    it('by the company without any submission: no hours recorded, and none may be claimed', async () => {
      const bare = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { company } = partiesOf(ctx, bare);
      const url = `/api/assignments/${bare.assignment.id}/complete`;
      const claimed = await company.post(url, { actual_hours: 12.25 });
      assert.equal(claimed.statusCode, 422);
      assert.deepEqual(claimed.data.errors, {
        actual_hours: ['The actual hours must not be greater than the hours submitted with the solution (0).'],
      });
      assert.equal((await assignmentRow(ctx.db, bare.assignment.id)).status, 'in_progress');

      const noHours = await company.post(url);
      assert.equal(noHours.statusCode, 200);
      assert.equal(noHours.data.actual_hours, null);
      assert.equal(noHours.data.latest_submission, null);
    });

    it('bounds actual_hours by the hours submitted, summed over revision rounds (422 on the field)', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      assert.equal((await contributor.post(`${url}/submit-solution`, VALID_SOLUTION)).statusCode, 303);

      const tooMany = await company.post(`${url}/complete`, { actual_hours: 6.75 });
      assert.equal(tooMany.statusCode, 422);
      assert.deepEqual(tooMany.data.errors, {
        actual_hours: ['The actual hours must not be greater than the hours submitted with the solution (6.5).'],
      });
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'submitted');
      assert.equal((await reputationEvents(scenario.volunteer.volunteer.id)).length, 0);

      // A second round of work (after the company sent the solution back) adds its hours to the bound.
      await ctx.db
        .updateTable('assignments')
        .set({ status: 'in_progress' })
        .where('id', '=', scenario.assignment.id)
        .execute();
      const again = { ...VALID_SOLUTION, hours_worked: 3.5 };
      assert.equal((await contributor.post(`${url}/submit-solution`, again)).statusCode, 303);
      assert.equal((await company.post(`${url}/complete`, { actual_hours: 10.5 })).statusCode, 422);
      const fewer = await company.post(`${url}/complete`, { actual_hours: 10 });
      assert.equal(fewer.statusCode, 200, fewer.body);
      assert.equal(fewer.data.actual_hours, 10);
      assert.equal(fewer.data.latest_submission.status, 'approved');
    });

    it('validates actual_hours: a number above 0 and at most 10000', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const { company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/complete`;
      for (const [value, message] of [
        [0, 'The actual hours must be greater than 0.'],
        [10_000.5, 'The actual hours must not be greater than 10000.'],
        ['5', 'The actual hours must be a number.'],
      ] as const) {
        const response = await company.post(url, { actual_hours: value });
        assert.equal(response.statusCode, 422, String(value));
        assert.deepEqual(response.data.errors, { actual_hours: [message] });
      }
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'submitted');
      assert.equal((await reputationEvents(scenario.volunteer.volunteer.id)).length, 0);
    });

    it('leaves the task open while another of its assignments is still active', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted', task: { status: 'in_progress' } });
      const other = await createVolunteer(ctx.db);
      const otherAssignment = await createAssignment(ctx.db, scenario.task.id, other.volunteer.id, {
        status: 'in_progress',
      });
      const { company } = partiesOf(ctx, scenario);
      assert.equal((await company.post(`/api/assignments/${scenario.assignment.id}/complete`)).statusCode, 200);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'in_progress');

      assert.equal((await company.post(`/api/assignments/${otherAssignment.id}/complete`)).statusCode, 200);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'completed');
    });

    it('completes once under concurrent requests, awarding points once (the assignee among them refused)', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/complete`;
      const responses = await Promise.all([
        contributor.post(url),
        company.post(url),
        company.post(url),
        company.post(url),
      ]);
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 403, 422, 422]);
      assert.equal((await reputationEvents(scenario.volunteer.volunteer.id)).length, 1);
    });

    it('frees the contributor to accept another task', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const next = await createAssignment(
        ctx.db,
        (await assignmentScenario(ctx.db)).task.id,
        scenario.volunteer.volunteer.id,
      );
      const { contributor, company } = partiesOf(ctx, scenario);
      assert.equal((await contributor.post(`/api/assignments/${next.id}/accept`)).statusCode, 422);
      assert.equal((await company.post(`/api/assignments/${scenario.assignment.id}/complete`)).statusCode, 200);
      assert.equal((await contributor.post(`/api/assignments/${next.id}/accept`)).statusCode, 200);
    });
  });
}
