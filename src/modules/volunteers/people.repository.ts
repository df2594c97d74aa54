import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import { ACTIVE_STATUSES, ASSIGNMENT_TRANSITIONS, OPEN_INVITATION_STATUSES } from '../assignments/assignments.state.ts';
import { PUBLIC_CHALLENGE_STATUSES } from '../challenges/challenge-visibility.ts';

/**
 * Reads of contributors as other people see them (issue 12, item 2): profile cards, the full profile by id, their
 * record of completed tasks, the find-people search, and whether a company may see their contact details and CV.
 */

/** A contributor by profile id with their account's name, e-mail and whether it is active. */
export function findVolunteerById(db: Db, id: number) {
  return db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .selectAll('volunteers')
    .select(['users.name', 'users.email', 'users.is_active'])
    .where('volunteers.id', '=', id)
    .executeTakeFirst();
}
export type VolunteerByIdRow = NonNullable<Awaited<ReturnType<typeof findVolunteerById>>>;

/**
 * What a profile card shows of each contributor, in one query. Deactivated accounts too: the people on a task stay
 * on its list; the candidate and search queries leave inactive accounts out themselves.
 */
export function selectCardRows(db: Db, volunteerIds: readonly number[]) {
  return db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select([
      'volunteers.id',
      'users.name',
      'volunteers.field',
      'volunteers.experience_level',
      'volunteers.availability_hours_per_week',
      'volunteers.reputation_score',
      'volunteers.work_experience',
    ])
    .where('volunteers.id', 'in', [...volunteerIds])
    .execute();
}
export type CardRow = Awaited<ReturnType<typeof selectCardRows>>[number];

/**
 * The tasks the contributors completed on Guild, newest first, on challenges everyone may see (an archived
 * challenge's tasks stay off other people's view of the record).
 */
export function selectCompletedTasks(db: Db, volunteerIds: readonly number[]) {
  return db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .select([
      'assignments.volunteer_id',
      'tasks.id as task_id',
      'tasks.title',
      'challenges.id as challenge_id',
      'challenges.title as challenge_title',
      'assignments.completed_at',
    ])
    .where('assignments.volunteer_id', 'in', [...volunteerIds])
    .where('assignments.status', '=', ASSIGNMENT_TRANSITIONS.complete.to)
    .where('challenges.status', 'in', [...PUBLIC_CHALLENGE_STATUSES])
    .orderBy('assignments.completed_at', 'desc')
    .orderBy('assignments.id', 'desc')
    .execute();
}

/** The contributors' skills among `skillIds`, with the CV excerpt each came from (for the search's cards). */
export function selectSkillsAmong(db: Db, volunteerIds: readonly number[], skillIds: readonly number[]) {
  return db
    .selectFrom('volunteer_skills')
    .innerJoin('skills', 'skills.id', 'volunteer_skills.skill_id')
    .select([
      'volunteer_skills.volunteer_id',
      'volunteer_skills.skill_id',
      'skills.name',
      'volunteer_skills.proficiency_level',
      'volunteer_skills.evidence',
    ])
    .where('volunteer_skills.volunteer_id', 'in', [...volunteerIds])
    .where('volunteer_skills.skill_id', 'in', [...skillIds])
    .execute();
}

/**
 * Whether the contributor holds an open invitation or an active assignment (accepted, in progress, submitted) on a
 * task of the company's challenges: what lets the company see their contact details and download their CV.
 */
export async function isInvitedOrAssignedBy(db: Db, companyId: number, volunteerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .select('assignments.id')
    .where('assignments.volunteer_id', '=', volunteerId)
    .where('assignments.status', 'in', [...OPEN_INVITATION_STATUSES, ...ACTIVE_STATUSES])
    .where('challenges.company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the find-people search asks: any of the skill ids, at one of the proficiencies. */
export type SkillSearch = { skillIds: readonly number[]; proficiencies: readonly string[] };

/** Proficiency as a number, for ordering the search by the best hold on the skill. */
const PROFICIENCY_RANK = sql<number>`case volunteer_skills.proficiency_level when 'expert' then 4 when 'advanced' then 3 when 'intermediate' then 2 else 1 end`;

/**
 * One page of contributors (active accounts) holding one of the skills at one of the proficiencies, counted as
 * matching counts skills (added by hand, or from a CV analysis that passed validation): best hold first, then
 * reputation, then the older profile.
 */
export async function searchVolunteerIds(
  db: Db,
  search: SkillSearch,
  page: PageRequest,
): Promise<{ ids: number[]; total: number }> {
  if (search.skillIds.length === 0 || search.proficiencies.length === 0) return { ids: [], total: 0 };
  const holding = (eb: Db) =>
    eb
      .selectFrom('volunteer_skills')
      .where('volunteer_skills.skill_id', 'in', [...search.skillIds])
      .where('volunteer_skills.proficiency_level', 'in', [...search.proficiencies])
      .where((inner) =>
        inner.or([
          inner('volunteer_skills.source', '=', 'manual'),
          inner.exists(
            inner
              .selectFrom('volunteers as counted')
              .select('counted.id')
              .whereRef('counted.id', '=', 'volunteer_skills.volunteer_id')
              .where('counted.validation_status', '=', 'passed'),
          ),
        ]),
      );
  const filtered = db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .where('users.is_active', '=', 1)
    .where('volunteers.id', 'in', holding(db).select('volunteer_skills.volunteer_id'));
  const { rows, total } = await fetchPage(filtered, page, (query) =>
    query
      .select((eb) => [
        'volunteers.id',
        holding(db)
          .select(sql<number>`max(${PROFICIENCY_RANK})`.as('rank'))
          .where('volunteer_skills.volunteer_id', '=', eb.ref('volunteers.id'))
          .as('best'),
      ])
      .orderBy('best', 'desc')
      .orderBy('volunteers.reputation_score', 'desc')
      .orderBy('volunteers.id'),
  );
  return { ids: rows.map((row) => row.id), total };
}
