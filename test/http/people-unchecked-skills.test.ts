import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createChallenge, createCompany, createTask } from '../helpers/factories.ts';
import { contributor, skillNames } from '../pipeline/matching-fixtures.ts';

type CardSkill = { name: string; proficiency_level: string; evidence: string | null; verified: boolean };

/**
 * The cards of people on a task (`GET /api/tasks/{id}/candidates`, `people`) show the skills they list: a task skill
 * read from a CV whose analysis is `needs_review` is shown, marked `verified: false` with the CV's words, though
 * matching does not count it; someone listing none of the task's skills holds none (docs/api.md, People).
 */
for (const dialect of testDialects()) {
  describe(`cards of people with a CV not yet checked [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('shows a needs-review CV skill as unverified with its evidence; none when they list none; matching ignores it', async () => {
      const [surveying, pottery] = skillNames('Land Surveying', 'Pottery');
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id, { skills: [surveying] });
      const unchecked = { validation_status: 'needs_review' };
      const surveyor = await contributor(ctx.db, {
        skills: { [surveying]: 'advanced' },
        evidence: { [surveying]: 'Surveyed 40 km of riverbank with a total station.' },
        volunteer: unchecked,
      });
      const potter = await contributor(ctx.db, { skills: { [pottery]: 'expert' }, volunteer: unchecked });
      const checked = await contributor(ctx.db, { skills: { [surveying]: 'expert' } });
      for (const person of [surveyor, potter, checked]) {
        await createAssignment(ctx.db, task.id, person.volunteer.id, { invited_by: 'company' });
      }

      const response = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/candidates`);
      assert.equal(response.statusCode, 200, response.body);
      const cardOf = (id: number) =>
        response.data.data.people.find((person: { volunteer: { id: number } }) => person.volunteer.id === id).volunteer
          .skills as CardSkill[];
      assert.deepEqual(
        cardOf(surveyor.volunteer.id).map(({ name, proficiency_level, evidence, verified }) => ({
          name,
          proficiency_level,
          evidence,
          verified,
        })),
        [
          {
            name: surveying,
            proficiency_level: 'advanced',
            evidence: 'Surveyed 40 km of riverbank with a total station.',
            verified: false,
          },
        ],
      );
      assert.deepEqual(cardOf(potter.volunteer.id), [], 'lists none of the task skills: holds none');
      assert.deepEqual(
        cardOf(checked.volunteer.id).map((skill) => [skill.name, skill.verified]),
        [[surveying, true]],
        'a validated CV skill is verified',
      );
    });

    it('the profile (GET /api/volunteers/{id}) marks each skill verified or not yet checked', async () => {
      const [surveying, drafting] = skillNames('Land Surveying', 'Drafting');
      const company = await createCompany(ctx.db);
      const person = await contributor(ctx.db, {
        skills: { [surveying]: 'advanced' },
        evidence: { [surveying]: 'Surveyed 40 km of riverbank.' },
        volunteer: { validation_status: 'needs_review' },
      });
      const byHand = await contributor(ctx.db, { skills: { [drafting]: 'beginner' }, source: 'manual' });
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ volunteer_id: person.volunteer.id })
        .where('volunteer_id', '=', byHand.volunteer.id)
        .execute();
      const response = await apiClient(ctx.app, company.token).get(`/api/volunteers/${person.volunteer.id}`);
      assert.equal(response.statusCode, 200, response.body);
      const skills = response.data.data.skills;
      assert.deepEqual(
        skills.map((skill: CardSkill & { source: string }) => [skill.name, skill.source, skill.verified]).sort(),
        [
          [drafting, 'manual', true],
          [surveying, 'cv_analysis', false],
        ],
      );
    });

    it('keeps matching’s rule: an unchecked CV skill makes nobody a candidate; a hand-added one always counts', async () => {
      const [surveying] = skillNames('Land Surveying');
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id, { skills: [surveying] });
      const unchecked = await contributor(ctx.db, {
        skills: { [surveying]: 'advanced' },
        volunteer: { validation_status: 'needs_review' },
      });
      const byHand = await contributor(ctx.db, {
        skills: { [surveying]: 'advanced' },
        source: 'manual',
        volunteer: { validation_status: 'needs_review' },
      });
      const response = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/candidates`);
      assert.equal(response.statusCode, 200, response.body);
      const ids = response.data.data.candidates.map(
        (candidate: { volunteer: { id: number } }) => candidate.volunteer.id,
      );
      assert.ok(!ids.includes(unchecked.volunteer.id), 'not a candidate on an unchecked CV skill');
      assert.ok(ids.includes(byHand.volunteer.id), 'a skill added by hand counts');
      const card = response.data.data.candidates.find(
        (candidate: { volunteer: { id: number } }) => candidate.volunteer.id === byHand.volunteer.id,
      ).volunteer;
      assert.deepEqual(
        card.skills.map((skill: CardSkill) => skill.verified),
        [true],
      );
    });
  });
}
