import { parseJson } from '../../shared/json.ts';
import type { TaskWithContextRow } from './tasks.repository.ts';
import type { Task } from './tasks.schemas.ts';

/**
 * What `skill_reasons` keeps of each required skill: why the task needs it and, once the company set one, the level it
 * is required at, and whether the plan made it core (task_skills.level and task_skills.core hold the same for
 * matching; a note without `core` is core).
 */
export type SkillNote = { name: string; reason: string; level?: string | null; core?: boolean };

export function toTask(row: TaskWithContextRow): Task {
  const requiredSkills = parseJson<string[]>(row.required_skills, []);
  const skillNotes = parseJson<SkillNote[]>(row.skill_reasons, []);
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    workstream_id: row.workstream_id,
    title: row.title,
    description: row.description,
    required_skills: requiredSkills,
    required_skill_reasons: skillNotes.map(({ name, reason, core }) => ({ name, reason, core: core !== false })),
    required_skill_levels: requiredSkills.map((name) => ({
      name,
      level: skillNotes.find((note) => note.name === name)?.level ?? null,
    })),
    source: row.source,
    required_experience_level: row.required_experience_level,
    expected_output: row.expected_output,
    acceptance_criteria: parseJson<string[]>(row.acceptance_criteria, []),
    estimated_hours: row.estimated_hours,
    complexity_score: row.complexity_score,
    status: row.status,
    position: row.position,
    origin: row.origin,
    company_edited_at: row.company_edited_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    challenge: { id: row.challenge_id, title: row.challenge_title, status: row.challenge_status },
    workstream:
      row.workstream_id === null || row.workstream_title === null
        ? null
        : { id: row.workstream_id, title: row.workstream_title },
  };
}
