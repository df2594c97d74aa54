import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { matchVolunteer } from '../../src/pipeline/matching/matching.service.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment } from '../helpers/factories.ts';
import {
  assignmentsOfTask,
  contributor,
  formTeamJobsOf,
  openTask,
  skillNames,
  taskStatus,
} from './matching-fixtures.ts';

/**
 * `volunteer.match` (contract §6: matching runs again when a contributor's CV analysis completes): just that
 * contributor, against the open tasks sharing one of their skills that still have room for an invitation.
 */
for (const dialect of testDialects()) {
  describe(`matching a contributor whose skills changed [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('invites them to every open task with room where they score at least 60, and nowhere else', async () => {
      const [sql, python, cobol] = skillNames('SQL', 'Python', 'COBOL');
      const fits = await openTask(ctx.db, [sql, python], { task: { title: 'Sales dashboard' } });
      const alsoFits = await openTask(ctx.db, [python], { challenge: { status: 'in_progress' } });
      const weakFit = await openTask(ctx.db, [cobol, 'Fortran']);
      const archived = await openTask(ctx.db, [sql], { challenge: { status: 'archived' } });
      const taken = await openTask(ctx.db, [sql], { task: { status: 'assigned' } });
      const unrelated = await openTask(ctx.db, [cobol]);

      // A full task: three open invitations already.
      const full = await openTask(ctx.db, [python]);
      for (let n = 0; n < 3; n++) {
        const other = await contributor(ctx.db, { skills: {}, source: 'manual' });
        await createAssignment(ctx.db, full.task.id, other.volunteer.id, { status: 'invited' });
      }

      // COBOL at beginner level makes them no fit for the mid-level tasks that need it.
      const person = await contributor(ctx.db, {
        skills: { [sql]: 'expert', [python]: 'advanced', [cobol]: 'beginner' },
      });
      const invited = await matchVolunteer(ctx.deps, person.volunteer.id);
      assert.equal(invited.length, 2);

      for (const { task } of [fits, alsoFits]) {
        const rows = await assignmentsOfTask(ctx.db, task.id);
        assert.deepEqual(
          rows.map((row) => [row.volunteer_id, row.status]),
          [[person.volunteer.id, 'invited']],
        );
        assert.ok(rows[0].match_score! >= 60);
        assert.equal(await taskStatus(ctx.db, task.id), 'matching');
      }
      for (const { task } of [weakFit, archived, taken, unrelated]) {
        assert.deepEqual(await assignmentsOfTask(ctx.db, task.id), [], task.title);
      }
      assert.equal((await assignmentsOfTask(ctx.db, full.task.id)).length, 3);

      const notifications = await notificationsOf(ctx.db, person.user.id);
      assert.deepEqual(notifications.map((n) => n.type).sort(), ['task_assignment', 'task_assignment']);
      for (const { challenge } of [fits, alsoFits]) assert.equal((await formTeamJobsOf(ctx, challenge.id)).length, 1);
      for (const { challenge } of [weakFit, archived, taken, unrelated]) {
        assert.deepEqual(await formTeamJobsOf(ctx, challenge.id), []);
      }
    });

    it('counts CV skills only after the analysis passed validation, and is idempotent', async () => {
      const [design] = skillNames('Illustrator');
      const { task } = await openTask(ctx.db, [design]);
      const person = await contributor(ctx.db, {
        skills: { [design]: 'expert' },
        volunteer: { validation_status: 'needs_review' },
      });
      assert.deepEqual(await matchVolunteer(ctx.deps, person.volunteer.id), []);

      await ctx.db
        .updateTable('volunteers')
        .set({ validation_status: 'passed' })
        .where('id', '=', person.volunteer.id)
        .execute();
      await jobRegistry['volunteer.match'].handle(ctx.deps, { volunteerId: person.volunteer.id });
      await jobRegistry['volunteer.match'].handle(ctx.deps, { volunteerId: person.volunteer.id });
      const rows = await assignmentsOfTask(ctx.db, task.id);
      assert.deepEqual(
        rows.map((row) => row.volunteer_id),
        [person.volunteer.id],
      );
      assert.equal((await notificationsOf(ctx.db, person.user.id)).length, 1);
    });

    it('does nothing for a deactivated contributor, one without skills, or one too busy', async () => {
      const [skill] = skillNames('Photography');
      const { task } = await openTask(ctx.db, [skill], { task: { estimated_hours: 40 } });
      const inactive = await contributor(ctx.db, { skills: { [skill]: 'expert' }, user: { is_active: 0 } });
      const noSkills = await contributor(ctx.db, { skills: {} });
      const busy = await contributor(ctx.db, {
        skills: { [skill]: 'expert' },
        volunteer: { availability_hours_per_week: 9 },
      });
      for (const person of [inactive, noSkills, busy]) {
        assert.deepEqual(await matchVolunteer(ctx.deps, person.volunteer.id), []);
      }
      assert.deepEqual(await assignmentsOfTask(ctx.db, task.id), []);
    });
  });
}
