import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { storeThenWrite } from '../../storage/store-then-write.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { findAssignmentForCaller } from './assignments.access.ts';
import { withAttachments } from './assignments.loader.ts';
import { notifySolutionSubmitted } from './assignments.notifications.ts';
import {
  findAttachmentOfAssignment,
  insertSubmission,
  listSubmissionsPage,
  type NewAttachment,
  sumSubmittedHours,
} from './assignments.repository.ts';
import type { Submission, SubmitSolutionBody } from './assignments.schemas.ts';
import { markWorkBegun, moveAssignment } from './assignments.service.ts';
import { checkTransition, NOT_A_PARTY_MESSAGE } from './assignments.state.ts';

/**
 * The assignee hands in a solution: a submission row with its attachments, the assignment `submitted`, the company
 * notified. Files are moved into storage before the transaction and removed again if it fails, so a refused or
 * failed submission leaves neither rows nor files behind.
 */
export async function submitSolution(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  caller: AuthUser,
  id: number,
  input: SubmitSolutionBody,
  files: readonly UploadedFile[],
): Promise<void> {
  const { db, storage } = deps;
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  const { to } = checkTransition('submit', assignment, party);

  const attachments: NewAttachment[] = files.map((file) => ({
    fileName: file.fileName,
    storageKey: `attachments/${id}/${crypto.randomBytes(16).toString('hex')}`,
    size: file.size,
    contentType: file.contentType,
  }));
  const toStore = files.map((file, index) => ({ key: attachments[index].storageKey, localPath: file.tempPath }));
  const now = new Date().toISOString();
  await storeThenWrite(storage, toStore, () =>
    db.transaction().execute(async (trx) => {
      // Submitting straight from `accepted` skips `start`; the work has begun all the same.
      const begun = assignment.status === 'accepted' ? { started_at: now } : {};
      await moveAssignment(trx, assignment, to, { submitted_at: now, ...begun }, now);
      if (assignment.status === 'accepted') await markWorkBegun(trx, assignment, now);
      await insertSubmission(
        trx,
        {
          assignmentId: id,
          description: input.description,
          deliverableUrl: input.deliverable_url ?? null,
          hoursWorked: input.hours_worked,
        },
        attachments,
        now,
      );
      await notifySolutionSubmitted(trx, assignment);
    }),
  );
}

/**
 * Every solution handed in on the assignment, newest first — each round of a revision is its own version, with its
 * note, hours, attachments and the company's verdict — and the hours of all of them: for its two parties only (the
 * assignment rules' 404/403 for anyone else).
 */
export async function listSubmissions(
  db: AppDeps['db'],
  caller: AuthUser,
  assignmentId: number,
  page: PageRequest,
): Promise<PageOf<Submission> & { hoursSubmitted: number }> {
  const { party } = await findAssignmentForCaller(db, caller, assignmentId);
  if (party === null) throw AppError.forbidden(NOT_A_PARTY_MESSAGE);
  const { rows, total } = await listSubmissionsPage(db, assignmentId, page);
  // Rounded to the hundredth: the binary sum of decimal hours is not exact (0.1 + 0.2).
  const hoursSubmitted = Math.round((await sumSubmittedHours(db, assignmentId)) * 100) / 100;
  return { data: await withAttachments(db, rows), total, hoursSubmitted };
}

/**
 * An attachment of the assignment's submissions, for one of its two parties only (the web app's download): others
 * get the assignment rules' 404/403, and an attachment of another assignment is a 404.
 */
export async function attachmentForParty(
  db: AppDeps['db'],
  caller: AuthUser,
  assignmentId: number,
  attachmentId: number,
) {
  const { party } = await findAssignmentForCaller(db, caller, assignmentId);
  if (party === null) throw AppError.forbidden(NOT_A_PARTY_MESSAGE);
  const attachment = await findAttachmentOfAssignment(db, assignmentId, attachmentId);
  if (!attachment) throw AppError.notFound('Attachment');
  return attachment;
}
