import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createAssignment, createTask } from '../helpers/factories.ts';
import { contributor, invitedVolunteerIds, openTask, skillNames } from './matching-fixtures.ts';

/**
 * Who may be invited to a task (contract §6 step 4), one rule at a time: each test sets a contributor who breaks
 * the rule beside one who fits, and only the one who fits is invited.
 */
for (const dialect of testDialects()) {
  describe(`matching eligibility [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const fit = (skills: string[]) => Object.fromEntries(skills.map((name) => [name, 'expert']));

    it('invites a contributor with a profile and the skills; an account without a profile is nobody to match', async () => {
      const skills = skillNames('React', 'TypeScript');
      const { task } = await openTask(ctx.db, skills);
      await createAccount(ctx.db, 'contributor');
      const good = await contributor(ctx.db, { skills: fit(skills) });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [good.volunteer.id]);
    });

    it('counts CV skills only once the CV analysis passed validation; manual skills always', async () => {
      const skills = skillNames('Figma', 'UX research');
      const { task } = await openTask(ctx.db, skills);
      const unvalidated = [];
      for (const validation of ['pending', 'needs_review', 'failed']) {
        unvalidated.push(
          await contributor(ctx.db, { skills: fit(skills), volunteer: { validation_status: validation } }),
        );
      }
      const passed = await contributor(ctx.db, { skills: fit(skills) });
      const manual = await contributor(ctx.db, {
        skills: fit(skills),
        source: 'manual',
        volunteer: { validation_status: 'needs_review' },
      });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(
        (await invitedVolunteerIds(ctx.db, task.id)).sort((a, b) => a - b),
        [passed.volunteer.id, manual.volunteer.id],
      );
    });

    it('needs as many free weekly hours as the task asks (its hours over four weeks), after the tasks they hold', async () => {
      const skills = skillNames('Python', 'Pandas');
      // 14 hours: 3.5 hours a week.
      const { task } = await openTask(ctx.db, skills, { task: { estimated_hours: 14 } });
      await contributor(ctx.db, { skills: fit(skills), volunteer: { availability_hours_per_week: 3 } });
      const enough = await contributor(ctx.db, { skills: fit(skills), volunteer: { availability_hours_per_week: 4 } });

      // 10 hours a week, 8 of them taken by a 32-hour task in progress: 2 left.
      const busy = await contributor(ctx.db, { skills: fit(skills), volunteer: { availability_hours_per_week: 10 } });
      const elsewhere = await openTask(ctx.db, skillNames('Other'), { task: { estimated_hours: 32 } });
      await createAssignment(ctx.db, elsewhere.task.id, busy.volunteer.id, { status: 'in_progress' });

      // An open invitation is an offer, not a load.
      const offered = await contributor(ctx.db, { skills: fit(skills), volunteer: { availability_hours_per_week: 4 } });
      const offer = await createTask(ctx.db, elsewhere.challenge.id, { estimated_hours: 40 });
      await createAssignment(ctx.db, offer.id, offered.volunteer.id, { status: 'invited' });

      await matchTask(ctx.deps, task.id);
      assert.deepEqual(
        (await invitedVolunteerIds(ctx.db, task.id)).sort((a, b) => a - b),
        [enough.volunteer.id, offered.volunteer.id],
      );
    });

    it('never invites someone who already has an assignment on the task, whatever its status', async () => {
      const skills = skillNames('Go', 'gRPC');
      const { task } = await openTask(ctx.db, skills);
      const declined = await contributor(ctx.db, { skills: fit(skills) });
      await createAssignment(ctx.db, task.id, declined.volunteer.id, { status: 'declined' });
      const fresh = await contributor(ctx.db, { skills: fit(skills) });
      await matchTask(ctx.deps, task.id);
      const rows = await ctx.db.selectFrom('assignments').selectAll().where('task_id', '=', task.id).execute();
      assert.equal(rows.filter((row) => row.volunteer_id === declined.volunteer.id).length, 1);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [fresh.volunteer.id]);
    });

    it('leaves out deactivated users', async () => {
      const skills = skillNames('Kotlin', 'Android');
      const { task } = await openTask(ctx.db, skills);
      await contributor(ctx.db, { skills: fit(skills), user: { is_active: 0 } });
      const active = await contributor(ctx.db, { skills: fit(skills) });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [active.volunteer.id]);
    });

    it('leaves out contributors who hold none of the required skills', async () => {
      const [needed, unrelated] = skillNames('Swift', 'Baking');
      const { task } = await openTask(ctx.db, [needed]);
      await contributor(ctx.db, { skills: { [unrelated]: 'expert' } });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), []);
    });

    it('matches only pending or matching tasks of active or in-progress challenges', async () => {
      const skills = skillNames('Rust');
      const cases = [
        { task: { status: 'assigned' } },
        { task: { status: 'completed' } },
        { challenge: { status: 'archived' } },
        { challenge: { status: 'analyzing' } },
        { challenge: { status: 'completed' } },
      ];
      const closed = [];
      for (const overrides of cases) closed.push((await openTask(ctx.db, skills, overrides)).task);
      const inProgress = (await openTask(ctx.db, skills, { challenge: { status: 'in_progress' } })).task;
      const person = await contributor(ctx.db, { skills: fit(skills) });
      for (const task of [...closed, inProgress]) await matchTask(ctx.deps, task.id);
      for (const task of closed) assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [], task.title);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, inProgress.id), [person.volunteer.id]);
    });
  });
}
