import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES } from './tasks.state.ts';

/**
 * `task_fit`, the contributor's feed kept (migration 0008): one row per contributor and open task of an open challenge
 * that shares a skill with them and on which they hold no assignment, with how many skills they share. It is what
 * `GET /tasks/available` lists, read from its primary key (volunteer, shared skills, task) a page at a time. Every
 * write that changes who fits which open task keeps it in its own transaction:
 *
 * | write | call |
 * |---|---|
 * | a task is planned (pending, in its challenge's opening transaction) | `addTaskToFeeds` |
 * | a task is filled, started or completed | `removeTaskFromFeeds` |
 * | a challenge is completed or archived | `removeChallengeFromFeeds` |
 * | a contributor gets an assignment on a task (an invitation) | `removeFromFeed` |
 * | a contributor's skills change (the CV analysis) | `refreshFeedOf` |
 *
 * `rebuildTaskFit` recomputes the whole table from those tables (the bench's seed writes them directly); the
 * property test (`test/db/task-fit.test.ts`) checks that after any sequence of writes the kept rows equal it.
 */

type FitSource = ExpressionBuilder<Database, 'task_skills' | 'volunteer_skills' | 'tasks' | 'challenges'>;

/** The pairs of an open task and a contributor sharing one of its skills, counted, narrowed by `where`. */
function fitRows(db: Db, where: (eb: FitSource) => ReturnType<FitSource['and']>) {
  return db
    .selectFrom('task_skills')
    .innerJoin('volunteer_skills', 'volunteer_skills.skill_id', 'task_skills.skill_id')
    .innerJoin('tasks', 'tasks.id', 'task_skills.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .where((eb) =>
      eb.and([
        where(eb),
        eb('tasks.status', 'in', [...OPEN_TASK_STATUSES]),
        eb('challenges.status', 'in', [...OPEN_CHALLENGE_STATUSES]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('assignments')
              .select('assignments.id')
              .whereRef('assignments.task_id', '=', 'task_skills.task_id')
              .whereRef('assignments.volunteer_id', '=', 'volunteer_skills.volunteer_id'),
          ),
        ),
      ]),
    )
    .groupBy(['volunteer_skills.volunteer_id', 'task_skills.task_id'])
    .select([
      'volunteer_skills.volunteer_id',
      'task_skills.task_id',
      (eb) => eb.fn.countAll<number>().as('shared_skills'),
    ]);
}

async function insertFit(db: Db, rows: ReturnType<typeof fitRows>): Promise<void> {
  await db.insertInto('task_fit').columns(['volunteer_id', 'task_id', 'shared_skills']).expression(rows).execute();
}

/** Offers the task to every contributor sharing a skill with it, if it and its challenge are open. */
export async function addTaskToFeeds(db: Db, taskId: number): Promise<void> {
  await insertFit(
    db,
    fitRows(db, (eb) => eb.and([eb('task_skills.task_id', '=', taskId)])),
  );
}

/** The task no longer looks for people: it leaves every feed. */
export async function removeTaskFromFeeds(db: Db, taskId: number): Promise<void> {
  await db.deleteFrom('task_fit').where('task_id', '=', taskId).execute();
}

/** The challenge stopped running: none of its tasks is offered any more. */
export async function removeChallengeFromFeeds(db: Db, challengeId: number): Promise<void> {
  await db
    .deleteFrom('task_fit')
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('tasks').select('tasks.id').where('tasks.challenge_id', '=', challengeId),
    )
    .execute();
}

/** The contributor now holds an assignment on the task, so it is no longer offered to them. */
export async function removeFromFeed(db: Db, volunteerId: number, taskId: number): Promise<void> {
  await db.deleteFrom('task_fit').where('task_id', '=', taskId).where('volunteer_id', '=', volunteerId).execute();
}

/** The contributor's skills changed: their feed is computed again from their skills. */
export async function refreshFeedOf(db: Db, volunteerId: number): Promise<void> {
  await db.deleteFrom('task_fit').where('volunteer_id', '=', volunteerId).execute();
  await insertFit(
    db,
    fitRows(db, (eb) => eb.and([eb('volunteer_skills.volunteer_id', '=', volunteerId)])),
  );
}

/** The whole table recomputed from tasks, skills and assignments: after a bulk load that bypassed the writes above. */
export async function rebuildTaskFit(db: Db): Promise<void> {
  await db.deleteFrom('task_fit').execute();
  await insertFit(
    db,
    fitRows(db, (eb) => eb.and([])),
  );
}

/** How many tasks the contributor's feed holds: a count over their range of the primary key. */
export async function countFeed(db: Db, volunteerId: number): Promise<number> {
  const row = await db
    .selectFrom('task_fit')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Every kept row, in key order: what the property test compares with a recomputation. */
export function allTaskFit(db: Db) {
  return db
    .selectFrom('task_fit')
    .select(['volunteer_id', 'task_id', 'shared_skills'])
    .orderBy('volunteer_id')
    .orderBy('task_id')
    .execute();
}

/** The kept rows as a recomputation from scratch would make them, in the same order as `allTaskFit`. */
export function recomputedTaskFit(db: Db) {
  return db
    .selectFrom(fitRows(db, (eb) => eb.and([])).as('fit'))
    .select(['fit.volunteer_id', 'fit.task_id', 'fit.shared_skills'])
    .orderBy('fit.volunteer_id')
    .orderBy('fit.task_id')
    .execute();
}
