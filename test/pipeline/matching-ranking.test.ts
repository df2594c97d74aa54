import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Db } from '../../src/db/database.ts';
import {
  findMatchableTasks,
  findOwnSkillCandidates,
  findTaskCandidates,
  type MatchableTask,
} from '../../src/modules/matching/matching-inputs.ts';
import { rankLazily } from '../../src/modules/matching/ranking.ts';
import { explainMatch } from '../../src/modules/matching/reasoning.ts';
import { type Match, rankCandidates, weeklyHoursNeeded } from '../../src/modules/matching/scoring.ts';
import { withRelatedSkills } from '../../src/modules/matching/skill-family.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment } from '../helpers/factories.ts';
import { assignmentsOfTask, contributor, openTask } from './matching-fixtures.ts';

/**
 * Matching reads the neighbouring skills and the evidence of only the candidates who could still be invited
 * (ranking.ts: `rankLazily`, bounded by `scoreCeiling`). Whatever it skips, its ranking must be the one of every
 * complete candidate: same people, same order, same scores and factors, and so the same invitations and reasons. Held
 * on a generated population (fast-check, fixed seed) of contributors holding the task's skills, narrower ones,
 * neighbours of both its fields and unrelated skills, at every proficiency, with tied reputations, unknown levels,
 * unchecked CVs, deactivated accounts, short hours, and CVs in the task's fields of work, in others or in none.
 */
const REQUIRED = ['Infection control', 'SQL'];
const NARROWER = ['Decontamination', 'PostgreSQL', 'MySQL'];
const NEIGHBOURS = ['Wound care', 'Phlebotomy', 'Patient assessment', 'Acupuncture', 'Airtable', 'Apache Airflow'];
const UNRELATED = ['Welding', 'Bookkeeping'];
const PROFICIENCY = fc.constantFrom('beginner', 'intermediate', 'advanced', 'expert');

const person = fc.record({
  skills: fc.record(
    {
      required: fc.dictionary(fc.constantFrom(...REQUIRED, ...NARROWER), PROFICIENCY, { minKeys: 1, maxKeys: 3 }),
      neighbours: fc.dictionary(fc.constantFrom(...NEIGHBOURS), PROFICIENCY, { maxKeys: 5 }),
      unrelated: fc.dictionary(fc.constantFrom(...UNRELATED), PROFICIENCY, { maxKeys: 2 }),
    },
    { requiredKeys: ['required', 'neighbours', 'unrelated'] },
  ),
  evidence: fc.boolean(),
  source: fc.constantFrom('manual' as const, 'cv_analysis' as const),
  validation: fc.constantFrom('passed', 'passed', 'passed', 'needs_review'),
  active: fc.constantFrom(1, 1, 1, 1, 0),
  level: fc.constantFrom('student', 'junior', 'mid', 'senior', 'expert', null),
  hours: fc.integer({ min: 0, max: 30 }),
  reputation: fc.constantFrom(0, 10, 30, 30, 30, 100, 500),
  domains: fc.constantFrom([], ['health'], ['data', 'software'], ['trades'], ['finance', 'health']),
});

const POPULATION = fc.sample(person, { seed: 20261126, numRuns: 240 });

/** Every match of the ranking, in the order it answers them. */
async function drain(db: Db, task: MatchableTask, minimumScore: number): Promise<Match[]> {
  const own = await findOwnSkillCandidates(db, task, weeklyHoursNeeded(task.estimatedHours));
  const ranking = rankLazily(task, own, minimumScore);
  const matches: Match[] = [];
  for (let match = await ranking.next(db); match; match = await ranking.next(db)) matches.push(match);
  return matches;
}

/** What an invitation is made of: who, the score, and the reasons written from the factors. */
function invitationsOf(task: MatchableTask, matches: readonly Match[]) {
  return matches.map((match) => ({
    volunteerId: match.candidate.volunteerId,
    userId: match.candidate.userId,
    score: match.score,
    reasoning: explainMatch(task, match.score, match.factors),
  }));
}

