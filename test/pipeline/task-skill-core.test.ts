import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findMatchableTasks } from '../../src/modules/matching/matching-inputs.ts';
import { analyzeChallenge } from '../../src/pipeline/challenge-analysis/challenge-analysis.service.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { contributor, invitedVolunteerIds } from './matching-fixtures.ts';
import { postBrief, withFirstTaskSkills } from './pipeline-fixtures.ts';

/** The first task's skills as a model provider may answer them: Translation core, Report writing supporting. */
const TRANSLATION_CORE_REPORT_SUPPORTING = [
  { name: 'Translation', reason: 'It is made in two languages.', core: true },
  { name: 'Report writing', reason: 'It ends in a short report.', core: false },
];

/**
 * A plan's supporting skills (`core: false`, as a model provider may mark side work) are kept through the analysis:
 * in `task_skills.core`, in the task's `required_skill_reasons`, and in matching, which invites nobody on them alone.
 */
for (const dialect of testDialects()) {
  describe(`supporting skills of a planned task [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('stores the flag, shows it, and invites nobody who holds only the supporting skill', async () => {
      const { company, challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      assert.ok(
        await analyzeChallenge(withFirstTaskSkills(ctx.deps, TRANSLATION_CORE_REPORT_SUPPORTING), challenge.id),
      );

      const read = await apiClient(ctx.app, company.token).get(`/api/challenges/${challenge.id}`);
      const task = read.data.workstreams[0].tasks[0];
      assert.deepEqual(task.required_skill_reasons, [
        { name: 'Translation', reason: 'It is made in two languages.', core: true },
        { name: 'Report writing', reason: 'It ends in a short report.', core: false },
      ]);
      const [matchable] = await findMatchableTasks(ctx.db, [task.id]);
      assert.deepEqual(matchable!.skills.map((skill) => [skill.name, skill.core]).sort(), [
        ['Report writing', false],
        ['Translation', true],
      ]);

      const writer = await contributor(ctx.db, { skills: { 'Report writing': 'expert' } });
      const translator = await contributor(ctx.db, { skills: { Translation: 'advanced', 'Report writing': 'expert' } });
      await matchTask(ctx.deps, task.id);
      const invited = await invitedVolunteerIds(ctx.db, task.id);
      assert.ok(invited.includes(translator.volunteer.id), 'the translator is invited');
      assert.ok(!invited.includes(writer.volunteer.id), 'a supporting skill alone makes nobody fit');
    });
  });
}
