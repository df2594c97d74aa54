import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AssignmentUpdate } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { awardReputation, scoreBandMultiplier } from '../reputation/reputation.ts';
import { assignmentResponse, assignmentsInOrder, findAssignmentForCaller } from './assignments.access.ts';
import {
  notifyRevisionRequested,
  notifyTaskAccepted,
  notifyTaskCompleted,
  notifyTaskDeclined,
} from './assignments.notifications.ts';
import {
  type AssignmentContext,
  type AssignmentScope,
  findActiveAssignmentId,
  findLatestSubmission,
  listAssignmentIds,
  reviewSubmission,
  taskHasActiveAssignments,
  updateAssignmentIfStatus,
  updateChallengeStatusIfIn,
  updateTaskStatusIfIn,
} from './assignments.repository.ts';
import type { Assignment, AssignmentListQuery, AssignmentStatus } from './assignments.schemas.ts';
import { checkTransition, INVALID_STATUS_MESSAGE, NOT_A_PARTY_MESSAGE } from './assignments.state.ts';

const iso = () => new Date().toISOString();

// ---- Reads ----

function scopeOf(caller: AuthUser): AssignmentScope {
  return { kind: caller.account_type === 'contributor' ? 'volunteer' : 'company', userId: caller.id };
}

export async function listAssignments(
  db: Db,
  caller: AuthUser,
  query: AssignmentListQuery,
  page: PageRequest,
): Promise<PageOf<Assignment>> {
  const { ids, total } = await listAssignmentIds(
    db,
    scopeOf(caller),
    { statuses: query.status ? [query.status] : undefined, taskId: query.task_id, challengeId: query.challenge_id },
    page,
  );
  return { data: await assignmentsInOrder(db, ids), total };
}

/** What waits for the caller: a contributor's open invitations, or the solutions a company has to review. */
export async function listPendingAssignments(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<Assignment>> {
  const waiting: AssignmentStatus = caller.account_type === 'contributor' ? 'invited' : 'submitted';
  const { ids, total } = await listAssignmentIds(db, scopeOf(caller), { statuses: [waiting] }, page);
  return { data: await assignmentsInOrder(db, ids), total };
}

export async function getAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  const { party } = await findAssignmentForCaller(db, caller, id);
  if (party === null) throw AppError.forbidden(NOT_A_PARTY_MESSAGE);
  return assignmentResponse(db, id);
}

// ---- Transitions ----

/**
 * Moves the assignment to `to`, but only if it is still in the status the checks saw: a compare-and-set, so of two
 * concurrent requests for the same move exactly one succeeds and the other gets the usual 422.
 */
export async function moveAssignment(
  trx: Db,
  assignment: AssignmentContext,
  to: AssignmentStatus,
  changes: Omit<AssignmentUpdate, 'status' | 'updated_at'>,
  now: string,
): Promise<void> {
  const moved = await updateAssignmentIfStatus(trx, assignment.id, [assignment.status], {
    ...changes,
    status: to,
    updated_at: now,
  });
  if (!moved) throw AppError.invalidState(INVALID_STATUS_MESSAGE);
}

/** Work has begun on the task: the task and, the first time, its challenge are in progress. */
export async function markWorkBegun(trx: Db, assignment: AssignmentContext, now: string): Promise<void> {
  await updateTaskStatusIfIn(trx, assignment.task_id, ['pending', 'matching', 'assigned'], 'in_progress', now);
  await updateChallengeStatusIfIn(trx, assignment.challenge_id, ['active'], 'in_progress', now);
}

function alreadyActive(activeAssignmentId: number | null): AppError {
  return AppError.invalidState('You already have an active task. Finish it before accepting another one.', {
    active_assignment_id: activeAssignmentId,
  });
}

