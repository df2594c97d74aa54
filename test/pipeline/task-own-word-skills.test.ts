import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findMatchableTasks } from '../../src/modules/matching/matching-inputs.ts';
import { ensureCvSkillIds } from '../../src/modules/skills/skills.repository.ts';
import { analyzeChallenge } from '../../src/pipeline/challenge-analysis/challenge-analysis.service.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { contributor, invitedVolunteerIds, skillNames } from './matching-fixtures.ts';
import { postBrief, withFirstTaskSkills } from './pipeline-fixtures.ts';

/**
 * A skill a plan names in words the taxonomy lacks (a model provider's, or decomposition's own words) is kept for
 * matching, as a CV's own words are: the task invites whoever's CV lists the same words (case and spacing aside), and
 * nobody whose words merely resemble them.
 */
for (const dialect of testDialects()) {
  describe(`a planned task's skill in its own words [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('stores it with the task and invites the contributor whose CV lists the same words', async () => {
      const [showpieces, sugarWork] = skillNames('Sugar showpieces', 'Sugar work');
      // The CV's row, as the CV analysis writes it: other case and spacing than the plan's.
      await ensureCvSkillIds(ctx.db, [`  ${showpieces.toUpperCase().replace(' ', '   ')} `]);
      const holder = await contributor(ctx.db, { skills: { [showpieces]: 'advanced' } });
      const neighbour = await contributor(ctx.db, { skills: { [sugarWork]: 'expert' } });

      const { challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      assert.ok(
        await analyzeChallenge(
          withFirstTaskSkills(ctx.deps, [
            { name: showpieces, reason: 'The brief asks for it in these words.', core: true },
          ]),
          challenge.id,
        ),
      );
      const tasks = await ctx.db.selectFrom('tasks').select('id').where('challenge_id', '=', challenge.id).execute();
      const matchable = await findMatchableTasks(
        ctx.db,
        tasks.map((row) => row.id),
      );
      const key = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
      const task = matchable.find((entry) => entry.skills.some((skill) => key(skill.name) === key(showpieces)));
      assert.ok(task, 'the own-word skill is a task skill that matching reads');
      assert.equal(task.skills.length, 1);

      await matchTask(ctx.deps, task.id);
      const invited = await invitedVolunteerIds(ctx.db, task.id);
      assert.ok(invited.includes(holder.volunteer.id), 'the same words make a fit');
      assert.ok(!invited.includes(neighbour.volunteer.id), 'other words do not');
    });
  });
}
