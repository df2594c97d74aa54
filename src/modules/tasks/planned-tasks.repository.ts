import type { Db } from '../../db/database.ts';
import { addTaskToFeeds } from './task-fit.repository.ts';
import { TASK_TRANSITIONS } from './tasks.state.ts';

export type NewPlannedTask = {
  title: string;
  description: string;
  /** The brief's excerpt the task comes from. */
  source: string;
  /**
   * Each skill with why the task needs it and whether it is core (unset: core); the names are stored as
   * `required_skills`, the notes as `skill_reasons`, the core flag also with the ids in `task_skills`.
   */
  required_skills: { name: string; reason: string; core?: boolean }[];
  required_experience_level: string;
  expected_output: string;
  acceptance_criteria: string[];
  estimated_hours: number;
  complexity_score: number;
  skillIds: number[];
  /** Those of `skillIds` that are supporting skills only (`core: false`). */
  supportingSkillIds?: number[];
};

/**
 * A `pending` task with its source, its skills' reasons, and its skills resolved to taxonomy ids (for matching). It is
 * offered at once in the feeds of the contributors sharing a skill with it, if its challenge is open.
 */
export async function insertPlannedTask(
  db: Db,
  challengeId: number,
  workstreamId: number,
  task: NewPlannedTask,
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('tasks')
    .values({
      challenge_id: challengeId,
      workstream_id: workstreamId,
      title: task.title,
      description: task.description,
      source: task.source,
      required_skills: JSON.stringify(task.required_skills.map((skill) => skill.name)),
      skill_reasons: JSON.stringify(task.required_skills),
      required_experience_level: task.required_experience_level,
      expected_output: task.expected_output,
      acceptance_criteria: JSON.stringify(task.acceptance_criteria),
      estimated_hours: task.estimated_hours,
      complexity_score: task.complexity_score,
      status: TASK_TRANSITIONS.plan.to,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (task.skillIds.length > 0) {
    await db
      .insertInto('task_skills')
      .values(
        task.skillIds.map((skillId) => ({
          task_id: id,
          skill_id: skillId,
          core: task.supportingSkillIds?.includes(skillId) ? 0 : 1,
        })),
      )
      .execute();
    await addTaskToFeeds(db, id);
  }
  return id;
}
