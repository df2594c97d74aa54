import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VolunteersTable } from '../../db/schema.ts';
import { ACTIVE_STATUSES, ASSIGNMENT_TRANSITIONS } from '../assignments/assignments.state.ts';

/** The contributor profile of a user, with the user's name. */
export function findVolunteerByUserId(db: Db, userId: number) {
  return db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .selectAll('volunteers')
    .select('users.name')
    .where('volunteers.user_id', '=', userId)
    .executeTakeFirst();
}
export type VolunteerWithNameRow = NonNullable<Awaited<ReturnType<typeof findVolunteerByUserId>>>;

export async function insertVolunteer(db: Db, values: Insertable<VolunteersTable>): Promise<number> {
  const row = await db.insertInto('volunteers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVolunteer(db: Db, id: number, patch: Updateable<VolunteersTable>): Promise<void> {
  await db.updateTable('volunteers').set(patch).where('id', '=', id).execute();
}

/**
 * Touches the row and returns its current CV key. The UPDATE takes the row's write lock on PostgreSQL, so two uploads
 * by one contributor run one after the other from here on: each sees the key the other stored, and the second sees
 * the first's reputation event.
 */
export function lockVolunteerForCv(db: Db, id: number, now: string) {
  return db
    .updateTable('volunteers')
    .set({ updated_at: now })
    .where('id', '=', id)
    .returning('cv_storage_key')
    .executeTakeFirst();
}

/**
 * Holds the contributor's row until the transaction ends, so that invitations to them are made one after the other
 * and each counts the ones before it. `skipLocked` (matching): on PostgreSQL a contributor another transaction is
 * inviting right now is passed over (false) instead of waited for, so two matching runs that rank the same people
 * in another order never wait on each other. SQLite runs one write transaction at a time anyway.
 */
export async function lockVolunteerForInvitation(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  volunteerId: number,
  skipLocked: boolean,
): Promise<boolean> {
  const row = await db
    .selectFrom('volunteers')
    .select('id')
    .where('id', '=', volunteerId)
    .$if(dialect === 'postgres', (query) => (skipLocked ? query.forUpdate().skipLocked() : query.forUpdate()))
    .executeTakeFirst();
  return row !== undefined;
}

export function skillsOfVolunteer(db: Db, volunteerId: number) {
  return db
    .selectFrom('volunteer_skills')
    .innerJoin('skills', 'skills.id', 'volunteer_skills.skill_id')
    .select([
      'skills.id',
      'skills.name',
      'skills.category',
      'volunteer_skills.proficiency_level',
      'volunteer_skills.years_of_experience',
      'volunteer_skills.source',
      'volunteer_skills.evidence',
    ])
    .where('volunteer_skills.volunteer_id', '=', volunteerId)
    .orderBy('skills.name')
    .orderBy('skills.id')
    .execute();
}
export type VolunteerSkillRow = Awaited<ReturnType<typeof skillsOfVolunteer>>[number];

/** The profile's statistics in one round trip, each part an indexed lookup by volunteer. */
export function statisticsOfVolunteer(db: Db, volunteerId: number) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('assignments')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('volunteer_id', '=', volunteerId)
        .where('status', '=', ASSIGNMENT_TRANSITIONS.complete.to)
        .as('tasks_completed'),
      eb
        .selectFrom('assignments')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('actual_hours'), inner.lit(0)).as('hours'))
        .where('volunteer_id', '=', volunteerId)
        .where('status', '=', ASSIGNMENT_TRANSITIONS.complete.to)
        .as('hours_contributed'),
      eb
        .selectFrom('assignments')
        .select('id')
        .where('volunteer_id', '=', volunteerId)
        .where('status', 'in', [...ACTIVE_STATUSES])
        .limit(1)
        .as('active_assignment_id'),
      eb
        .selectFrom('ideas')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('volunteer_id', '=', volunteerId)
        .as('ideas_submitted'),
    ])
    .executeTakeFirstOrThrow();
}
export type VolunteerStatisticsRow = Awaited<ReturnType<typeof statisticsOfVolunteer>>;

/** Adds awarded points to the contributor's running total (`reputation_score`, the sum of their reputation events). */
export async function addToReputationScore(db: Db, volunteerId: number, points: number): Promise<void> {
  await db
    .updateTable('volunteers')
    .set((eb) => ({ reputation_score: eb('reputation_score', '+', points) }))
    .where('id', '=', volunteerId)
    .execute();
}
