import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { matchTask, matchVolunteer } from '../../src/pipeline/matching/matching.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createAssignment, createTask, ensureSkill } from '../helpers/factories.ts';
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

    it('invites only at the level the task asks for: a beginner is no fit for a mid-level task, but is for a junior one', async () => {
      const skills = skillNames('Wound care', 'Phlebotomy');
      const { task: midTask } = await openTask(ctx.db, skills);
      const { task: juniorTask } = await openTask(ctx.db, skills, { task: { required_experience_level: 'junior' } });
      const beginner = await contributor(ctx.db, {
        skills: { [skills[0]]: 'beginner', [skills[1]]: 'beginner' },
        volunteer: { experience_level: 'junior' },
      });
      const holder = await contributor(ctx.db, { skills: { [skills[0]]: 'intermediate' } });
      await matchTask(ctx.deps, midTask.id);
      await matchTask(ctx.deps, juniorTask.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, midTask.id), [holder.volunteer.id]);
      assert.deepEqual(
        (await invitedVolunteerIds(ctx.db, juniorTask.id)).sort((a, b) => a - b),
        [beginner.volunteer.id, holder.volunteer.id].sort((a, b) => a - b),
      );
    });

    it('a supporting skill shared with the task ("Communication") makes nobody fit on its own', async () => {
      const [trade, soft] = skillNames('TIG welding', 'Communication');
      await ensureSkill(ctx.db, soft, 'soft');
      const { task } = await openTask(ctx.db, [trade, soft]);
      await contributor(ctx.db, { skills: { [soft]: 'expert' } });
      const welder = await contributor(ctx.db, { skills: { [trade]: 'advanced', [soft]: 'advanced' } });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [welder.volunteer.id]);
    });

    it('records the matched skills and their CV evidence on the invitation', async () => {
      const skills = skillNames('Lamination', 'Food safety');
      const { task } = await openTask(ctx.db, skills);
      const chef = await contributor(ctx.db, {
        skills: { [skills[0]]: 'expert' },
        evidence: { [skills[0]]: 'Laminated croissant and Danish doughs daily for a 40-cover bakery.' },
      });
      await matchTask(ctx.deps, task.id);
      const [row] = await ctx.db.selectFrom('assignments').selectAll().where('task_id', '=', task.id).execute();
      assert.equal(row.volunteer_id, chef.volunteer.id);
      const reasoning = JSON.parse(String(row.match_reasoning));
      assert.deepEqual(reasoning.matched_skills, [
        {
          name: skills[0],
          proficiency: 'expert',
          via: null,
          evidence: 'Laminated croissant and Danish doughs daily for a 40-cover bakery.',
        },
      ]);
      assert.ok(reasoning.strengths.some((line: string) => line.includes('Laminated croissant')));
    });
  });
}

/**
 * A narrower skill satisfies a broader one through the taxonomy's parent links ("PostgreSQL" for "SQL"), never the
 * other way round. These use the real taxonomy names, so they get a database of their own.
 */
for (const dialect of testDialects()) {
  describe(`matching through the taxonomy's narrower skills [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('invites the holder of a narrower skill to a task that needs the broader one, and says so', async () => {
      const { task } = await openTask(ctx.db, ['SQL']);
      const postgres = await contributor(ctx.db, { skills: { PostgreSQL: 'advanced' } });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [postgres.volunteer.id]);
      const [row] = await ctx.db.selectFrom('assignments').selectAll().where('task_id', '=', task.id).execute();
      const reasoning = JSON.parse(String(row.match_reasoning));
      assert.equal(reasoning.matched_skills[0].via, 'PostgreSQL');
      assert.match(reasoning.summary, /SQL \(as PostgreSQL\) at advanced level/);
    });

    it('does not take the broader skill for the narrower one', async () => {
      const { task } = await openTask(ctx.db, ['PostgreSQL']);
      const generalist = await contributor(ctx.db, { skills: { SQL: 'expert' } });
      await matchTask(ctx.deps, task.id);
      assert.ok(!(await invitedVolunteerIds(ctx.db, task.id)).includes(generalist.volunteer.id));
    });

    it('after a CV analysis, finds the open tasks that need a broader skill than one the contributor holds', async () => {
      const { task } = await openTask(ctx.db, ['Welding']);
      const welder = await contributor(ctx.db, { skills: { 'TIG Welding': 'expert' } });
      await matchVolunteer(ctx.deps, welder.volunteer.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [welder.volunteer.id]);
    });
  });
}
