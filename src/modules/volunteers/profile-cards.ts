import type { Db } from '../../db/database.ts';
import { type CardRow, selectCardRows, selectCompletedTasks } from './people.repository.ts';
import { workExperienceOf } from './volunteers.mapper.ts';
import type { CardSkill, VolunteerCard } from './volunteers.schemas.ts';

/** How many completed tasks a card lists (the full profile lists them all). */
const CARD_COMPLETED_TASKS = 3;

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A contributor in one line: their latest job as the CV analysis read it ("Structural engineer at Arup"), else their
 * experience level and field ("Senior, Civil engineering"), else their field. Guild keeps no headline of its own:
 * this is what a company scanning cards needs and the CV already says.
 */
export function headlineOf(row: Pick<CardRow, 'work_experience' | 'experience_level' | 'field'>): string {
  const latest = workExperienceOf(row).find((job) => job.job_title);
  if (latest?.job_title) return latest.company ? `${latest.job_title} at ${latest.company}` : latest.job_title;
  return row.experience_level ? `${capitalised(row.experience_level)}, ${row.field}` : row.field;
}

export type CompletedTaskItem = VolunteerCard['completed_tasks'][number];

/** Each contributor's completed tasks on Guild, newest first. */
export async function completedTasksOf(db: Db, volunteerIds: readonly number[]) {
  const byVolunteer = new Map<number, CompletedTaskItem[]>();
  if (volunteerIds.length === 0) return byVolunteer;
  for (const { volunteer_id, ...task } of await selectCompletedTasks(db, volunteerIds)) {
    const list = byVolunteer.get(volunteer_id) ?? [];
    list.push(task);
    byVolunteer.set(volunteer_id, list);
  }
  return byVolunteer;
}

/**
 * Profile cards of contributors, keyed by profile id (unknown ids are absent), in two queries whatever the number; `skills` gives each card the skills relevant to what the reader is looking at.
 */
export async function loadProfileCards(
  db: Db,
  volunteerIds: readonly number[],
  skills: (volunteerId: number) => CardSkill[],
): Promise<Map<number, VolunteerCard>> {
  const cards = new Map<number, VolunteerCard>();
  const ids = [...new Set(volunteerIds)];
  if (ids.length === 0) return cards;
  const [rows, completed] = await Promise.all([selectCardRows(db, ids), completedTasksOf(db, ids)]);
  for (const row of rows) {
    const done = completed.get(row.id) ?? [];
    cards.set(row.id, {
      id: row.id,
      name: row.name,
      headline: headlineOf(row),
      field: row.field,
      experience_level: row.experience_level,
      availability_hours_per_week: row.availability_hours_per_week,
      reputation_score: row.reputation_score,
      skills: skills(row.id),
      tasks_completed: done.length,
      completed_tasks: done.slice(0, CARD_COMPLETED_TASKS),
    });
  }
  return cards;
}
