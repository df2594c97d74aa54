import type { Db } from '../../db/database.ts';
import { type AssignmentWithRelations, type SubmissionRowWithAttachments, toAssignment } from './assignments.mapper.ts';
import { selectAssignmentRows, selectAttachments } from './assignments.repository.ts';
import type { Assignment } from './assignments.schemas.ts';

/**
 * Assignments in their response shape, keyed by id: one query whatever the number of ids (assignments with task,
 * volunteer and latest submission), and a second for the attachments only when a latest submission exists. Ids that
 * name nothing are absent from the map. Callers decide who may see what; this only loads.
 */
export async function loadAssignmentsByIds(db: Db, ids: number[]): Promise<Map<number, Assignment>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const assignments = await assignmentsFromRows(db, await selectAssignmentRows(db, unique));
  return new Map(assignments.map((assignment) => [assignment.id, assignment]));
}

/**
 * Assignments in their response shape from their rows (`selectAssignmentRows`, `volunteersAssignmentRows`), in the
 * rows' order: the attachments of their latest submissions in one more statement, only when one has a submission.
 */
export async function assignmentsFromRows(db: Db, rows: readonly AssignmentWithRelations[]): Promise<Assignment[]> {
  const submissionIds = rows.flatMap((row) => (row.latest_id === null ? [] : [row.latest_id]));
  const attachments = await attachmentsBySubmission(db, submissionIds);
  return rows.map((row) =>
    toAssignment(row, (row.latest_id === null ? undefined : attachments.get(row.latest_id)) ?? []),
  );
}

type Attachments = SubmissionRowWithAttachments['attachments'];

/** The attachments of each submission, in id order, keyed by submission id (no query for no submissions). */
async function attachmentsBySubmission(db: Db, submissionIds: number[]): Promise<Map<number, Attachments>> {
  const bySubmission = new Map<number, Attachments>();
  if (submissionIds.length === 0) return bySubmission;
  for (const { submission_id, ...attachment } of await selectAttachments(db, submissionIds)) {
    const list = bySubmission.get(submission_id);
    if (list) list.push(attachment);
    else bySubmission.set(submission_id, [attachment]);
  }
  return bySubmission;
}

type SubmissionRow = Omit<SubmissionRowWithAttachments, 'attachments'>;

/** Submissions in their response shape, in their order, each with its attachments (one query for all of them). */
export async function withAttachments(
  db: Db,
  submissions: readonly SubmissionRow[],
): Promise<SubmissionRowWithAttachments[]> {
  const attachments = await attachmentsBySubmission(
    db,
    submissions.map((submission) => submission.id),
  );
  return submissions.map((submission) => ({ ...submission, attachments: attachments.get(submission.id) ?? [] }));
}
