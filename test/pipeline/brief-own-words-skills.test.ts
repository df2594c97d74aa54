import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findMatchableTasks } from '../../src/modules/matching/matching-inputs.ts';
import { ensureCvSkillIds } from '../../src/modules/skills/skills.repository.ts';
import { analyzeChallenge } from '../../src/pipeline/challenge-analysis/challenge-analysis.service.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany } from '../helpers/factories.ts';
import { contributor, invitedVolunteerIds } from './matching-fixtures.ts';

type PlannedSkill = { name: string; reason: string; core?: boolean };
type ShownTask = { id: number; required_skills: string[]; required_skill_reasons: PlannedSkill[] };

const BRIEF = {
  title: 'Ecology surveys before we convert our stone barn',
  description: [
    'We are converting a stone barn on our farm near Hexham into two holiday cottages, and the planning officer has',
    'asked for ecology information before our application can be decided.',
    '',
    'We need an ecologist to:',
    '- carry out a bat roost assessment of the barn and the trees beside it;',
    '- run two dusk emergence surveys in May and June;',
    '- write the ecology report for the planning application;',
    '- design a bat loft and a mitigation plan that our builder can follow.',
    '',
    'The work must be finished by the end of July. Our budget is £4,500.',
  ].join('\n'),
};
const PRACTICE = 'Bat roost assessment';

/**
 * A practice the offline decomposition keeps in the brief's own words (issue 8, item 3; docs/quality.md, "Task skills
 * in the brief's own words") reaches matching: its skills row is the one a CV's own words with the same name get, so
 * matching invites whoever lists those words and nobody else on them; a company's edit keeps it.
 */
for (const dialect of testDialects()) {
  describe(`task skills in the brief's own words [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function analysed() {
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      const posted = await api.post('/api/challenges', BRIEF);
      assert.equal(posted.statusCode, 201, posted.body);
      assert.ok(await analyzeChallenge(ctx.deps, posted.data.id));
      const read = await api.get(`/api/challenges/${posted.data.id}`);
      const tasks = (read.data.workstreams as Array<{ tasks: ShownTask[] }>).flatMap((workstream) => workstream.tasks);
      assert.ok(tasks.length > 0, 'the brief is planned as tasks');
      return { api, tasks };
    }

    /** The task's skills as matching reads them, names in lower case (a row is named by its first spelling). */
    async function matchedSkills(taskId: number) {
      const [task] = await findMatchableTasks(ctx.db, [taskId]);
      return task!.skills.map((skill) => [skill.name.toLowerCase(), skill.core]);
    }

    it('matches the practice the brief names to whoever lists the same words, and nobody else on it', async () => {
      const { tasks } = await analysed();
      const task = tasks.find((planned) => planned.required_skills.includes(PRACTICE));
      assert.ok(task, `a task requires "${PRACTICE}": ${JSON.stringify(tasks.map((t) => t.required_skills))}`);
      assert.deepEqual(
        task.required_skill_reasons.find((skill) => skill.name === PRACTICE),
        { name: PRACTICE, reason: 'Named in the brief for it: "bat roost assessment".', core: true },
      );
      assert.deepEqual(
        (await matchedSkills(task.id)).filter(([name]) => name === PRACTICE.toLowerCase()),
        [[PRACTICE.toLowerCase(), true]],
      );
      const row = await ctx.db.selectFrom('skills').selectAll().where('slug', '=', 'bat roost assessment').execute();
      assert.deepEqual(
        row.map((skill) => [skill.name, skill.category]),
        [[PRACTICE, null]],
        'one row, without a taxonomy category',
      );

      // A CV listing the same words (as its analysis stores them) meets the task's row; other words do not.
      const [cvRow] = await ensureCvSkillIds(ctx.db, ['bat roost  assessment']);
      assert.equal(cvRow, row[0]!.id);
      await ensureCvSkillIds(ctx.db, ['Badger sett assessment']);
      const seasoned = { experience_level: 'expert', availability_hours_per_week: 40 };
      const holder = await contributor(ctx.db, { skills: { [PRACTICE]: 'expert' }, volunteer: seasoned });
      const other = await contributor(ctx.db, { skills: { 'Badger sett assessment': 'expert' }, volunteer: seasoned });
      await matchTask(ctx.deps, task.id);
      const invited = await invitedVolunteerIds(ctx.db, task.id);
      assert.ok(invited.includes(holder.volunteer.id), 'whoever lists the same words is invited');
      assert.ok(!invited.includes(other.volunteer.id), 'another practice in own words makes nobody fit');
    });

    it("keeps the practice through the company's edit, and still refuses a new name the taxonomy lacks", async () => {
      const { api, tasks } = await analysed();
      const task = tasks.find((planned) => planned.required_skills.includes(PRACTICE))!;
      const kept = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: 'bat roost assessment', level: 'advanced' }],
      });
      assert.equal(kept.statusCode, 200, kept.body);
      assert.deepEqual(kept.data.data.required_skill_levels, [{ name: PRACTICE, level: 'advanced' }]);
      assert.deepEqual(await matchedSkills(task.id), [[PRACTICE.toLowerCase(), true]]);

      const refused = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: PRACTICE }, { name: 'Hedgehog census appraisal' }],
      });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.match(refused.body, /Hedgehog census appraisal/);
    });
  });
}
