import type { Db } from '../../db/database.ts';
import { type SubmissionRowWithAttachments, toAssignment } from './assignments.mapper.ts';
import { selectAssignmentRows, selectAttachments, selectLatestSubmissions } from './assignments.repository.ts';
import type { Assignment } from './assignments.schemas.ts';

/**
 * Assignments in their response shape, keyed by id, in at most three queries whatever the number of ids
 * (assignments with task and volunteer; latest submissions; their attachments). Ids that name nothing are absent
 * from the map. Callers decide who may see what; this only loads.
 */
export async function loadAssignmentsByIds(db: Db, ids: number[]): Promise<Map<number, Assignment>> {
  const result = new Map<number, Assignment>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;

  const rows = await selectAssignmentRows(db, unique);
  if (rows.length === 0) return result;
  const latest = await loadLatestSubmissions(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) result.set(row.id, toAssignment(row, latest.get(row.id) ?? null));
  return result;
}

/** The latest submission of each assignment with its attachments, keyed by assignment id. */
async function loadLatestSubmissions(
  db: Db,
  assignmentIds: number[],
): Promise<Map<number, SubmissionRowWithAttachments>> {
  const submissions = await selectLatestSubmissions(db, assignmentIds);
  const byAssignment = new Map<number, SubmissionRowWithAttachments>();
  if (submissions.length === 0) return byAssignment;

  const bySubmission = new Map<number, SubmissionRowWithAttachments>();
  for (const submission of submissions) {
    const withAttachments = { ...submission, attachments: [] };
    byAssignment.set(submission.assignment_id, withAttachments);
    bySubmission.set(submission.id, withAttachments);
  }
  const attachments = await selectAttachments(db, [...bySubmission.keys()]);
  for (const { submission_id, ...attachment } of attachments) {
    bySubmission.get(submission_id)?.attachments.push(attachment);
  }
  return byAssignment;
}
