import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadAssignmentsByIds } from '../../src/modules/assignments/assignments.loader.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';

for (const dialect of testDialects()) {
  describe(`assignments loader [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('loads task, volunteer and latest submission in one query and the attachments in a second, for any number of ids', async () => {
      const { company } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const task = await createTask(ctx.db, challenge.id, { estimated_hours: 12.5 });
        const { volunteer } = await createVolunteer(ctx.db, { user: { name: `Vol ${i}` } });
        const assignment = await createAssignment(ctx.db, task.id, volunteer.id, { status: 'submitted' });
        ids.push(assignment.id);
        for (const hours of [2, 3.5]) {
          const submission = await ctx.db
            .insertInto('submissions')
            .values({
              assignment_id: assignment.id,
              description: `Work ${hours}`,
              deliverable_url: null,
              hours_worked: hours,
              status: 'submitted',
              created_at: new Date().toISOString(),
              reviewed_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await ctx.db
            .insertInto('submission_attachments')
            .values({
              submission_id: submission.id,
              file_name: `report-${hours}.pdf`,
              storage_key: `attachments/${assignment.id}/x${hours}`,
              size: 100,
              content_type: 'application/pdf',
              created_at: new Date().toISOString(),
            })
            .execute();
        }
      }

      // One assignment without a submission among them: its latest_submission is null, the others' unchanged.
      const task = await createTask(ctx.db, challenge.id);
      const { volunteer } = await createVolunteer(ctx.db);
      const unsubmitted = await createAssignment(ctx.db, task.id, volunteer.id);

      const { result, queries } = await countQueries(ctx.db, (db) =>
        loadAssignmentsByIds(db, [...ids, unsubmitted.id, 999999]),
      );
      assert.equal(queries, 2);
      assert.equal(result.size, ids.length + 1);
      assert.equal(result.get(unsubmitted.id)?.latest_submission, null);
      for (const id of ids) {
        const latest = result.get(id)?.latest_submission;
        assert.equal(latest?.assignment_id, id);
        assert.equal(latest?.description, 'Work 3.5');
        assert.equal(latest?.status, 'submitted');
        assert.equal(latest?.deliverable_url, null);
        assert.equal(latest?.reviewed_at, null);
        assert.deepEqual(
          latest?.attachments.map(({ file_name, size, content_type }) => ({ file_name, size, content_type })),
          [{ file_name: 'report-3.5.pdf', size: 100, content_type: 'application/pdf' }],
        );
      }
      const first = result.get(ids[0])!;
      assert.equal(first.task.estimated_hours, 12.5);
      assert.equal(first.task.challenge_id, challenge.id);
      assert.equal(first.volunteer.name, 'Vol 0');
      assert.equal(first.volunteer.reputation_score, 0);
      assert.deepEqual(first.match_reasoning?.strengths, ['skills']);
      assert.equal(first.latest_submission?.hours_worked, 3.5);
      assert.deepEqual(
        first.latest_submission?.attachments.map((file) => file.file_name),
        ['report-3.5.pdf'],
      );
    });

    it('answers an empty map without querying for no ids, and null latest_submission in one query when none exists', async () => {
      const empty = await countQueries(ctx.db, (db) => loadAssignmentsByIds(db, []));
      assert.equal(empty.queries, 0);
      assert.equal(empty.result.size, 0);

      const { company } = await createCompany(ctx.db);
      const task = await createTask(ctx.db, (await createChallenge(ctx.db, company.id)).id);
      const { volunteer } = await createVolunteer(ctx.db);
      const assignment = await createAssignment(ctx.db, task.id, volunteer.id);
      const { result, queries } = await countQueries(ctx.db, (db) => loadAssignmentsByIds(db, [assignment.id]));
      assert.equal(queries, 1);
      assert.equal(result.get(assignment.id)?.latest_submission, null);
    });
  });
}
