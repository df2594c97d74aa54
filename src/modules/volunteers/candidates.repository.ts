import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../shared/chunks.ts';
import { ACTIVE_STATUSES } from '../assignments/assignments.state.ts';

/**
 * What matching reads of contributors (read-only; the pipeline folds these rows into its candidates): one row per
 * (contributor, counted skill) with the contributor's facts and the task they hold.
 */
export type CandidateSkillRow = {
  volunteer_id: number;
  skill_id: number;
  proficiency_level: string;
  evidence: string | null;
  user_id: number;
  experience_level: string | null;
  /** The fields of work the CV analysis placed them in, as stored (a JSON array of names). */
  professional_domains: string;
  availability_hours_per_week: number;
  reputation_score: number;
  /** The assignment that occupies the contributor (`ACTIVE_STATUSES`), or null. */
  held_assignment_id: number | null;
  /** That assignment's task estimate, or null (no held task, or a task without an estimate). */
  held_task_estimate: number | null;
};

/**
 * Skill rows of active accounts, one per (contributor, skill), joined to the contributor's facts. The task a
 * contributor holds (`ACTIVE_STATUSES`: accepted, in progress or submitted; an invitation is an offer and takes no
 * time) comes with them through a left join: the partial unique index `assignments_one_active_per_volunteer` allows at
 * most one such assignment per contributor, so the join never multiplies rows, and it is found by key rather than by
 * aggregating every assignment on the platform.
 */
function activeSkillJoins(db: Db) {
  return db
    .selectFrom('volunteer_skills')
    .innerJoin('volunteers', 'volunteers.id', 'volunteer_skills.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .leftJoin('assignments as held', (join) =>
      join.onRef('held.volunteer_id', '=', 'volunteers.id').on('held.status', 'in', [...ACTIVE_STATUSES]),
    )
    .leftJoin('tasks as held_task', 'held_task.id', 'held.task_id')
    .where('users.is_active', '=', 1);
}

/** The columns of a `CandidateSkillRow` but the evidence. */
const SKILL_ROW_FACTS = [
  'volunteer_skills.volunteer_id',
  'volunteer_skills.skill_id',
  'volunteer_skills.proficiency_level',
  'volunteers.user_id',
  'volunteers.experience_level',
  'volunteers.professional_domains',
  'volunteers.availability_hours_per_week',
  'volunteers.reputation_score',
  'held.id as held_assignment_id',
  'held_task.estimated_hours as held_task_estimate',
] as const;

/** `activeSkillJoins` as `CandidateSkillRow`s. */
function activeSkillRows(db: Db) {
  return activeSkillJoins(db).select([...SKILL_ROW_FACTS, 'volunteer_skills.evidence']);
}

/** A skill row counts for matching when it was added by hand or read from a CV whose analysis passed validation. */
function countsForMatching(eb: ExpressionBuilder<Database, 'volunteer_skills' | 'volunteers'>) {
  return eb.or([eb('volunteer_skills.source', '=', 'manual'), eb('volunteers.validation_status', '=', 'passed')]);
}

/** Skill rows that count for matching (`countsForMatching`) among those of `activeSkillRows`. */
function countedSkillRows(db: Db) {
  return activeSkillRows(db).where(countsForMatching);
}

/** A candidate's row for one of a task's skills: a `CandidateSkillRow` without the CV excerpt. */
export type TaskCandidateRow = Omit<CandidateSkillRow, 'evidence'>;

/** What a task asks of its candidates: its id, the skill ids that satisfy it, and the weekly hours it needs. */
export type CandidateSearch = { taskId: number; skillIds: readonly number[]; minimumWeeklyHours: number };

/**
 * The candidates' skill rows for a task, in one query: contributors holding at least one of `skillIds`, found through
 * `volunteer_skills_skill_id` (never a scan of every contributor), without any assignment on the task, and with at
 * least the weekly hours it needs before their own load is subtracted (a cheap bound that prunes early; the exact
 * check is in matching's scoring). Without the CV excerpts: only the few candidates matching ranks high enough need
 * them (`findCandidateSkillRows`), and reading them for tens of thousands of rows was a good part of the query's cost.
 * Exported as a builder too, so a test can read its plan.
 */
