import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ASSIGNMENT_STATUSES } from '../../src/modules/assignments/assignments.schemas.ts';
import {
  assignmentRow,
  assignmentScenario,
  notificationsOf,
  partiesOf,
  VALID_SOLUTION,
} from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';

/** `POST /api/assignments/{id}/request-changes` (issue 12, item 5): the company sends a solution back, with a note. */
for (const dialect of testDialects()) {
  describe(`requesting changes [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const changesUrl = (id: number) => `/api/assignments/${id}/request-changes`;

    it('sends a submitted solution back: in_progress, submission revision_requested with the note, contributor notified', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      await contributor.post(`${url}/submit-solution`, VALID_SOLUTION);

      const sent = await company.post(changesUrl(scenario.assignment.id), { note: '  Please add the video.  ' });
      assert.equal(sent.statusCode, 200, sent.body);
      assert.equal(sent.data.data.status, 'in_progress');
      assert.equal(sent.data.data.latest_submission.status, 'revision_requested');
      assert.equal(sent.data.data.latest_submission.review_note, 'Please add the video.');
      assert.ok(sent.data.data.latest_submission.reviewed_at);

      const [notification] = await notificationsOf(ctx.db, scenario.volunteer.user.id);
      assert.equal(notification.type, 'solution_revision_requested');
      assert.match(notification.message, new RegExp(scenario.task.title));
      assert.match(notification.message, /Note from the company: Please add the video\./);
      assert.equal(notification.action_url, `/assignments/${scenario.assignment.id}`);

      // The contributor hands in a new solution, which becomes the latest one.
      const second = { ...VALID_SOLUTION, description: 'Now with the training video.' };
      assert.equal((await contributor.post(`${url}/submit-solution`, second)).statusCode, 303);
      const read = await contributor.get(url);
      assert.equal(read.data.status, 'submitted');
      assert.equal(read.data.latest_submission.description, 'Now with the training video.');
      assert.equal(read.data.latest_submission.status, 'submitted');
      assert.equal(read.data.latest_submission.reviewed_at, null);
    });

    it('requires a note of 1 to 2000 characters (422), before anything changes', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const { company } = partiesOf(ctx, scenario);
      for (const body of [undefined, {}, { note: '   ' }, { note: null }, { note: 12 }, { note: 'x'.repeat(2001) }]) {
        const response = await company.post(changesUrl(scenario.assignment.id), body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(response.data.errors.note, JSON.stringify(response.data));
      }
      const missing = await company.post(changesUrl(scenario.assignment.id), {});
      assert.equal(missing.data.message, 'The note field is required.');
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'submitted');
      // 2000 characters counted as code points, not bytes.
      const longest = await company.post(changesUrl(scenario.assignment.id), { note: 'é'.repeat(2000) });
      assert.equal(longest.statusCode, 200, longest.body);
    });

    it('is for the owning company only: 401, 403 for the assignee and other companies, 404 for unknown ids', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const id = scenario.assignment.id;
      const body = { note: 'Please add the video.' };
      assert.equal((await apiClient(ctx.app).post(changesUrl(id), body)).statusCode, 401);
      const assignee = await apiClient(ctx.app, scenario.volunteer.token).post(changesUrl(id), body);
      assert.equal(assignee.statusCode, 403);
      assert.equal(assignee.data.message, 'Only the company that owns this challenge can do this.');
      const other = apiClient(ctx.app, (await createCompany(ctx.db)).token);
      assert.equal((await other.post(changesUrl(id), body)).statusCode, 403);
      const stranger = apiClient(ctx.app, (await createVolunteer(ctx.db)).token);
      assert.equal((await stranger.post(changesUrl(id), body)).statusCode, 403);
      const { company } = partiesOf(ctx, scenario);
      assert.equal((await company.post(changesUrl(999999), body)).statusCode, 404);
      assert.equal((await company.post('/api/assignments/abc/request-changes', body)).statusCode, 404);
      assert.equal((await assignmentRow(ctx.db, id)).status, 'submitted');

      // A challenge others cannot see hides its assignments: 404, not 403.
      const hidden = await assignmentScenario(ctx.db, { status: 'submitted', challenge: { status: 'archived' } });
      assert.equal((await other.post(changesUrl(hidden.assignment.id), body)).statusCode, 404);
    });

    it('works only from submitted (422 otherwise)', async () => {
      for (const status of ASSIGNMENT_STATUSES) {
        const scenario = await assignmentScenario(ctx.db, { status });
        const { company } = partiesOf(ctx, scenario);
        const response = await company.post(changesUrl(scenario.assignment.id), { note: 'More, please.' });
        if (status === 'submitted') {
          assert.equal(response.statusCode, 200);
          assert.equal(response.data.data.status, 'in_progress');
          continue;
        }
        assert.equal(response.statusCode, 422, status);
        assert.equal(response.data.message, "This action is not valid for the assignment's current status.");
      }
    });
  });
}
