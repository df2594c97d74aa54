import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';

/**
 * `task_interests` (migration 0018): contributors' applications for open tasks, one per contributor and task, each
 * with an optional note to the company.
 */

/** Records an application; undefined when the contributor already applied (the unique key decides, also in a race). */
export async function insertInterest(
  db: Db,
  values: { taskId: number; volunteerId: number; note: string | null; now: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('task_interests')
    .values({ task_id: values.taskId, volunteer_id: values.volunteerId, note: values.note, created_at: values.now })
    .onConflict((conflict) => conflict.columns(['task_id', 'volunteer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Removes the contributor's application for the task; whether there was one. */
export async function deleteInterest(db: Db, taskId: number, volunteerId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('task_interests')
    .where('task_id', '=', taskId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Applications with the applicant's name and profile facts a company weighs, and any assignment they hold on the task. */
function selectInterests(db: Db) {
  return db
    .selectFrom('task_interests')
    .innerJoin('volunteers', 'volunteers.id', 'task_interests.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .leftJoin('assignments', (join) =>
      join
        .onRef('assignments.task_id', '=', 'task_interests.task_id')
        .onRef('assignments.volunteer_id', '=', 'task_interests.volunteer_id'),
    )
    .select([
      'task_interests.id',
      'task_interests.task_id',
      'task_interests.volunteer_id',
      'task_interests.note',
      'task_interests.created_at',
      'users.name as volunteer_name',
      'volunteers.reputation_score',
      'volunteers.experience_level',
      'volunteers.availability_hours_per_week',
      'assignments.id as assignment_id',
      'assignments.status as assignment_status',
    ]);
}
export type InterestRow = Awaited<ReturnType<ReturnType<typeof selectInterests>['execute']>>[number];

/** One page of a task's applications, newest first. */
export function listInterestsOfTask(db: Db, taskId: number, page: PageRequest) {
  return fetchPage(db.selectFrom('task_interests').where('task_interests.task_id', '=', taskId), page, () =>
    selectInterests(db).where('task_interests.task_id', '=', taskId).orderBy('task_interests.id', 'desc'),
  );
}

/** The contributor's own applications among the given tasks. */
export function findInterestsOfVolunteer(db: Db, volunteerId: number, taskIds: readonly number[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_interests')
    .select(['task_id', 'note', 'created_at'])
    .where('volunteer_id', '=', volunteerId)
    .where('task_id', 'in', [...taskIds])
    .execute();
}

export function findInterest(db: Db, id: number): Promise<InterestRow | undefined> {
  return selectInterests(db).where('task_interests.id', '=', id).executeTakeFirst();
}

/**
 * The task's required skills each applicant holds (by taxonomy id, as the feed compares them), with their level and
 * the CV excerpt that shows it.
 */
export function heldRequiredSkills(db: Db, pairs: readonly { taskId: number; volunteerId: number }[]) {
  if (pairs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_skills')
    .innerJoin('volunteer_skills', 'volunteer_skills.skill_id', 'task_skills.skill_id')
    .innerJoin('skills', 'skills.id', 'task_skills.skill_id')
    .innerJoin('volunteers', 'volunteers.id', 'volunteer_skills.volunteer_id')
    .select([
      'task_skills.task_id',
      'volunteer_skills.volunteer_id',
      'skills.name',
      'volunteer_skills.proficiency_level',
      'volunteer_skills.evidence',
      // Whether matching counts it: added by hand, or from a CV analysis that passed validation.
      'volunteer_skills.source',
      'volunteers.validation_status',
    ])
    .where((eb) =>
      eb.or(
        pairs.map((pair) =>
          eb.and([
            eb('task_skills.task_id', '=', pair.taskId),
            eb('volunteer_skills.volunteer_id', '=', pair.volunteerId),
          ]),
        ),
      ),
    )
    .orderBy('skills.name')
    .execute();
}
