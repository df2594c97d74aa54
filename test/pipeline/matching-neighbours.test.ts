import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { neighbourSkillsOf } from '../../src/modules/matching/skill-neighbours.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { ensureSkill } from '../helpers/factories.ts';
import { assignmentsOfTask, contributor, invitedVolunteerIds, openTask } from './matching-fixtures.ts';

/**
 * Neighbouring skills (skill-neighbours.ts): the skills of a task's fields of work raise the score of whoever holds
 * them beside a required skill, and make nobody fit alone.
 */
describe('neighbouring skills of a task', () => {
  const taxonomy = loadTaxonomy();
  const names = (skills: Parameters<typeof neighbourSkillsOf>[1]) =>
    new Set(neighbourSkillsOf(taxonomy, skills).map((skill) => skill.name));

  it("are the skills of its core skills' fields, without the required skills themselves", () => {
    const near = names([{ name: 'Infection control' }, { name: 'Wound care' }]);
    assert.ok(near.has('Patient assessment') && near.has('Phlebotomy'), 'health skills');
    assert.ok(!near.has('Infection control') && !near.has('Wound care'), 'not the required skills');
    assert.ok(!near.has('Python'), 'not another field');
  });

  it('come from core skills only: a supporting or soft skill brings none', () => {
    assert.equal(names([{ name: 'Infection control', core: false }]).size, 0);
    assert.equal(names([{ name: 'Leadership' }]).size, 0);
    assert.equal(names([{ name: 'No such skill anywhere' }]).size, 0);
  });
});

for (const dialect of testDialects()) {
  describe(`matching with neighbouring skills [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('ranks whoever also holds skills of the same field first, and invites nobody on those skills alone', async () => {
      const { task } = await openTask(ctx.db, ['Infection control'], { task: { estimated_hours: 8 } });
      // The same facts but the neighbours, and an older profile: without them the analyst would rank first.
      const analyst = await contributor(ctx.db, {
        skills: { 'Infection control': 'intermediate', Python: 'expert' },
      });
      const nurse = await contributor(ctx.db, {
        skills: { 'Infection control': 'intermediate', 'Wound care': 'expert', Phlebotomy: 'advanced' },
      });
      const nearOnly = await contributor(ctx.db, {
        skills: { 'Wound care': 'expert', Phlebotomy: 'expert', 'Patient assessment': 'expert' },
      });
      await matchTask(ctx.deps, task.id, { invitationsPerTask: 1, minimumScore: 60 });
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [nurse.volunteer.id]);

      await matchTask(ctx.deps, task.id, { invitationsPerTask: 3, minimumScore: 60 });
      const rows = await assignmentsOfTask(ctx.db, task.id);
      assert.deepEqual(
        rows.map((row) => row.volunteer_id),
        [nurse.volunteer.id, analyst.volunteer.id],
        'the one with only neighbouring skills is not invited',
      );
      assert.ok(!rows.some((row) => row.volunteer_id === nearOnly.volunteer.id));
      const reasoning = JSON.parse(String(rows[0]!.match_reasoning)) as { summary: string; strengths: string[] };
      assert.match(reasoning.summary, /and 2 other skills of the same field of work/);
      assert.ok(rows[0]!.match_score! > rows[1]!.match_score!, `${rows[0]!.match_score} > ${rows[1]!.match_score}`);
    });

    it("counts only neighbouring skills that count for matching: not an unchecked CV's", async () => {
      const { task } = await openTask(ctx.db, ['Infection control'], { task: { estimated_hours: 8 } });
      // Infection control added by hand counts; the CV's health skills wait for a review of the CV.
      const unchecked = await contributor(ctx.db, {
        skills: { 'Infection control': 'intermediate' },
        source: 'manual',
        volunteer: { validation_status: 'needs_review' },
      });
      for (const name of ['Wound care', 'Phlebotomy']) {
        const skill = await ensureSkill(ctx.db, name);
        await ctx.db
          .insertInto('volunteer_skills')
          .values({
            volunteer_id: unchecked.volunteer.id,
            skill_id: skill.id,
            proficiency_level: 'expert',
            years_of_experience: 2,
            source: 'cv_analysis',
            evidence: null,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      // The contributors of the test above hold Infection control too: room for everyone, then read this one's.
      await matchTask(ctx.deps, task.id, { invitationsPerTask: 5, minimumScore: 60 });
      const row = (await assignmentsOfTask(ctx.db, task.id)).find((r) => r.volunteer_id === unchecked.volunteer.id);
      assert.ok(row, 'invited on the skill added by hand');
      const reasoning = JSON.parse(String(row!.match_reasoning)) as { summary: string };
      assert.doesNotMatch(reasoning.summary, /other skills? of the same field of work/);
    });
  });
}
