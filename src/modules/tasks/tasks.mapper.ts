import { parseJson } from '../../shared/json.ts';
import type { TaskWithContextRow } from './tasks.repository.ts';
import type { Task } from './tasks.schemas.ts';

export function toTask(row: TaskWithContextRow): Task {
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    workstream_id: row.workstream_id,
    title: row.title,
    description: row.description,
    required_skills: parseJson<string[]>(row.required_skills, []),
    required_skill_reasons: parseJson<{ name: string; reason: string }[]>(row.skill_reasons, []),
    source: row.source,
    required_experience_level: row.required_experience_level,
    expected_output: row.expected_output,
    acceptance_criteria: parseJson<string[]>(row.acceptance_criteria, []),
    estimated_hours: row.estimated_hours,
    complexity_score: row.complexity_score,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    challenge: { id: row.challenge_id, title: row.challenge_title, status: row.challenge_status },
    workstream:
      row.workstream_id === null || row.workstream_title === null
        ? null
        : { id: row.workstream_id, title: row.workstream_title },
  };
}