export async function acceptAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  const { to } = checkTransition('accept', assignment.status, party);
  if (assignment.challenge_status === 'archived') {
    throw AppError.invalidState('This challenge has been archived; its invitations can no longer be accepted.');
  }
  const activeId = await findActiveAssignmentId(db, assignment.volunteer_id);
  if (activeId !== null) throw alreadyActive(activeId);

  const now = iso();
  try {
    await db.transaction().execute(async (trx) => {
      await moveAssignment(trx, assignment, to, { responded_at: now }, now);
      await updateTaskStatusIfIn(trx, assignment.task_id, ['pending', 'matching'], 'assigned', now);
      await notifyTaskAccepted(trx, assignment);
    });
  } catch (error) {
    // The check above cannot see a concurrent accept of another invitation; the partial unique index
    // assignments_one_active_per_volunteer does, and refuses the second one.
    if (!isUniqueViolation(error)) throw error;
    throw alreadyActive(await findActiveAssignmentId(db, assignment.volunteer_id));
  }
  return assignmentResponse(db, id);
}

export async function rejectAssignment(
  { db, queue }: Pick<AppDeps, 'db' | 'queue'>,
  caller: AuthUser,
  id: number,
  reason: string | null,
): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  const { to } = checkTransition('reject', assignment.status, party);
  const now = iso();
  await db.transaction().execute(async (trx) => {
    await moveAssignment(trx, assignment, to, { responded_at: now, decline_reason: reason }, now);
    await notifyTaskDeclined(trx, assignment, reason);
    // The task lost a candidate: look for another one.
    await queue.enqueue(trx, 'task.match', { taskId: assignment.task_id });
  });
  return assignmentResponse(db, id);
}

export async function startAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  const { to } = checkTransition('start', assignment.status, party);
  const now = iso();
  await db.transaction().execute(async (trx) => {
    await moveAssignment(trx, assignment, to, { started_at: now }, now);
    await markWorkBegun(trx, assignment, now);
  });
  return assignmentResponse(db, id);
}

export async function completeAssignment(
  db: Db,
  caller: AuthUser,
  id: number,
  actualHours: number | null,
): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  const { to } = checkTransition('complete', assignment.status, party);
  const now = iso();
  await db.transaction().execute(async (trx) => {
    const latest = await findLatestSubmission(trx, assignment.id);
    const hours = actualHours ?? latest?.hours_worked ?? null;
    await moveAssignment(trx, assignment, to, { completed_at: now, actual_hours: hours }, now);
    if (latest) await reviewSubmission(trx, latest.id, 'approved', now);
    const points = await awardReputation(
      trx,
      assignment.volunteer_id,
      'task_completed',
      { type: 'assignment', id: assignment.id },
      scoreBandMultiplier(assignment.challenge_score),
    );
    if (!(await taskHasActiveAssignments(trx, assignment.task_id))) {
      await updateTaskStatusIfIn(
        trx,
        assignment.task_id,
        ['pending', 'matching', 'assigned', 'in_progress'],
        'completed',
        now,
      );
    }
    await notifyTaskCompleted(trx, assignment, points);
  });
  return assignmentResponse(db, id);
}

export const REVISION_NOTE_MAX_LENGTH = 2000;

/**
 * The owning company sends a submitted solution back for more work (web app only; no API route): the assignment
 * returns to in_progress and its latest submission is marked revision_requested.
 */
export async function requestRevision(
  db: Db,
  caller: AuthUser,
  assignmentId: number,
  note?: string | null,
): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, assignmentId);
  const { to } = checkTransition('request_revision', assignment.status, party);
  const cleanNote = note?.trim() || null;
  if (cleanNote !== null && [...cleanNote].length > REVISION_NOTE_MAX_LENGTH) {
    throw AppError.field('note', `The note must not be greater than ${REVISION_NOTE_MAX_LENGTH} characters.`);
  }
  const now = iso();
  await db.transaction().execute(async (trx) => {
    await moveAssignment(trx, assignment, to, {}, now);
    const latest = await findLatestSubmission(trx, assignment.id);
    if (latest) await reviewSubmission(trx, latest.id, 'revision_requested', now);
    await notifyRevisionRequested(trx, assignment, cleanNote);
  });
  return assignmentResponse(db, assignmentId);
}