for (const dialect of testDialects()) {
  describe(`matching ranks lazily as it would rank everyone [${dialect}]`, () => {
    let ctx: TestContext;
    const tasks: MatchableTask[] = [];
    before(async () => {
      ctx = await createTestContext(dialect);
      for (const spec of POPULATION) {
        const skills = { ...spec.skills.required, ...spec.skills.neighbours, ...spec.skills.unrelated };
        await contributor(ctx.db, {
          skills,
          evidence: spec.evidence
            ? Object.fromEntries(Object.keys(skills).map((name) => [name, `I did ${name}.`]))
            : {},
          source: spec.source,
          volunteer: {
            validation_status: spec.validation,
            experience_level: spec.level,
            availability_hours_per_week: spec.hours,
            reputation_score: spec.reputation,
            professional_domains: JSON.stringify(spec.domains),
          },
          user: { is_active: spec.active },
        });
      }
      // A mid-level task of both fields, and a senior one of one field with a long estimate (fewer have the hours).
      const both = await openTask(ctx.db, REQUIRED, { task: { estimated_hours: 8 } });
      const data = await openTask(ctx.db, ['SQL'], {
        task: { estimated_hours: 60, required_experience_level: 'senior' },
      });
      const found = await findMatchableTasks(ctx.db, [both.task.id, data.task.id]);
      tasks.push(...(await withRelatedSkills(ctx.db, found)));
    });
    after(() => ctx.close());

    it('answers every candidate in the exhaustive ranking order, with the same scores and factors', async () => {
      for (const task of tasks) {
        assert.ok((task.neighbours?.size ?? 0) >= 2, 'the task has neighbouring skills that people hold');
        const every = await findTaskCandidates(ctx.db, task, weeklyHoursNeeded(task.estimatedHours));
        for (const minimumScore of [0, 60]) {
          const exhaustive = rankCandidates(task, every, minimumScore);
          assert.ok(exhaustive.length >= 20, `${exhaustive.length} ranked at ${minimumScore}`);
          // Both kinds are ranked: people of the task's fields of work first, the others after them.
          assert.ok(exhaustive.some((match) => !match.ownField) && exhaustive.some((match) => match.ownField));
          assert.deepEqual(
            invitationsOf(task, await drain(ctx.db, task, minimumScore)),
            invitationsOf(task, exhaustive),
          );
        }
        // Neighbours do decide the order here: ranking the candidates without them gives another one.
        const withoutNeighbours = rankCandidates(
          task,
          await findOwnSkillCandidates(ctx.db, task, weeklyHoursNeeded(task.estimatedHours)),
          0,
        );
        assert.notDeepEqual(
          withoutNeighbours.map((match) => match.candidate.volunteerId),
          rankCandidates(task, every, 0).map((match) => match.candidate.volunteerId),
        );
      }
    });

    it('invites whom the exhaustive ranking would, passing over those at their invitation limit', async () => {
      const [task] = tasks;
      const minimumScore = 50;
      const every = await findTaskCandidates(ctx.db, task, weeklyHoursNeeded(task.estimatedHours));
      const exhaustive = rankCandidates(task, every, minimumScore);
      // All but two of the best 40 hold the most open invitations (3) elsewhere: inviting walks on past them, further
      // than the candidates completed before its transaction began, so it completes more inside it.
      assert.ok(exhaustive.length >= 45, `${exhaustive.length} ranked`);
      const others: number[] = [];
      for (let n = 0; n < 3; n++) others.push((await openTask(ctx.db, ['Bookkeeping'])).task.id);
      const atLimit = new Set(
        exhaustive
          .slice(0, 40)
          .filter((_, index) => index !== 5 && index !== 17)
          .map((match) => match.candidate.volunteerId),
      );
      for (const volunteerId of atLimit) for (const other of others) await createAssignment(ctx.db, other, volunteerId);

      await matchTask(ctx.deps, task.id, { invitationsPerTask: 5, minimumScore });
      const expected = invitationsOf(
        task,
        exhaustive.filter((match) => !atLimit.has(match.candidate.volunteerId)).slice(0, 5),
      );
      const rows = await assignmentsOfTask(ctx.db, task.id);
      assert.deepEqual(
        rows.map((row) => ({
          volunteerId: row.volunteer_id,
          score: row.match_score,
          reasoning: JSON.parse(String(row.match_reasoning)),
        })),
        expected.map(({ volunteerId, score, reasoning }) => ({ volunteerId, score, reasoning })),
      );
    });
  });
}
