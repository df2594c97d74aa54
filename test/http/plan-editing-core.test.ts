import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createTask, createWorkstream, ensureSkill } from '../helpers/factories.ts';
import { contributor, invitedVolunteerIds } from '../pipeline/matching-fixtures.ts';

/**
 * A company's edit of a task's skills keeps or sets whether each is core (docs/api.md, "Correcting the analysis",
 * Skills): a kept skill keeps its flag, `core` sets it, and matching invites nobody on a supporting skill alone.
 */
for (const dialect of testDialects()) {
  describe(`core and supporting skills in a company's task edit [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** An active team challenge's task the analysis planned with Translation core and Report writing supporting. */
    async function plannedTask() {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const workstream = await createWorkstream(ctx.db, challenge.id, { title: 'Deliver' });
      const task = await createTask(ctx.db, challenge.id, {
        workstream_id: workstream.id,
        skills: ['Translation', 'Report writing'],
        skill_reasons: JSON.stringify([
          { name: 'Translation', reason: 'It is made in two languages.', core: true },
          { name: 'Report writing', reason: 'It ends in a short report.', core: false },
        ]),
      });
      const reportWriting = await ensureSkill(ctx.db, 'Report writing');
      await ctx.db
        .updateTable('task_skills')
        .set({ core: 0 })
        .where('task_id', '=', task.id)
        .where('skill_id', '=', reportWriting.id)
        .execute();
      return { challenge, task, api: apiClient(ctx.app, owner.token) };
    }

    async function storedCore(taskId: number): Promise<Array<[string, number]>> {
      const rows = await ctx.db
        .selectFrom('task_skills')
        .innerJoin('skills', 'skills.id', 'task_skills.skill_id')
        .select(['skills.name', 'task_skills.core'])
        .where('task_skills.task_id', '=', taskId)
        .execute();
      return rows.map((row): [string, number] => [row.name, Number(row.core)]).sort();
    }

    it('keeps the flag of a skill the company keeps (same name, any case or level), in the task and for matching', async () => {
      const { challenge, task, api } = await plannedTask();
      const response = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: 'translation', level: 'advanced' }, { name: 'REPORT WRITING' }],
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.data.data.required_skill_reasons, [
        { name: 'Translation', reason: 'It is made in two languages.', core: true },
        { name: 'Report writing', reason: 'It ends in a short report.', core: false },
      ]);
      assert.deepEqual(await storedCore(task.id), [
        ['Report writing', 0],
        ['Translation', 1],
      ]);
      const changes = await api.get(`/api/challenges/${challenge.id}/changes`);
      assert.deepEqual(changes.data.data[0].details.required_skills, {
        from: ['Translation', 'Report writing (supporting)'],
        to: ['Translation (advanced)', 'Report writing (supporting)'],
      });
    });

    it('sets the flag explicitly: core false is stored and nobody holding only that skill is invited', async () => {
      const { challenge, task, api } = await plannedTask();
      const response = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [
          { name: 'Translation' },
          { name: 'Copywriting', core: false },
          { name: 'Report writing', core: true },
        ],
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        response.data.data.required_skill_reasons.map((note: { name: string; core: boolean }) => [
          note.name,
          note.core,
        ]),
        [
          ['Translation', true],
          ['Copywriting', false],
          ['Report writing', true],
        ],
      );
      assert.deepEqual(await storedCore(task.id), [
        ['Copywriting', 0],
        ['Report writing', 1],
        ['Translation', 1],
      ]);

      const copywriter = await contributor(ctx.db, { skills: { Copywriting: 'expert' } });
      const translator = await contributor(ctx.db, { skills: { Translation: 'advanced', Copywriting: 'expert' } });
      await matchTask(ctx.deps, task.id);
      const invited = await invitedVolunteerIds(ctx.db, task.id);
      assert.ok(invited.includes(translator.volunteer.id), 'the translator is invited');
      assert.ok(!invited.includes(copywriter.volunteer.id), 'a supporting skill alone makes nobody fit');

      // Changing only the flag is a change, recorded as such.
      const flipped = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: 'Translation' }, { name: 'Copywriting' }, { name: 'Report writing', core: false }],
      });
      assert.equal(flipped.statusCode, 200, flipped.body);
      assert.deepEqual(await storedCore(task.id), [
        ['Copywriting', 0],
        ['Report writing', 0],
        ['Translation', 1],
      ]);
      const changes = await api.get(`/api/challenges/${challenge.id}/changes`);
      assert.deepEqual(changes.data.data[0].details.required_skills.to, [
        'Translation',
        'Copywriting (supporting)',
        'Report writing (supporting)',
      ]);
    });

    it('makes a new skill core by default; a core that is not a boolean is a 422 changing nothing', async () => {
      const { task, api } = await plannedTask();
      const bad = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: 'Translation', core: 'no' }],
      });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.ok(
        Object.keys(bad.data.errors).some((key) => key.startsWith('required_skills')),
        bad.body,
      );
      assert.deepEqual(await storedCore(task.id), [
        ['Report writing', 0],
        ['Translation', 1],
      ]);

      const added = await api.patch(`/api/tasks/${task.id}`, {
        required_skills: [{ name: 'Translation' }, { name: 'Report writing' }, { name: 'Copywriting' }],
      });
      assert.equal(added.statusCode, 200, added.body);
      assert.deepEqual(await storedCore(task.id), [
        ['Copywriting', 1],
        ['Report writing', 0],
        ['Translation', 1],
      ]);
    });

    it('merging keeps a skill core when either task has it core, supporting when both have it supporting', async () => {
      const both = await plannedTask();
      const alike = await plannedTask();
      await ctx.db
        .updateTable('tasks')
        .set({ challenge_id: both.challenge.id, workstream_id: both.task.workstream_id })
        .where('id', '=', alike.task.id)
        .execute();
      const folded = await both.api.post(`/api/tasks/${alike.task.id}/merge`, { into_task_id: both.task.id });
      assert.equal(folded.statusCode, 200, folded.body);
      assert.deepEqual(await storedCore(both.task.id), [
        ['Report writing', 0],
        ['Translation', 1],
      ]);

      const { challenge, task, api } = await plannedTask();
      const other = await createTask(ctx.db, challenge.id, {
        workstream_id: task.workstream_id,
        skills: ['Report writing'],
      });
      const merged = await api.post(`/api/tasks/${other.id}/merge`, { into_task_id: task.id });
      assert.equal(merged.statusCode, 200, merged.body);
      assert.deepEqual(await storedCore(task.id), [
        ['Report writing', 1],
        ['Translation', 1],
      ]);
    });
  });
}
