import type { AssignmentRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Assignment } from './assignments.schemas.ts';

/**
 * An assignment row with the few task and volunteer columns its response embeds and its latest submission's columns
 * (`latest_*`, all null when it has none; see `selectAssignmentRows`).
 */
export type AssignmentWithRelations = AssignmentRow & {
  task_title: string;
  task_challenge_id: number;
  task_estimated_hours: number | null;
  volunteer_name: string;
  volunteer_reputation_score: number;
  latest_id: number | null;
  latest_description: string | null;
  latest_deliverable_url: string | null;
  latest_hours_worked: number | null;
  latest_status: string | null;
  latest_review_note: string | null;
  latest_created_at: string | null;
  latest_reviewed_at: string | null;
};

type Attachment = SubmissionRowWithAttachments['attachments'][number];

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

/** The assignment's latest submission as its row carries it, with that submission's attachments; null when none. */
function latestSubmissionOf(
  row: AssignmentWithRelations,
  attachments: Attachment[],
): SubmissionRowWithAttachments | null {
  if (row.latest_id === null) return null;
  return {
    id: row.latest_id,
    assignment_id: row.id,
    description: row.latest_description as string,
    deliverable_url: row.latest_deliverable_url,
    hours_worked: row.latest_hours_worked as number,
    status: row.latest_status as string,
    review_note: row.latest_review_note,
    created_at: row.latest_created_at as string,
    reviewed_at: row.latest_reviewed_at,
    attachments,
  };
}

/** `attachments`: those of the latest submission (none when it has none or there is no submission). */
export function toAssignment(row: AssignmentWithRelations, attachments: Attachment[]): Assignment {
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
    latest_submission: latestSubmissionOf(row, attachments),
  };
}
