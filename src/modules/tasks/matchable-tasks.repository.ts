import type { Db } from '../../db/database.ts';
import { OPEN_INVITATION_STATUSES } from '../assignments/assignments.state.ts';
import type { ChallengeStatus } from '../challenges/challenges.state.ts';
import { openTaskWithoutAssignmentCondition } from './tasks.repository.ts';
import type { TaskStatus } from './tasks.state.ts';

/**
 * What matching reads of tasks (read-only; the pipeline turns these rows into its own types). Kept apart from
 * `tasks.repository.ts`, which serves the API's task responses.
 */

/** A skill a task requires, with the least proficiency the company asked for (null: the task's level decides). */
export type TaskSkillRow = { id: number; name: string; category: string | null; level: string | null; core: boolean };

/** A task with its challenge's status and title and its required skills (by name). */
export type MatchableTaskRow = {
  id: number;
  challenge_id: number;
  title: string;
  status: TaskStatus;
  estimated_hours: number | null;
  required_experience_level: string | null;
  challenge_status: ChallengeStatus;
  challenge_title: string;
  skills: TaskSkillRow[];
};

/** Tasks by id (in id order) with their challenge and required skills: two queries whatever the number of tasks. */
export async function findMatchableTaskRows(db: Db, taskIds: readonly number[]): Promise<MatchableTaskRow[]> {
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
      .select([
        'task_skills.task_id',
        'skills.id',
        'skills.name',
        'skills.category',
        'task_skills.level',
        'task_skills.core',
      ])
      .where('task_skills.task_id', 'in', [...taskIds])
      .orderBy('skills.name')
      .execute(),
  ]);
  const skillsByTask = new Map<number, TaskSkillRow[]>();
  for (const { task_id, id, name, category, level, core } of skills) {
    const list = skillsByTask.get(task_id) ?? [];
    list.push({ id, name, category, level, core: core !== 0 });
    skillsByTask.set(task_id, list);
  }
  return tasks.map((task) => ({ ...task, skills: skillsByTask.get(task.id) ?? [] }));
}

/**
 * Open tasks (in id order) that require one of `skillIds`, on which the contributor has no assignment, and which hold
 * fewer than `invitationsPerTask` open invitations: the tasks a newly analysed CV may earn an invitation to.
 */
export async function findOpenTaskIdsSharingSkills(
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
          .where('assignments.status', 'in', [...OPEN_INVITATION_STATUSES]),
      '<',
      invitationsPerTask,
    )
    .orderBy('tasks.id')
    .execute();
  return rows.map((row) => row.id);
}
