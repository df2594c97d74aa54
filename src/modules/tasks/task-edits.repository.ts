import type { Db } from '../../db/database.ts';
import { renumberedFor } from '../../shared/positions.ts';
import { ACTIVE_STATUSES } from '../assignments/assignments.state.ts';
import { replaceTaskInFeeds } from './task-fit.repository.ts';
import type { SkillNote } from './tasks.mapper.ts';
import { TASK_TRANSITIONS } from './tasks.state.ts';

/**
 * The company's writes on the tasks of its challenge (issue 12, item 1; docs/api.md, "Correcting the analysis"). Each
 * keeps `task_fit` (task-fit.repository.ts) in the same transaction: a task's skills decide whose feed offers it.
 */

/** A required skill as the company set it: the taxonomy id matching uses, and the note the task response shows. */
export type TaskSkill = SkillNote & { skillId: number };

export type TaskFields = {
  title: string;
  description: string | null;
  required_experience_level: string | null;
  expected_output: string | null;
  acceptance_criteria: string[];
  estimated_hours: number | null;
  complexity_score: number | null;
};

/** A task the company adds: `pending`, without a brief excerpt (`source`), offered at once to those who fit. */
export async function insertCompanyTask(
  db: Db,
  placement: { challengeId: number; workstreamId: number },
  fields: TaskFields,
  skills: readonly TaskSkill[],
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('tasks')
    .values({
      challenge_id: placement.challengeId,
      workstream_id: placement.workstreamId,
      ...fields,
      acceptance_criteria: JSON.stringify(fields.acceptance_criteria),
      required_skills: '[]',
      source: null,
      status: TASK_TRANSITIONS.plan.to,
      origin: 'company',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTaskSkills(db, id, skills);
  return id;
}

/** Changes the given fields and marks the task as changed by the company. */
export async function updateTaskFields(
  db: Db,
  id: number,
  fields: Partial<TaskFields> & { workstream_id?: number },
  now: string,
): Promise<void> {
  const { acceptance_criteria, ...rest } = fields;
  await db
    .updateTable('tasks')
    .set({
      ...rest,
      ...(acceptance_criteria !== undefined ? { acceptance_criteria: JSON.stringify(acceptance_criteria) } : {}),
      company_edited_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces the task's required skills: the names and notes it shows (`required_skills`, `skill_reasons`) and the ids,
 * levels and core flags matching reads (`task_skills`). The task then leaves every feed and is offered again to whoever shares
 * one of its new skills, if it is still open.
 */
export async function setTaskSkills(db: Db, taskId: number, skills: readonly TaskSkill[]): Promise<void> {
  await db
    .updateTable('tasks')
    .set({
      required_skills: JSON.stringify(skills.map((skill) => skill.name)),
      skill_reasons: JSON.stringify(
        skills.map(({ name, reason, level, core }) => ({ name, reason, level, core: core !== false })),
      ),
    })
    .where('id', '=', taskId)
    .execute();
  await db.deleteFrom('task_skills').where('task_id', '=', taskId).execute();
  if (skills.length > 0) {
    await db
      .insertInto('task_skills')
      .values(
        skills.map((skill) => ({
          task_id: taskId,
          skill_id: skill.skillId,
          level: skill.level ?? null,
          core: skill.core === false ? 0 : 1,
        })),
      )
      .execute();
  }
  await replaceTaskInFeeds(db, taskId);
}

/**
 * Puts the task at `position` (1 = first; past the end = last) in its workstream and numbers the workstream's tasks
 * 1, 2, … in their new order. Only rows whose number changes are written.
 */
export async function placeTask(db: Db, workstreamId: number, taskId: number, position: number): Promise<void> {
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'position'])
    .where('workstream_id', '=', workstreamId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const moved of renumberedFor(rows, taskId, position)) {
    await db.updateTable('tasks').set({ position: moved.position }).where('id', '=', moved.id).execute();
  }
}

/** How many tasks the workstream holds: where a task added without a position goes. */
export async function countWorkstreamTasks(db: Db, workstreamId: number): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workstream_id', '=', workstreamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether an assignment on the task is accepted, in progress or submitted: work under way. */
export async function taskHasActiveAssignment(db: Db, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('task_id', '=', taskId)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of a workstream's tasks, in its order. */
export async function workstreamTaskIds(db: Db, workstreamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('workstream_id', '=', workstreamId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the task with what hangs on it (skills, feed rows, and its assignments: by then only declined or withdrawn
 * ones, which the caller checked).
 */
export async function deleteTask(db: Db, taskId: number): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', taskId).execute();
}
