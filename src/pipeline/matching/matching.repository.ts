import type { Db } from '../../db/database.ts';
import { ACTIVE_STATUSES } from '../../modules/assignments/assignments.state.ts';
import { openTaskWithoutAssignmentCondition } from '../../modules/tasks/tasks.repository.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES } from '../../modules/tasks/tasks.state.ts';
import { DEFAULT_TASK_HOURS } from './policy.ts';
import type { Candidate, RequiredSkill, TaskNeeds } from './scoring.ts';

/** A task as matching reads it, with what decides whether it still looks for people. */
export type MatchableTask = TaskNeeds & { status: string; challengeStatus: string; challengeTitle: string };

export function isOpenForMatching(task: MatchableTask): boolean {
  return (
    (OPEN_TASK_STATUSES as readonly string[]).includes(task.status) &&
    (OPEN_CHALLENGE_STATUSES as readonly string[]).includes(task.challengeStatus)
  );
}

/** Tasks by id with their challenge and required skills: two queries whatever the number of tasks. */
export async function findMatchableTasks(db: Db, taskIds: readonly number[]): Promise<MatchableTask[]> {
  if (taskIds.length === 0) return [];
  const [tasks, skills] = await Promise.all([
    db
      .selectFrom('tasks')
      .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
      .select([
        'tasks.id',
        'tasks.challenge_id',
        'tasks.title',
        'tasks.status',
        'tasks.estimated_hours',
        'tasks.required_experience_level',
        'challenges.status as challenge_status',
        'challenges.title as challenge_title',
      ])
      .where('tasks.id', 'in', [...taskIds])
      .orderBy('tasks.id')
      .execute(),
    db
      .selectFrom('task_skills')
      .innerJoin('skills', 'skills.id', 'task_skills.skill_id')
      .select(['task_skills.task_id', 'skills.id', 'skills.name', 'skills.category'])
      .where('task_skills.task_id', 'in', [...taskIds])
      .orderBy('skills.name')
      .execute(),
  ]);
  const skillsByTask = new Map<number, RequiredSkill[]>();
  for (const { task_id, id, name, category } of skills) {
    const list = skillsByTask.get(task_id) ?? [];
    list.push({ id, name, category });
    skillsByTask.set(task_id, list);
  }
  return tasks.map((task) => ({
    id: task.id,
    challengeId: task.challenge_id,
    title: task.title,
    status: task.status,
    estimatedHours: task.estimated_hours,
    requiredExperienceLevel: task.required_experience_level,
    challengeStatus: task.challenge_status,
    challengeTitle: task.challenge_title,
    skills: skillsByTask.get(task.id) ?? [],
  }));
}

