import type { Selectable } from 'kysely';
import type { ChallengeAnalysesTable, WorkstreamsTable } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import { logoUrlOf } from '../files/logo-files.ts';
import type { Task } from '../tasks/tasks.schemas.ts';
import { ideasOpen } from './challenge-contest.ts';
import type { ChallengeWithCompanyRow } from './challenges.repository.ts';
import type { Analysis, Challenge, ChallengeChange, Workstream } from './challenges.schemas.ts';

export function toChallenge(row: ChallengeWithCompanyRow): Challenge {
  return {
    id: row.id,
    company_id: row.company_id,
    title: row.title,
    description: row.description,
    refined_brief: row.refined_brief,
    field: row.field,
    score: row.score,
    complexity_level: row.complexity_level,
    challenge_type: row.challenge_type,
    status: row.status,
    ai_analysis_status: row.ai_analysis_status,
    ai_analysis_step: row.ai_analysis_step,
    rejection_reason: row.rejection_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    company: {
      id: row.company_id,
      company_name: row.company_name,
      logo_url: logoUrlOf(row.company_logo_storage_key),
    },
    deadline: row.deadline,
    prize: row.prize,
    judging_criteria: row.judging_criteria,
    public: row.is_public === 1,
    ideas_open: ideasOpen(row, new Date()),
    winners_announced_at: row.winners_announced_at,
  };
}

const stringList = (text: string) => parseJson<string[]>(text, []);

export function toAnalysis(row: Selectable<ChallengeAnalysesTable>): Analysis {
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    stage: row.stage,
    summary: row.summary,
    objectives: stringList(row.objectives),
    constraints: stringList(row.constraints),
    success_criteria: stringList(row.success_criteria),
    stakeholders: stringList(row.stakeholders),
    risks: stringList(row.risks),
    recommended_approach: row.recommended_approach,
    confidence_score: row.confidence_score,
    provider: row.provider,
    model: row.model,
    created_at: row.created_at,
  };
}

/** Each workstream with its own tasks, taken from the challenge's task list. */
export function toWorkstreams(rows: Selectable<WorkstreamsTable>[], tasks: Task[]): Workstream[] {
  return rows.map((row) => ({
    id: row.id,
    challenge_id: row.challenge_id,
    title: row.title,
    description: row.description,
    position: row.position,
    status: row.status,
    origin: row.origin,
    company_edited_at: row.company_edited_at,
    tasks: tasksInOrder(tasks.filter((task) => task.workstream_id === row.id)),
  }));
}

/** A workstream's tasks as the company ordered them: by position, then id (planned tasks all start at 0). */
function tasksInOrder(tasks: Task[]): Task[] {
  return tasks.sort((a, b) => a.position - b.position || a.id - b.id);
}

type ChangeRow = Omit<ChallengeChange, 'details' | 'user'> & {
  details: string;
  user_id: number | null;
  user_name: string | null;
};

export function toChallengeChange(row: ChangeRow): ChallengeChange {
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    action: row.action,
    workstream_id: row.workstream_id,
    task_id: row.task_id,
    summary: row.summary,
    details: parseJson<Record<string, unknown>>(row.details, {}),
    user: row.user_id === null || row.user_name === null ? null : { id: row.user_id, name: row.user_name },
    created_at: row.created_at,
  };
}
