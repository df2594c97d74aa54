import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Db } from '../../src/db/database.ts';
import { insertInvitation } from '../../src/modules/assignments/assignments.repository.ts';
import {
  lockChallenge,
  moveChallengeIfIn,
  setChallengeStatus,
  updateChallengeStatusIfIn,
} from '../../src/modules/challenges/challenges.repository.ts';
import { CHALLENGE_TRANSITIONS } from '../../src/modules/challenges/challenges.state.ts';
import { refillShortFeeds } from '../../src/modules/tasks/feed-refill.service.ts';
import { insertPlannedTask } from '../../src/modules/tasks/planned-tasks.repository.ts';
import {
  allTaskFit,
  allTaskFitFeeds,
  FEED_DEPTH,
  FEED_REFILL_BELOW,
  feedLimits,
  rebuildTaskFit,
  recomputedTaskFit,
} from '../../src/modules/tasks/task-fit.repository.ts';
import { markTaskMatching, updateTaskStatusIfIn } from '../../src/modules/tasks/tasks.repository.ts';
import { TASK_TRANSITIONS } from '../../src/modules/tasks/tasks.state.ts';
import { replaceCvSkills } from '../../src/modules/volunteers/cv-analysis.repository.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
  ensureSkill,
} from '../helpers/factories.ts';

const SKILLS = 4;
const VOLUNTEERS = 3;
/** Feeds this short overflow after a few planned tasks; refilled as soon as they fall below it. */
const TEST_DEPTH = 3;

type Fit = { volunteer_id: number; task_id: number; shared_skills: number };

function byVolunteer(rows: readonly Fit[]): Map<number, Fit[]> {
  const groups = new Map<number, Fit[]>();
  for (const row of rows) {
    const fit = { volunteer_id: row.volunteer_id, task_id: row.task_id, shared_skills: Number(row.shared_skills) };
    groups.set(row.volunteer_id, [...(groups.get(row.volunteer_id) ?? []), fit]);
  }
  return groups;
}

/**
 * The rule of task-fit.repository.ts: each contributor's kept rows are a prefix of their full ranking, at most the
 * depth long, counted by `kept`, and the whole ranking unless `truncated`. With `complete`, the prefix is as long as
 * the depth allows (what the refill and the rebuild leave) and `truncated` is set whenever more exist.
 */
async function assertFeedRule(db: Db, complete: boolean): Promise<void> {
  const kept = byVolunteer(await allTaskFit(db));
  const full = byVolunteer(await recomputedTaskFit(db));
  const feeds = new Map((await allTaskFitFeeds(db)).map((feed) => [feed.volunteer_id, feed]));
  for (const volunteerId of new Set([...kept.keys(), ...full.keys(), ...feeds.keys()])) {
    const rows = kept.get(volunteerId) ?? [];
    const ranking = full.get(volunteerId) ?? [];
    const feed = feeds.get(volunteerId) ?? { kept: 0, truncated: 0 };
    const where = `contributor ${volunteerId}`;
    assert.ok(rows.length <= feedLimits.depth, `${where}: no more rows than the depth`);
    assert.deepEqual(rows, ranking.slice(0, rows.length), `${where}: the kept rows are a prefix of the ranking`);
    assert.equal(feed.kept, rows.length, `${where}: kept counts the rows`);
    if (feed.truncated === 0) assert.equal(rows.length, ranking.length, `${where}: a feed not truncated is whole`);
    if (complete) {
      assert.equal(rows.length, Math.min(ranking.length, feedLimits.depth), `${where}: as deep as the depth allows`);
      if (ranking.length > rows.length) assert.equal(feed.truncated, 1, `${where}: truncated when more exist`);
      // The flag may outlive the fits beyond a full feed (they closed): it says that more may exist, and costs nothing.
      else if (feed.truncated === 1)
        assert.equal(rows.length, feedLimits.depth, `${where}: stale truncation only when full`);
    }
  }
}

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
/**
 * The writes that race safely: all but a CV change. A CV analysis that commits while a task needing one of its new
 * skills is being planned can miss that task (neither transaction sees the other's rows), as the unbounded table
 * could; docs/performance.md "A bounded feed" says so. Two CV changes of one contributor take turns (`holdFeedOf`).
 */
