import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ASSIGNMENT_STATUSES } from '../../src/modules/assignments/assignments.schemas.ts';
import {
  assignmentRow,
  assignmentScenario,
  challengeStatus,
  notificationsOf,
  partiesOf,
  taskStatus,
  VALID_SOLUTION,
} from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createCompany, createVolunteer } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';

const INVALID_STATUS = "This action is not valid for the assignment's current status.";

/** Every API action, who takes it, what it sends, where it may start and where it leads (contract §4). */
const ACTIONS = [
  { action: 'accept', by: 'contributor', body: undefined, from: ['invited'], to: 'accepted', ok: 200 },
  { action: 'reject', by: 'contributor', body: { reason: 'Busy' }, from: ['invited'], to: 'declined', ok: 200 },
  { action: 'start', by: 'contributor', body: undefined, from: ['accepted'], to: 'in_progress', ok: 200 },
  {
    action: 'submit-solution',
    by: 'contributor',
    body: VALID_SOLUTION,
    from: ['accepted', 'in_progress'],
    to: 'submitted',
    ok: 303,
  },
  { action: 'complete', by: 'company', body: {}, from: ['in_progress', 'submitted'], to: 'completed', ok: 200 },
] as const;

for (const dialect of testDialects()) {
  describe(`assignment transitions [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('allows each action exactly from its statuses, and answers 422 from every other status', async () => {
      for (const { action, by, body, from, to, ok } of ACTIONS) {
        for (const status of ASSIGNMENT_STATUSES) {
          const scenario = await assignmentScenario(ctx.db, { status });
          const client = partiesOf(ctx, scenario)[by];
          const response = await client.post(`/api/assignments/${scenario.assignment.id}/${action}`, body);
          const label = `${action} by ${by} from ${status}`;
          const row = await assignmentRow(ctx.db, scenario.assignment.id);
          if ((from as readonly string[]).includes(status)) {
            assert.equal(response.statusCode, ok, `${label}: ${response.body}`);
            assert.equal(row.status, to, label);
          } else {
            assert.equal(response.statusCode, 422, label);
            assert.deepEqual(response.data, { message: INVALID_STATUS }, label);
            assert.equal(row.status, status, `${label} left the row alone`);
          }
        }
      }
    });

    it('answers each move with the assignment as a read of it shows it right after', async () => {
      const moves = [
        { action: 'accept', by: 'contributor', status: 'invited', body: undefined },
        { action: 'reject', by: 'contributor', status: 'invited', body: { reason: 'Busy' } },
        // The withdrawal and the request for changes answer in a `data` envelope; the others, the assignment itself.
        { action: 'withdraw', by: 'company', status: 'invited', body: undefined, enveloped: true },
        { action: 'start', by: 'contributor', status: 'accepted', body: undefined },
        { action: 'complete', by: 'company', status: 'submitted', body: { rating: 5 } },
        {
          action: 'request-changes',
          by: 'company',
          status: 'submitted',
          body: { note: 'Add the sources.' },
          enveloped: true,
        },
      ] as const;
      for (const move of moves) {
        const { action, by, status, body } = move;
        const scenario = await assignmentScenario(ctx.db, { status });
        const client = partiesOf(ctx, scenario)[by];
        const moved = await client.post(`/api/assignments/${scenario.assignment.id}/${action}`, body);
        assert.equal(moved.statusCode, 200, `${action}: ${moved.body}`);
        const read = await client.get(`/api/assignments/${scenario.assignment.id}`);
        assert.equal(read.statusCode, 200);
        const answer = ('enveloped' in move ? (moved.data as { data: unknown }).data : moved.data) as {
          status: string;
        };
        assert.deepEqual(answer, read.data, action);
        assert.notEqual(answer.status, status, `${action} moved it`);
      }
    });

    it('answers 401 without a token on every route', async () => {
      const { assignment } = await assignmentScenario(ctx.db);
      const anonymous = apiClient(ctx.app);
      for (const url of ['/api/assignments', '/api/assignments/pending', `/api/assignments/${assignment.id}`]) {
        const response = await anonymous.get(url);
        assert.equal(response.statusCode, 401, url);
        assert.deepEqual(response.data, { message: 'Unauthenticated.' });
      }
      for (const action of ['accept', 'reject', 'start', 'submit-solution', 'complete']) {
        const response = await anonymous.post(`/api/assignments/${assignment.id}/${action}`, {});
        assert.equal(response.statusCode, 401, action);
      }
    });

    it('answers 403 to the wrong party and the wrong account type, changing nothing', async () => {
      const cases = [
        { action: 'accept', status: 'invited' },
        { action: 'reject', status: 'invited' },
        { action: 'start', status: 'accepted' },
        { action: 'submit-solution', status: 'in_progress' },
        { action: 'complete', status: 'submitted' },
      ];
      const stranger = apiClient(ctx.app, (await createVolunteer(ctx.db)).token);
      const otherCompany = apiClient(ctx.app, (await createCompany(ctx.db)).token);
      for (const { action, status } of cases) {
        const scenario = await assignmentScenario(ctx.db, { status });
        const url = `/api/assignments/${scenario.assignment.id}/${action}`;
        const { company: owningCompany, contributor: assignee } = partiesOf(ctx, scenario);
        // Completing is the owning company's approval: the assignee is a wrong party for it (issue 10, item 7).
        const callers = { stranger, otherCompany, owningCompany, ...(action === 'complete' ? { assignee } : {}) };
        for (const [who, client] of Object.entries(callers)) {
          if (action === 'complete' && who === 'owningCompany') continue;
          const response = await client.post(url, action === 'submit-solution' ? VALID_SOLUTION : {});
          assert.equal(response.statusCode, 403, `${action} by ${who}`);
          assert.equal(typeof response.data.message, 'string');
        }
        assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, status, action);
      }
    });

    it('answers 404 for unknown and non-integer ids', async () => {
      const { token } = await createVolunteer(ctx.db);
      const client = apiClient(ctx.app, token);
      for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
        assert.equal((await client.get(`/api/assignments/${id}`)).statusCode, 404, `GET ${id}`);
        for (const action of ['accept', 'reject', 'start', 'complete']) {
          const response = await client.post(`/api/assignments/${id}/${action}`, {});
          assert.equal(response.statusCode, 404, `${action} ${id}`);
          assert.equal(typeof response.data.message, 'string');
        }
      }
    });

    it('accept: responded_at set, task assigned, company notified', async () => {
      const scenario = await assignmentScenario(ctx.db, { task: { status: 'matching' } });
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/accept`,
      );
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.status, 'accepted');
      assert.ok(response.data.responded_at);
      assert.equal(response.data.task.id, scenario.task.id);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'assigned');
      const [notification] = await notificationsOf(ctx.db, scenario.company.user.id);
      assert.equal(notification.type, 'task_accepted');
      assert.match(notification.message, new RegExp(scenario.task.title));
      assert.equal(notification.action_url, `/assignments/${scenario.assignment.id}`);
      assert.deepEqual(JSON.parse(notification.data), {
        challenge_id: scenario.challenge.id,
        task_id: scenario.task.id,
        assignment_id: scenario.assignment.id,
      });
      assert.equal((await notificationsOf(ctx.db, scenario.volunteer.user.id)).length, 0);
    });

    it('accept leaves a task that is already further along as it is', async () => {
      const scenario = await assignmentScenario(ctx.db, { task: { status: 'in_progress' } });
      await partiesOf(ctx, scenario).contributor.post(`/api/assignments/${scenario.assignment.id}/accept`);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'in_progress');
    });

    it('reject: stores the reason, notifies the company and queues matching for the task', async () => {
      const scenario = await assignmentScenario(ctx.db);
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/reject`,
        { reason: '  Too busy this month.  ' },
      );
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.status, 'declined');
      assert.equal(response.data.decline_reason, 'Too busy this month.');
      assert.ok(response.data.responded_at);
      const jobs = await queuedJobs(ctx, 'task.match');
      assert.ok(jobs.some((job) => job.payload.taskId === scenario.task.id));
      const [notification] = await notificationsOf(ctx.db, scenario.company.user.id);
      assert.equal(notification.type, 'task_declined');
      assert.match(notification.message, /Too busy this month\./);
    });

    it('reject: the reason is optional and limited to 500 characters', async () => {
      const scenario = await assignmentScenario(ctx.db);
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/reject`;
      const tooLong = await contributor.post(url, { reason: 'x'.repeat(501) });
      assert.equal(tooLong.statusCode, 422);
      assert.deepEqual(tooLong.data.errors, { reason: ['The reason must not be greater than 500 characters.'] });
      const wrongType = await contributor.post(url, { reason: 5 });
      assert.equal(wrongType.statusCode, 422);
      assert.ok(wrongType.data.errors.reason);
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'invited');
      const bodiless = await contributor.post(url);
      assert.equal(bodiless.statusCode, 200);
      assert.equal(bodiless.data.decline_reason, null);
    });

    it('start: started_at set, task in_progress, an active challenge moves to in_progress', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'accepted', task: { status: 'assigned' } });
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/start`,
      );
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.status, 'in_progress');
      assert.ok(response.data.started_at);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'in_progress');
      assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'in_progress');
    });

    it('start leaves a challenge that is not active in its status', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'accepted', challenge: { status: 'completed' } });
      await partiesOf(ctx, scenario).contributor.post(`/api/assignments/${scenario.assignment.id}/start`);
      assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'completed');
    });

    it('a company account cannot call the contributor-only actions even on its own assignment', async () => {
      const scenario = await assignmentScenario(ctx.db);
      const response = await partiesOf(ctx, scenario).company.post(`/api/assignments/${scenario.assignment.id}/accept`);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.data, { message: 'Only contributor accounts can do this.' });
      const noProfile = apiClient(ctx.app, (await createAccount(ctx.db, 'contributor')).token);
      const other = await noProfile.post(`/api/assignments/${scenario.assignment.id}/accept`);
      assert.equal(other.statusCode, 403);
    });
  });
}
