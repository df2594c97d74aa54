import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/http/app-error.ts';
import { ASSIGNMENT_STATUSES } from '../../src/modules/assignments/assignments.schemas.ts';
import { requestRevision } from '../../src/modules/assignments/assignments.service.ts';
import {
  assignmentRow,
  assignmentScenario,
  notificationsOf,
  partiesOf,
  VALID_SOLUTION,
} from '../helpers/assignment-fixtures.ts';
import { callerFor } from '../helpers/callers.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany } from '../helpers/factories.ts';

/** The service function the web app calls; there is no API route for it. */
for (const dialect of testDialects()) {
  describe(`requesting a revision (service) [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function rejects(promise: Promise<unknown>, code: AppError['code'], message?: string) {
      await assert.rejects(promise, (error) => {
        assert.ok(error instanceof AppError, String(error));
        assert.equal(error.code, code);
        if (message) assert.equal(error.message, message);
        return true;
      });
    }

    it('sends a submitted solution back: in_progress, submission revision_requested, contributor notified', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      await contributor.post(`${url}/submit-solution`, VALID_SOLUTION);

      const company = await callerFor(ctx.db, scenario.company.token);
      const result = await requestRevision(ctx.db, company, scenario.assignment.id, '  Please add the video.  ');
      assert.equal(result.status, 'in_progress');
      assert.equal(result.latest_submission?.status, 'revision_requested');

      const [notification] = await notificationsOf(ctx.db, scenario.volunteer.user.id);
      assert.equal(notification.type, 'solution_revision_requested');
      assert.match(notification.message, new RegExp(scenario.task.title));
      assert.match(notification.message, /Please add the video\./);
      assert.equal(notification.action_url, `/assignments/${scenario.assignment.id}`);

      // The contributor hands in a new solution, which becomes the latest one.
      const second = { ...VALID_SOLUTION, description: 'Now with the training video.' };
      assert.equal((await contributor.post(`${url}/submit-solution`, second)).statusCode, 303);
      const read = await contributor.get(url);
      assert.equal(read.data.status, 'submitted');
      assert.equal(read.data.latest_submission.description, 'Now with the training video.');
      assert.equal(read.data.latest_submission.status, 'submitted');
    });

    it('is for the owning company only', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      await rejects(
        requestRevision(ctx.db, await callerFor(ctx.db, scenario.volunteer.token), scenario.assignment.id),
        'forbidden',
      );
      await rejects(
        requestRevision(ctx.db, await callerFor(ctx.db, (await createCompany(ctx.db)).token), scenario.assignment.id),
        'forbidden',
      );
      await rejects(requestRevision(ctx.db, await callerFor(ctx.db, scenario.company.token), 999999), 'not_found');
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'submitted');
    });

    it('works only from submitted', async () => {
      for (const status of ASSIGNMENT_STATUSES) {
        const scenario = await assignmentScenario(ctx.db, { status });
        const company = await callerFor(ctx.db, scenario.company.token);
        if (status === 'submitted') {
          assert.equal((await requestRevision(ctx.db, company, scenario.assignment.id)).status, 'in_progress');
          continue;
        }
        await rejects(
          requestRevision(ctx.db, company, scenario.assignment.id),
          'invalid_state',
          "This action is not valid for the assignment's current status.",
        );
      }
    });

    it('limits the note to 2000 characters', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const company = await callerFor(ctx.db, scenario.company.token);
      await rejects(requestRevision(ctx.db, company, scenario.assignment.id, 'x'.repeat(2001)), 'validation');
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'submitted');
    });
  });
}