export async function countOpenInvitations(db: Db, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('task_id', '=', taskId)
    .where('status', '=', 'invited')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Skill rows that count for matching, one per (contributor, skill), with the contributor's facts: the account is
 * active, and the skill was added by hand or comes from a CV analysis that passed validation. The task a contributor
 * holds (`ACTIVE_STATUSES`: accepted, in progress or submitted; an invitation is an offer and takes no time) comes
 * with them through a left join: the partial unique index `assignments_one_active_per_volunteer` allows at most one
 * such assignment per contributor, so the join never multiplies rows, and it is found by key rather than by
 * aggregating every assignment on the platform.
 */
function countedSkillRows(db: Db) {
  return db
    .selectFrom('volunteer_skills')
    .innerJoin('volunteers', 'volunteers.id', 'volunteer_skills.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .leftJoin('assignments as held', (join) =>
      join.onRef('held.volunteer_id', '=', 'volunteers.id').on('held.status', 'in', [...ACTIVE_STATUSES]),
    )
    .leftJoin('tasks as held_task', 'held_task.id', 'held.task_id')
    .where('users.is_active', '=', 1)
    .where((eb) =>
      eb.or([eb('volunteer_skills.source', '=', 'manual'), eb('volunteers.validation_status', '=', 'passed')]),
    )
    .select([
      'volunteer_skills.volunteer_id',
      'volunteer_skills.skill_id',
      'volunteer_skills.proficiency_level',
      'volunteer_skills.evidence',
      'volunteers.user_id',
      'volunteers.experience_level',
      'volunteers.availability_hours_per_week',
      'volunteers.reputation_score',
      'held.id as held_assignment_id',
      'held_task.estimated_hours as held_task_estimate',
    ]);
}

type CandidateRow = Awaited<ReturnType<ReturnType<typeof countedSkillRows>['execute']>>[number];

/** Folds skill rows into one candidate per contributor, in the order the rows first name them. */
function toCandidates(rows: CandidateRow[]): Candidate[] {
  const byVolunteer = new Map<number, Candidate & { skills: Map<number, string>; evidence: Map<number, string> }>();
  for (const row of rows) {
    let candidate = byVolunteer.get(row.volunteer_id);
    if (!candidate) {
      candidate = {
        volunteerId: row.volunteer_id,
        userId: row.user_id,
        experienceLevel: row.experience_level,
        availabilityHours: row.availability_hours_per_week,
        heldTaskHours: row.held_assignment_id === null ? 0 : (row.held_task_estimate ?? DEFAULT_TASK_HOURS),
        reputation: row.reputation_score,
        skills: new Map(),
        evidence: new Map(),
      };
      byVolunteer.set(row.volunteer_id, candidate);
    }
    candidate.skills.set(row.skill_id, row.proficiency_level);
    if (row.evidence) candidate.evidence.set(row.skill_id, row.evidence);
  }
  return [...byVolunteer.values()];
}

/** The ids of the task's skills and of the narrower skills that satisfy them. */
function satisfyingSkillIds(task: Pick<TaskNeeds, 'skills'>): number[] {
  const ids = task.skills.flatMap((skill) => [skill.id, ...(skill.narrower ?? []).map((narrower) => narrower.id)]);
  return [...new Set(ids)];
}

/**
 * The candidates for a task, in one query: contributors holding at least one of its skills (or a narrower one), found
 * through `volunteer_skills_skill_id` (never a scan of every contributor), without any assignment on the task, and
 * with at least the weekly hours it needs before their own load is subtracted (a cheap bound that prunes early; the
 * exact check is in scoring). Exported as a builder too, so a test can read its plan.
 */
export function taskCandidatesQuery(db: Db, task: Pick<TaskNeeds, 'id' | 'skills'>, minimumWeeklyHours: number) {
  return (
    countedSkillRows(db)
      .where('volunteer_skills.skill_id', 'in', satisfyingSkillIds(task))
      // Availability is a whole number of hours, so the bound is rounded up; an integer parameter also keeps
      // PostgreSQL from reading "3.5" as the integer the column's type suggests.
      .where('volunteers.availability_hours_per_week', '>=', Math.ceil(minimumWeeklyHours))
      // The task's few assignees, read once (a hashed subplan / a bloom filter), not probed per candidate row.
      .where(
        'volunteer_skills.volunteer_id',
        'not in',
        db.selectFrom('assignments').select('assignments.volunteer_id').where('assignments.task_id', '=', task.id),
      )
  );
}

export async function findTaskCandidates(
  db: Db,
  task: Pick<TaskNeeds, 'id' | 'skills'>,
  minimumWeeklyHours: number,
): Promise<Candidate[]> {
  if (task.skills.length === 0) return [];
  return toCandidates(await taskCandidatesQuery(db, task, minimumWeeklyHours).execute());
}

/** One contributor as a candidate (their counted skills), or null when they have none or are not active. */
export async function findVolunteerCandidate(db: Db, volunteerId: number): Promise<Candidate | null> {
  const rows = await countedSkillRows(db).where('volunteer_skills.volunteer_id', '=', volunteerId).execute();
  return toCandidates(rows)[0] ?? null;
}

/**
 * Open tasks that share a skill with the contributor, on which they have no assignment, and which hold fewer than
 * `invitationsPerTask` open invitations: the tasks a newly analysed CV may earn an invitation to.
 */
export async function findOpenTasksSharingSkills(
  db: Db,
  volunteerId: number,
  skillIds: readonly number[],
  invitationsPerTask: number,
): Promise<number[]> {
  if (skillIds.length === 0) return [];
  const rows = await db
    .selectFrom('task_skills')
    .innerJoin('tasks', 'tasks.id', 'task_skills.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .select('tasks.id')
    .distinct()
    .where('task_skills.skill_id', 'in', [...skillIds])
    .where((eb) => openTaskWithoutAssignmentCondition(eb, volunteerId))
    .where(
      (eb) =>
        eb
          .selectFrom('assignments')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('assignments.task_id', '=', 'tasks.id')
          .where('assignments.status', '=', 'invited'),
      '<',
      invitationsPerTask,
    )
    .orderBy('tasks.id')
    .execute();
  return rows.map((row) => row.id);
}
