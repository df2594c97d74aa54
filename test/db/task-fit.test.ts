import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Db } from '../../src/db/database.ts';
import { insertInvitation } from '../../src/modules/assignments/assignments.repository.ts';
import {
  moveChallengeIfIn,
  setChallengeStatus,
  updateChallengeStatusIfIn,
} from '../../src/modules/challenges/challenges.repository.ts';
import { CHALLENGE_TRANSITIONS } from '../../src/modules/challenges/challenges.state.ts';
import { insertPlannedTask } from '../../src/modules/tasks/planned-tasks.repository.ts';
import { allTaskFit, recomputedTaskFit } from '../../src/modules/tasks/task-fit.repository.ts';
import { markTaskMatching, updateTaskStatusIfIn } from '../../src/modules/tasks/tasks.repository.ts';
import { TASK_TRANSITIONS } from '../../src/modules/tasks/tasks.state.ts';
import { replaceCvSkills } from '../../src/modules/volunteers/cv-analysis.repository.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createChallenge,
  createCompany,
  createVolunteer,
  createWorkstream,
  ensureSkill,
} from '../helpers/factories.ts';

const SKILLS = 4;
const VOLUNTEERS = 3;

/**
 * The writes that change who fits which open task, as the services and jobs make them (each in its own transaction).
 * Indexes pick among the challenges and tasks made so far (modulo their number), so every sequence is valid.
 */
const skillSet = fc.subarray([...Array(SKILLS).keys()], { minLength: 1 });
const write = fc.oneof(
  fc.record({ kind: fc.constant('open challenge' as const) }),
  fc.record({ kind: fc.constant('plan task' as const), challenge: fc.nat(), skills: skillSet }),
  fc.record({ kind: fc.constant('invite' as const), task: fc.nat(), volunteer: fc.nat(VOLUNTEERS - 1) }),
  fc.record({
    kind: fc.constant('move task' as const),
    task: fc.nat(),
    move: fc.constantFrom('invite', 'fill', 'begin_work', 'complete'),
  }),
  fc.record({
    kind: fc.constant('move challenge' as const),
    challenge: fc.nat(),
    move: fc.constantFrom('begin_work', 'complete', 'archive'),
  }),
  fc.record({ kind: fc.constant('new CV' as const), volunteer: fc.nat(VOLUNTEERS - 1), skills: skillSet }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

for (const dialect of testDialects()) {
  describe(`task_fit, the kept feed [${dialect}]`, () => {
    let ctx: TestContext;
    let companyId: number;
    let skillIds: number[];
    let volunteerIds: number[];
    const challenges: Array<{ id: number; workstreamId: number }> = [];
    const taskIds: number[] = [];
    before(async () => {
      ctx = await createTestContext(dialect);
      companyId = (await createCompany(ctx.db)).company.id;
      skillIds = [];
      for (let i = 0; i < SKILLS; i++) skillIds.push((await ensureSkill(ctx.db, `Fit-skill-${i}`)).id);
      volunteerIds = [];
      for (let i = 0; i < VOLUNTEERS; i++) volunteerIds.push((await createVolunteer(ctx.db)).volunteer.id);
    });
    after(() => ctx.close());

    const pick = <T>(items: T[], index: number): T | undefined => items[index % Math.max(items.length, 1)];

    /** A challenge opened by its analysis: tasks are planned into it afterwards, as `challenge.analyze` does. */
    async function openChallenge(db: Db) {
      const challenge = await createChallenge(db, companyId, { status: CHALLENGE_TRANSITIONS.open.to });
      const workstream = await createWorkstream(db, challenge.id);
      challenges.push({ id: challenge.id, workstreamId: workstream.id });
    }

    async function apply(trx: Db, step: Write, now: string): Promise<void> {
      switch (step.kind) {
        case 'open challenge':
          return openChallenge(trx);
        case 'plan task': {
          const challenge = pick(challenges, step.challenge);
          if (!challenge) return;
          const id = await insertPlannedTask(
            trx,
            challenge.id,
            challenge.workstreamId,
            {
              title: 'A task',
              description: 'Do it.',
              source: 'The brief.',
              required_skills: step.skills.map((skill) => ({ name: `Fit-skill-${skill}`, reason: 'needed' })),
              required_experience_level: 'mid',
              expected_output: 'A result.',
              acceptance_criteria: ['Done'],
              estimated_hours: 4,
              complexity_score: 3,
              skillIds: step.skills.map((skill) => skillIds[skill]),
            },
            now,
          );
          taskIds.push(id);
          return;
        }
        case 'invite': {
          const taskId = pick(taskIds, step.task);
          if (taskId === undefined) return;
          await insertInvitation(trx, {
            taskId,
            volunteerId: volunteerIds[step.volunteer],
            matchScore: 50,
            matchReasoning: '{}',
            invitedBy: 'matching',
            note: null,
            now,
            expiresAt: now,
          });
          return;
        }
        case 'move task': {
          const taskId = pick(taskIds, step.task);
          if (taskId === undefined) return;
          if (step.move === 'invite') return markTaskMatching(trx, taskId, now);
          const move = TASK_TRANSITIONS[step.move];
          return updateTaskStatusIfIn(trx, taskId, move.from, move.to, now);
        }
        case 'move challenge': {
          const challenge = pick(challenges, step.challenge);
          if (!challenge) return;
          const move = CHALLENGE_TRANSITIONS[step.move];
          if (step.move === 'archive') return setChallengeStatus(trx, challenge.id, move.to, now);
          if (step.move === 'begin_work') {
            await updateChallengeStatusIfIn(trx, challenge.id, move.from, move.to, now);
            return;
          }
          await moveChallengeIfIn(trx, challenge.id, move, now);
          return;
        }
        case 'new CV':
          return replaceCvSkills(
            trx,
            volunteerIds[step.volunteer],
            step.skills.map((skill) => ({
              skillId: skillIds[skill],
              proficiency: 'advanced',
              years: 2,
              evidence: null,
            })),
            now,
          );
      }
    }

    it('after any sequence of writes, the kept rows equal a recomputation from scratch', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (steps) => {
          for (const step of steps) {
            await ctx.db.transaction().execute((trx) => apply(trx, step, new Date().toISOString()));
          }
          assert.deepEqual(await allTaskFit(ctx.db), await recomputedTaskFit(ctx.db));
        }),
        { numRuns: 40 },
      );
      assert.ok((await allTaskFit(ctx.db)).length > 0, 'the runs left some feed to compare');
    });
  });
}
