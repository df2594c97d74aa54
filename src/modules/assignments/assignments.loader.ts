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
  const submissions = await withAttachments(db, await selectLatestSubmissions(db, assignmentIds));
  return new Map(submissions.map((submission) => [submission.assignment_id, submission]));
}

type SubmissionRow = Omit<SubmissionRowWithAttachments, 'attachments'>;

/** Submissions in their response shape, in their order, each with its attachments (one query for all of them). */
export async function withAttachments(
  db: Db,
  submissions: readonly SubmissionRow[],
): Promise<SubmissionRowWithAttachments[]> {
  const result = submissions.map((submission): SubmissionRowWithAttachments => ({ ...submission, attachments: [] }));
  if (result.length === 0) return result;
  const bySubmission = new Map(result.map((submission) => [submission.id, submission]));
  const attachments = await selectAttachments(db, [...bySubmission.keys()]);
  for (const { submission_id, ...attachment } of attachments) {
    bySubmission.get(submission_id)?.attachments.push(attachment);
  }
  return result;
}
