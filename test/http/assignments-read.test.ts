import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pageRequest } from '../../src/http/pagination.ts';
import { loadAssignmentsByIds } from '../../src/modules/assignments/assignments.loader.ts';
import { listAssignments } from '../../src/modules/assignments/assignments.service.ts';
import { assignmentScenario, partiesOf } from '../helpers/assignment-fixtures.ts';
import { callerFor } from '../helpers/callers.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';

for (const dialect of testDialects()) {
  describe(`reading assignments [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A company with two challenges, and two contributors with assignments spread over them. */
    async function portfolio() {
      const company = await createCompany(ctx.db);
      const [first, second] = [
        await createChallenge(ctx.db, company.company.id),
        await createChallenge(ctx.db, company.company.id),
      ];
      const tasks = [await createTask(ctx.db, first.id), await createTask(ctx.db, second.id)];
      const ada = await createVolunteer(ctx.db);
      const bob = await createVolunteer(ctx.db);
      const adaInvited = await createAssignment(ctx.db, tasks[0].id, ada.volunteer.id);
      const adaSubmitted = await createAssignment(ctx.db, tasks[1].id, ada.volunteer.id, { status: 'submitted' });
      const bobSubmitted = await createAssignment(ctx.db, tasks[0].id, bob.volunteer.id, { status: 'submitted' });
      const elsewhere = await assignmentScenario(ctx.db);
      return {
        company,
        challenges: [first, second],
        tasks,
        ada,
        bob,
        adaInvited,
        adaSubmitted,
        bobSubmitted,
        elsewhere,
      };
    }

    it("lists a contributor's own assignments, newest first, in the page envelope", async () => {
      const p = await portfolio();
      const response = await apiClient(ctx.app, p.ada.token).get('/api/assignments');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.data.data.map((a: { id: number }) => a.id),
        [p.adaSubmitted.id, p.adaInvited.id],
      );
      assert.equal(response.data.meta.total, 2);
      assert.equal(response.data.meta.per_page, 20);
      assert.equal(response.data.meta.current_page, 1);
      assert.equal(response.data.links.next, null);
      const [latest] = response.data.data;
      assert.equal(latest.volunteer.id, p.ada.volunteer.id);
      assert.equal(latest.task.id, p.tasks[1].id);
      assert.equal(latest.latest_submission, null);
    });

    it("lists a company's assignments on its own challenges only, with filters", async () => {
      const p = await portfolio();
      const client = apiClient(ctx.app, p.company.token);
      const ids = async (query: string) => {
        const response = await client.get(`/api/assignments${query}`);
        assert.equal(response.statusCode, 200, response.body);
        return response.data.data.map((a: { id: number }) => a.id);
      };
      assert.deepEqual(await ids(''), [p.bobSubmitted.id, p.adaSubmitted.id, p.adaInvited.id]);
      assert.deepEqual(await ids('?status=submitted'), [p.bobSubmitted.id, p.adaSubmitted.id]);
      assert.deepEqual(await ids(`?task_id=${p.tasks[0].id}`), [p.bobSubmitted.id, p.adaInvited.id]);
      assert.deepEqual(await ids(`?challenge_id=${p.challenges[1].id}`), [p.adaSubmitted.id]);
      assert.deepEqual(await ids(`?challenge_id=${p.elsewhere.challenge.id}`), []);
      assert.deepEqual(await ids(`?status=invited&task_id=${p.tasks[0].id}`), [p.adaInvited.id]);
    });

    it('paginates with per_page and page', async () => {
      const p = await portfolio();
      const client = apiClient(ctx.app, p.company.token);
      const second = await client.get('/api/assignments?per_page=2&page=2');
      assert.equal(second.statusCode, 200);
      assert.deepEqual(
        second.data.data.map((a: { id: number }) => a.id),
        [p.adaInvited.id],
      );
      assert.equal(second.data.meta.total, 3);
      assert.equal(second.data.meta.last_page, 2);
      assert.equal(second.data.meta.from, 3);
      assert.match(second.data.links.prev, /page=1/);
      const beyond = await client.get('/api/assignments?page=9');
      assert.deepEqual(beyond.data.data, []);
    });

    it('answers 422 for an unknown status filter, bad paging and ids out of range', async () => {
      const { token } = await createVolunteer(ctx.db);
      const client = apiClient(ctx.app, token);
      const status = await client.get('/api/assignments?status=finished');
      assert.equal(status.statusCode, 422);
      assert.ok(status.data.errors.status);
      assert.match(status.data.message, /status must be one of: invited, accepted/);
      for (const query of ['?per_page=0', '?per_page=101', '?page=0', '?task_id=abc', '?task_id=0']) {
        assert.equal((await client.get(`/api/assignments${query}`)).statusCode, 422, query);
      }
      // Larger than PostgreSQL's integer: refused before it reaches the database.
      for (const filter of ['task_id', 'challenge_id']) {
        const response = await client.get(`/api/assignments?${filter}=99999999999`);
        assert.equal(response.statusCode, 422, filter);
        assert.deepEqual(response.data.errors, {
          [filter]: [`The ${filter.replace('_', ' ')} must not be greater than 2147483647.`],
        });
      }
    });

    it("reads a contributor's unfiltered list in three statements, each item as the loader makes it", async () => {
      const { company } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const me = await createVolunteer(ctx.db);
      const someoneElse = await createVolunteer(ctx.db);
      const mine: number[] = [];
      for (const status of ['invited', 'declined', 'completed', 'submitted', 'invited']) {
        const task = await createTask(ctx.db, challenge.id);
        mine.push((await createAssignment(ctx.db, task.id, me.volunteer.id, { status })).id);
        await createAssignment(ctx.db, task.id, someoneElse.volunteer.id, { status: 'declined' });
      }
      const newestFirst = mine.reverse();
      const caller = await callerFor(ctx.db, me.token);
      for (const [page, ids] of [
        [1, newestFirst.slice(0, 3)],
        [2, newestFirst.slice(3)],
        [3, []],
      ] as const) {
        const { result, queries } = await countQueries(ctx.db, (db) =>
          listAssignments(db, caller, {}, pageRequest({ page, per_page: 3 })),
        );
        assert.equal(
          queries,
          3,
          "the version of the contributor's assignments, the page whole and its total, no attachments without submissions",
        );
        assert.equal(result.total, 5);
        assert.deepEqual(
          result.data.map((assignment) => assignment.id),
          ids,
        );
        const loaded = await loadAssignmentsByIds(ctx.db, [...ids]);
        assert.deepEqual(
          result.data,
          ids.map((id) => loaded.get(id)),
        );
      }
      // Through HTTP, the same items and total.
      const response = await apiClient(ctx.app, me.token).get('/api/assignments?per_page=3');
      assert.deepEqual(
        response.data.data.map((a: { id: number }) => a.id),
        newestFirst.slice(0, 3),
      );
      assert.equal(response.data.meta.total, 5);
    });

    it('shows callers without a profile an empty list', async () => {
      for (const type of ['company', 'contributor'] as const) {
        const { token } = await createAccount(ctx.db, type);
        const response = await apiClient(ctx.app, token).get('/api/assignments');
        assert.equal(response.statusCode, 200);
        assert.equal(response.data.meta.total, 0);
      }
    });

    it("pending: a contributor's invitations; a company's submissions awaiting review", async () => {
      const p = await portfolio();
      const mine = await apiClient(ctx.app, p.ada.token).get('/api/assignments/pending');
      assert.equal(mine.statusCode, 200);
      assert.deepEqual(
        mine.data.data.map((a: { id: number }) => a.id),
        [p.adaInvited.id],
      );
      const review = await apiClient(ctx.app, p.company.token).get('/api/assignments/pending?per_page=1');
      assert.deepEqual(
        review.data.data.map((a: { id: number }) => a.id),
        [p.bobSubmitted.id],
      );
      assert.equal(review.data.meta.total, 2);
      assert.equal((await apiClient(ctx.app, p.bob.token).get('/api/assignments/pending')).data.meta.total, 0);
    });

    it('shows one assignment to its contributor and to the owning company', async () => {
      const scenario = await assignmentScenario(ctx.db);
      for (const client of Object.values(partiesOf(ctx, scenario))) {
        const response = await client.get(`/api/assignments/${scenario.assignment.id}`);
        assert.equal(response.statusCode, 200);
        assert.equal(response.data.id, scenario.assignment.id);
        assert.equal(response.data.status, 'invited');
        assert.equal(response.data.match_score, 80);
        assert.deepEqual(response.data.task, {
          id: scenario.task.id,
          title: scenario.task.title,
          challenge_id: scenario.challenge.id,
          estimated_hours: 8,
        });
        assert.equal(response.data.volunteer.name, scenario.volunteer.user.name);
        assert.equal(response.data.volunteer.email, undefined);
      }
    });

    it('answers 403 to others who can see the task, and 404 when the task is hidden from them', async () => {
      const visible = await assignmentScenario(ctx.db);
      const hidden = await assignmentScenario(ctx.db, { challenge: { status: 'archived' } });
      const others = [
        apiClient(ctx.app, (await createVolunteer(ctx.db)).token),
        apiClient(ctx.app, (await createCompany(ctx.db)).token),
      ];
      for (const client of others) {
        const forbidden = await client.get(`/api/assignments/${visible.assignment.id}`);
        assert.equal(forbidden.statusCode, 403);
        assert.deepEqual(forbidden.data, {
          message: 'Only the assigned contributor and the company that owns the challenge can do this.',
        });
        const missing = await client.get(`/api/assignments/${hidden.assignment.id}`);
        assert.equal(missing.statusCode, 404);
        assert.deepEqual(missing.data, { message: 'Assignment not found.' });
      }
      // The parties still see an assignment on an archived challenge.
      const { contributor, company } = partiesOf(ctx, hidden);
      assert.equal((await contributor.get(`/api/assignments/${hidden.assignment.id}`)).statusCode, 200);
      assert.equal((await company.get(`/api/assignments/${hidden.assignment.id}`)).statusCode, 200);
    });
  });
}