export function taskCandidatesQuery(db: Db, search: CandidateSearch) {
  return (
    activeSkillJoins(db)
      .select(SKILL_ROW_FACTS)
      .where(countsForMatching)
      .where('volunteer_skills.skill_id', 'in', [...search.skillIds])
      // Availability is a whole number of hours, so the bound is rounded up; an integer parameter also keeps
      // PostgreSQL from reading "3.5" as the integer the column's type suggests.
      .where('volunteers.availability_hours_per_week', '>=', Math.ceil(search.minimumWeeklyHours))
      // The task's few assignees, read once (a hashed subplan / a bloom filter), not probed per candidate row.
      .where(
        'volunteer_skills.volunteer_id',
        'not in',
        db
          .selectFrom('assignments')
          .select('assignments.volunteer_id')
          .where('assignments.task_id', '=', search.taskId),
      )
  );
}

export async function findTaskCandidateRows(db: Db, search: CandidateSearch): Promise<TaskCandidateRow[]> {
  if (search.skillIds.length === 0) return [];
  return taskCandidatesQuery(db, search).execute();
}

/** Contributors per query when reading candidates' skills. */
const CANDIDATE_BATCH = 1000;

/**
 * Every counted skill row of the given contributors (found by `taskCandidatesQuery`), with its CV excerpt: their
 * neighbouring skills, which raise a score, and the evidence of their holds. Read by contributor (the unique
 * `(volunteer_id, skill_id)` index), a few rows each: the neighbours of a field of work can be most of the skills
 * the platform's people hold, so reading them by skill visited every holder of every neighbour (about 0.4 s a task at
 * 100,000 contributors) to keep the candidates' rows.
 */
export async function findCandidateSkillRows(
  db: Db,
  candidateIds: readonly number[],
): Promise<Pick<CandidateSkillRow, 'volunteer_id' | 'skill_id' | 'proficiency_level' | 'evidence'>[]> {
  const rows: Pick<CandidateSkillRow, 'volunteer_id' | 'skill_id' | 'proficiency_level' | 'evidence'>[] = [];
  for (const batch of chunks(candidateIds, CANDIDATE_BATCH)) {
    const held = await db
      .selectFrom('volunteer_skills')
      .innerJoin('volunteers', 'volunteers.id', 'volunteer_skills.volunteer_id')
      .where('volunteer_skills.volunteer_id', 'in', [...batch])
      .where(countsForMatching)
      .select([
        'volunteer_skills.volunteer_id',
        'volunteer_skills.skill_id',
        'volunteer_skills.proficiency_level',
        'volunteer_skills.evidence',
      ])
      .execute();
    rows.push(...held);
  }
  return rows;
}

/** One contributor's counted skill rows: none when they have no counted skill or their account is not active. */
export function findVolunteerCandidateRows(db: Db, volunteerId: number): Promise<CandidateSkillRow[]> {
  return countedSkillRows(db).where('volunteer_skills.volunteer_id', '=', volunteerId).execute();
}

/**
 * One contributor's skill rows that do not count yet: read from a CV whose analysis has not passed validation (low
 * confidence: `needs_review`, or not checked at all). A company looking at someone who applied or was invited sees
 * them as listed but not yet checked; matching never reads them.
 */
export function findVolunteerUncheckedSkillRows(db: Db, volunteerId: number): Promise<CandidateSkillRow[]> {
  return activeSkillRows(db)
    .where('volunteer_skills.volunteer_id', '=', volunteerId)
    .where('volunteer_skills.source', '=', 'cv_analysis')
    .where('volunteers.validation_status', '!=', 'passed')
    .execute();
}

/**
 * One contributor's facts without their skills (active account or not, so the caller can tell): what a company's
 * invitation scores when the contributor holds none of the task's skills, with the task they hold as above.
 */
export function findVolunteerFactsRow(db: Db, volunteerId: number) {
  return db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .leftJoin('assignments as held', (join) =>
      join.onRef('held.volunteer_id', '=', 'volunteers.id').on('held.status', 'in', [...ACTIVE_STATUSES]),
    )
    .leftJoin('tasks as held_task', 'held_task.id', 'held.task_id')
    .select([
      'volunteers.id as volunteer_id',
      'volunteers.user_id',
      'users.name',
      'users.is_active',
      'volunteers.experience_level',
      'volunteers.availability_hours_per_week',
      'volunteers.reputation_score',
      'held.id as held_assignment_id',
      'held_task.estimated_hours as held_task_estimate',
    ])
    .where('volunteers.id', '=', volunteerId)
    .executeTakeFirst();
}
