import type { AssignmentRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Assignment } from './assignments.schemas.ts';

/** An assignment row with the few task and volunteer columns its response embeds (see `selectAssignmentRows`). */
export type AssignmentWithRelations = AssignmentRow & {
  task_title: string;
  task_challenge_id: number;
  task_estimated_hours: number | null;
  volunteer_name: string;
  volunteer_reputation_score: number;
};

export type SubmissionRowWithAttachments = {
  id: number;
  assignment_id: number;
  description: string;
  deliverable_url: string | null;
  hours_worked: number;
  status: string;
  review_note: string | null;
  created_at: string;
  reviewed_at: string | null;
  attachments: Array<{ id: number; file_name: string; size: number; content_type: string }>;
};

export function toAssignment(row: AssignmentWithRelations, latest: SubmissionRowWithAttachments | null): Assignment {
  return {
    id: row.id,
    task_id: row.task_id,
    volunteer_id: row.volunteer_id,
    status: row.status,
    match_score: row.match_score,
    match_reasoning: parseJson<Assignment['match_reasoning']>(row.match_reasoning, null),
    decline_reason: row.decline_reason,
    withdrawn_at: row.withdrawn_at,
    expires_at: row.expires_at,
    invited_by: row.invited_by,
    invitation_note: row.invitation_note,
    invited_at: row.invited_at,
    responded_at: row.responded_at,
    started_at: row.started_at,
    submitted_at: row.submitted_at,
    completed_at: row.completed_at,
    actual_hours: row.actual_hours,
    rating: row.rating,
    review_comment: row.review_comment,
    task: {
      id: row.task_id,
      title: row.task_title,
      challenge_id: row.task_challenge_id,
      estimated_hours: row.task_estimated_hours,
    },
    volunteer: { id: row.volunteer_id, name: row.volunteer_name, reputation_score: row.volunteer_reputation_score },
    latest_submission: latest,
  };
}
