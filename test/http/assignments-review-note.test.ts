import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assignmentScenario, partiesOf, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';

/** The revision note lives on the submission it is about (migration 0006), and the API returns it from there. */
for (const dialect of testDialects()) {
  describe(`the review note of a submission [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function submissionsOf(assignmentId: number) {
      return ctx.db
        .selectFrom('submissions')
        .select(['id', 'status', 'review_note'])
        .where('assignment_id', '=', assignmentId)
        .orderBy('id')
        .execute();
    }

    it('is stored on the submission sent back, shown as latest_submission.review_note, and stays with it', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      assert.equal((await contributor.post(`${url}/submit-solution`, VALID_SOLUTION)).statusCode, 303);
      assert.equal((await contributor.get(url)).data.latest_submission.review_note, null);

      const sentBack = await company.post(`${url}/request-changes`, { note: '  Please add the training video.  ' });
      assert.equal(sentBack.statusCode, 200);
      for (const party of [contributor, company]) {
        const read = await party.get(url);
        assert.equal(read.statusCode, 200);
        assert.equal(read.data.latest_submission.status, 'revision_requested');
        assert.equal(read.data.latest_submission.review_note, 'Please add the training video.');
      }

      // A new solution is a new submission without a note; the note stays on the one it was about.
      const second = { ...VALID_SOLUTION, description: 'Now with the training video.' };
      assert.equal((await contributor.post(`${url}/submit-solution`, second)).statusCode, 303);
      assert.equal((await contributor.get(url)).data.latest_submission.review_note, null);
      assert.deepEqual(
        (await submissionsOf(scenario.assignment.id)).map(({ status, review_note }) => ({ status, review_note })),
        [
          { status: 'revision_requested', review_note: 'Please add the training video.' },
          { status: 'submitted', review_note: null },
        ],
      );

      // Approving leaves no note.
      assert.equal((await company.post(`${url}/complete`)).statusCode, 200);
      const [, approved] = await submissionsOf(scenario.assignment.id);
      assert.deepEqual({ ...approved, id: 0 }, { id: 0, status: 'approved', review_note: null });
    });

    it('is never shown to anyone but the parties', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      await contributor.post(`${url}/submit-solution`, VALID_SOLUTION);
      const { company } = partiesOf(ctx, scenario);
      assert.equal((await company.post(`${url}/request-changes`, { note: 'Secret.' })).statusCode, 200);
      const stranger = apiClient(ctx.app, (await createVolunteer(ctx.db)).token);
      const read = await stranger.get(url);
      assert.equal(read.statusCode, 403);
      assert.doesNotMatch(read.body, /Secret/);
      assert.equal((await apiClient(ctx.app).get(url)).statusCode, 401);
    });
  });
}