const racingWrite = write.filter((step) => step.kind !== 'new CV');
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
      feedLimits.depth = TEST_DEPTH;
      feedLimits.refillBelow = TEST_DEPTH;
      ctx = await createTestContext(dialect);
      companyId = (await createCompany(ctx.db)).company.id;
      skillIds = [];
      for (let i = 0; i < SKILLS; i++) skillIds.push((await ensureSkill(ctx.db, `Fit-skill-${i}`)).id);
      volunteerIds = [];
      for (let i = 0; i < VOLUNTEERS; i++) volunteerIds.push((await createVolunteer(ctx.db)).volunteer.id);
    });
    after(async () => {
      feedLimits.depth = FEED_DEPTH;
      feedLimits.refillBelow = FEED_REFILL_BELOW;
      await ctx.close();
    });

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
          // The analysis that plans tasks moves its challenge in the same transaction, so it holds the challenge's row.
          await lockChallenge(trx, challenge.id);
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

    it('after any sequence of writes the kept rows are a prefix of each ranking; after the refills, its top', async () => {
      let truncatedSeen = false;
      await fc.assert(
        fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (steps) => {
          for (const step of steps) {
            await ctx.db.transaction().execute((trx) => apply(trx, step, new Date().toISOString()));
          }
          await assertFeedRule(ctx.db, false);
          truncatedSeen ||= (await allTaskFitFeeds(ctx.db)).some((feed) => feed.truncated === 1);
          while ((await refillShortFeeds(ctx.db)) > 0);
          await assertFeedRule(ctx.db, true);
        }),
        { numRuns: 40 },
      );
      assert.ok((await allTaskFit(ctx.db)).length > 0, 'the runs left some feed to compare');
      assert.ok(truncatedSeen, 'some feed overflowed the depth');
    });

    it('writers racing on the same feeds keep the rule (each write its own transaction, four at a time)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(racingWrite, { minLength: 4, maxLength: 24 }), async (steps) => {
          for (let start = 0; start < steps.length; start += 4) {
            await Promise.all(
              steps
                .slice(start, start + 4)
                .map((step) => ctx.db.transaction().execute((trx) => apply(trx, step, new Date().toISOString()))),
            );
          }
          await assertFeedRule(ctx.db, false);
        }),
        { numRuns: 25 },
      );
    });

    it('a truncated feed takes a new task only where it ranks inside the kept prefix', async () => {
      // Four tasks sharing two skills with the contributor: a depth of 3 keeps the newest three and leaves out the oldest.
      const { volunteer } = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, volunteer.id, 'Prefix-a');
      await addVolunteerSkill(ctx.db, volunteer.id, 'Prefix-b');
      const challenge = await createChallenge(ctx.db, companyId, { status: CHALLENGE_TRANSITIONS.open.to });
      const pair: Array<{ id: number }> = [];
      for (let i = 0; i < 4; i++)
        pair.push(await createTask(ctx.db, challenge.id, { skills: ['Prefix-a', 'Prefix-b'] }));
      const keptOf = async () =>
        (await allTaskFit(ctx.db)).filter((row) => row.volunteer_id === volunteer.id).map((row) => row.task_id);
      assert.deepEqual(await keptOf(), [pair[3].id, pair[2].id, pair[1].id]);
      // The newest leaves: two rows are kept, and the oldest pair task still ranks above any task sharing one skill.
      const fill = TASK_TRANSITIONS.fill;
      await ctx.db.transaction().execute((trx) => updateTaskStatusIfIn(trx, pair[3].id, fill.from, fill.to, 'now'));
      await createTask(ctx.db, challenge.id, { skills: ['Prefix-a'] });
      assert.deepEqual(await keptOf(), [pair[2].id, pair[1].id], 'a task ranked below a left-out fit is not kept');
      await assertFeedRule(ctx.db, false);
      await jobRegistry['task-fit.refill'].handle(ctx.deps, {});
      assert.deepEqual(
        await keptOf(),
        [pair[2].id, pair[1].id, pair[0].id],
        'the refill job brings the left-out fit back',
      );
      const better = await createTask(ctx.db, challenge.id, { skills: ['Prefix-a', 'Prefix-b'] });
      assert.deepEqual(await keptOf(), [better.id, pair[2].id, pair[1].id], 'a better task pushes out the worst');
    });

    it('the bulk rebuild keeps exactly what the writes and the refills keep', async () => {
      while ((await refillShortFeeds(ctx.db)) > 0);
      const rows = await allTaskFit(ctx.db);
      const feeds = await allTaskFitFeeds(ctx.db);
      await ctx.db.transaction().execute((trx) => rebuildTaskFit(trx));
      assert.deepEqual(await allTaskFit(ctx.db), rows);
      const counts = (rows: Array<{ volunteer_id: number; kept: number }>) =>
        rows.filter((feed) => feed.kept > 0).map((feed) => ({ volunteer_id: feed.volunteer_id, kept: feed.kept }));
      assert.deepEqual(counts(await allTaskFitFeeds(ctx.db)), counts(feeds), 'the rebuild counts what it keeps');
      await assertFeedRule(ctx.db, true);
    });
  });
}
