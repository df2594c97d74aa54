import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AssignmentRow, AssignmentUpdate } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import { KEEP_NOTHING, type OwnRows, ownVersion, type PageVersion, pageDependencies } from '../../http/user-pages.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { recordChallengeStatusChanged } from '../challenges/challenge-events.ts';
import { finishChallengeIfAllTasksCompleted, holdChallenge } from '../challenges/challenge-progress.ts';
import { updateChallengeStatusIfIn } from '../challenges/challenges.repository.ts';
import { CHALLENGE_TRANSITIONS } from '../challenges/challenges.state.ts';
import { awardReputation, ratingMultiplier, scoreBandMultiplier } from '../reputation/reputation.ts';
import { updateTaskStatusIfIn } from '../tasks/tasks.repository.ts';
import { TASK_TRANSITIONS } from '../tasks/tasks.state.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
import { recordAssignmentMoved } from './assignment-events.ts';
import { assignmentResponse, assignmentsInOrder, findAssignmentForCaller } from './assignments.access.ts';
import { assignmentsFromRows } from './assignments.loader.ts';
import {
  notifyInvitationWithdrawn,
  notifyRevisionRequested,
  notifyTaskAccepted,
  notifyTaskCompleted,
  notifyTaskDeclined,
} from './assignments.notifications.ts';
import {
  type AssignmentContext,
  type AssignmentScope,
  countVolunteersAssignments,
  findActiveAssignmentId,
  findLatestSubmission,
  listAssignmentIds,
  reviewSubmission,
  sumSubmittedHours,
  taskHasActiveAssignments,
  updateAssignmentIfStatus,
  volunteersAssignmentRows,
} from './assignments.repository.ts';
import {
  type Assignment,
  type AssignmentListQuery,
  type AssignmentStatus,
  type CompleteBody,
  REVIEW_TEXT_MAX_LENGTH,
} from './assignments.schemas.ts';
import {
  type AssignmentAction,
  checkTransition,
  INVALID_STATUS_MESSAGE,
  NOT_A_PARTY_MESSAGE,
} from './assignments.state.ts';
import { WITHDRAWAL_REASONS, withdrawInvitations } from './withdrawals.ts';

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
): Promise<PageOf<Assignment> & PageVersion> {
  const unfiltered = query.status === undefined && query.task_id === undefined && query.challenge_id === undefined;
  if (unfiltered && caller.account_type === 'contributor') return listOwnAssignments(db, caller, page);
  const { ids, total } = await listAssignmentIds(
    db,
    scopeOf(caller),
    { statuses: query.status ? [query.status] : undefined, taskId: query.task_id, challengeId: query.challenge_id },
    page,
  );
  // Not kept whole: a company's page shows other contributors' assignments, and filtered pages are rarely read.
  return { data: await assignmentsInOrder(db, ids), total, ...KEEP_NOTHING };
}

/**
 * A contributor's own assignments, unfiltered: the page read whole in one statement and its total, both compiled once
 * (what `listAssignmentIds` and the loader read in three statements built per request), after the version of the
 * contributor's assignments, for the page kept whole (src/http/user-pages.ts). No profile: nothing yet.
 */
async function listOwnAssignments(
  db: Db,
  caller: AuthUser,
  page: PageRequest,
): Promise<PageOf<Assignment> & PageVersion> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0, ...KEEP_NOTHING };
  const own: OwnRows = { topic: 'assignments', subject: volunteerId };
  const version = await ownVersion(db, own);
  const [rows, [count]] = await Promise.all([
    volunteersAssignmentRows(db, volunteerId, page.perPage, page.offset),
    countVolunteersAssignments(db, volunteerId),
  ]);
  return {
    data: await assignmentsFromRows(db, rows),
    total: Number(count?.total ?? 0),
    ...pageDependencies(
      own,
      version,
      rows.map((row) => ({ challenge_id: row.task_challenge_id, version: row.challenge_version })),
    ),
  };
}

/** What waits for the caller: a contributor's open invitations, or the solutions a company has to review. */
export async function listPendingAssignments(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<Assignment>> {
  const waiting: AssignmentStatus = caller.account_type === 'contributor' ? 'invited' : 'submitted';
  const { ids, total } = await listAssignmentIds(db, scopeOf(caller), { statuses: [waiting] }, page);
  return { data: await assignmentsInOrder(db, ids), total };
}

export async function getAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  if (party === null) throw AppError.forbidden(NOT_A_PARTY_MESSAGE);
  return answerOf(db, assignment);
}

/** The assignment's answer from its access read (which reads what the answer shows), with `moved` over it if given. */
async function answerOf(db: Db, assignment: AssignmentContext, moved?: AssignmentRow): Promise<Assignment> {
  const [answer] = await assignmentsFromRows(db, [moved ? { ...assignment, ...moved } : assignment]);
  return answer!;
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
): Promise<AssignmentRow> {
  const moved = await updateAssignmentIfStatus(trx, assignment.id, [assignment.status], {
    ...changes,
    status: to,
    updated_at: now,
  });
  if (!moved) throw AppError.invalidState(INVALID_STATUS_MESSAGE);
  await recordAssignmentMoved(trx, assignment);
  return moved;
}

/** Work has begun on the task: the task and, the first time, its challenge are in progress. */
export async function markWorkBegun(trx: Db, assignment: AssignmentContext, now: string): Promise<void> {
  const task = TASK_TRANSITIONS.begin_work;
  await updateTaskStatusIfIn(trx, assignment.task_id, task.from, task.to, now);
  const challenge = CHALLENGE_TRANSITIONS.begin_work;
  if (await updateChallengeStatusIfIn(trx, assignment.challenge_id, challenge.from, challenge.to, now)) {
    await recordChallengeStatusChanged(trx, assignment.challenge_id);
  }
}

/**
 * A transition's access check, its writes and the answer's read, in one transaction: the request takes one
 * connection (on PostgreSQL every checkout of the pool costs the process CPU; docs/performance.md), and a refused
 * transition (403, 404, 422) rolls back whatever it began. The move itself stays a compare-and-set (`moveAssignment`).
 *
 * A write whose only change the answer shows is the move of the assignment's own row returns that moved row: the
 * answer is then the access read with the moved row over it, one statement fewer. A write that changes more of what
 * the answer embeds (the latest submission's review, the contributor's reputation) returns nothing, and the answer
 * is read after it.
 */
function transition(
  db: Db,
  caller: AuthUser,
  id: number,
  action: AssignmentAction,
  write: (
    trx: Db,
    assignment: AssignmentContext,
    to: AssignmentStatus,
    now: string,
  ) => Promise<AssignmentRow | undefined>,
): Promise<Assignment> {
  return db.transaction().execute(async (trx) => {
    const { assignment, party } = await findAssignmentForCaller(trx, caller, id);
    const { to } = checkTransition(action, assignment, party);
    const moved = await write(trx, assignment, to, iso());
    return moved ? answerOf(trx, assignment, moved) : assignmentResponse(trx, id);
  });
}

function alreadyActive(activeAssignmentId: number | null): AppError {
  return AppError.invalidState('You already have an active task. Finish it before accepting another one.', {
    active_assignment_id: activeAssignmentId,
  });
}

export async function acceptAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  const { assignment, party } = await findAssignmentForCaller(db, caller, id);
  // The guard also refuses an invitation of a challenge that is no longer running (archived, completed).
  const { to } = checkTransition('accept', assignment, party);
  const activeId = await findActiveAssignmentId(db, assignment.volunteer_id);
  if (activeId !== null) throw alreadyActive(activeId);

  const now = iso();
  try {
    await db.transaction().execute(async (trx) => {
      // First: accepts and completions on one challenge take turns, so the withdrawals below never meet another
      // transaction's in the opposite order (a deadlock on PostgreSQL).
      await holdChallenge(trx, assignment.challenge_id);
      await moveAssignment(trx, assignment, to, { responded_at: now }, now);
      const fill = TASK_TRANSITIONS.fill;
      await updateTaskStatusIfIn(trx, assignment.task_id, fill.from, fill.to, now);
      await notifyTaskAccepted(trx, assignment);
      // The task is filled: the other invitees need not answer any more.
      await withdrawInvitations(trx, { taskId: assignment.task_id }, 'task_filled', now);
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
  return transition(db, caller, id, 'reject', async (trx, assignment, to, now) => {
    const moved = await moveAssignment(trx, assignment, to, { responded_at: now, decline_reason: reason }, now);
    await notifyTaskDeclined(trx, assignment, reason);
    // The task lost a candidate: look for another one.
    await queue.enqueue(trx, 'task.match', { taskId: assignment.task_id });
    return moved;
  });
}

export function startAssignment(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  return transition(db, caller, id, 'start', async (trx, assignment, to, now) => {
    const moved = await moveAssignment(trx, assignment, to, { started_at: now }, now);
    // The task's and the challenge's status are not part of the answer.
    await markWorkBegun(trx, assignment, now);
    return moved;
  });
}

/**
 * The hours a completion may record: at most what the contributor reported with their submissions, summed over the
 * rounds of a revision (none submitted: none may be claimed). The company approves, but cannot put more hours on the
 * contributor's record than were handed in.
 */
async function checkActualHours(trx: Db, assignmentId: number, actualHours: number): Promise<void> {
  const submitted = await sumSubmittedHours(trx, assignmentId);
  // A small tolerance for the binary sum of decimal hours (0.1 + 0.2 > 0.3).
  if (actualHours > submitted + 1e-9) {
    const bound = Math.round(submitted * 100) / 100;
    throw AppError.field(
      'actual_hours',
      `The actual hours must not be greater than the hours submitted with the solution (${bound}).`,
    );
  }
}

/**
 * The owning company approves the work: the assignment `completed` with the hours recorded and, when given, its
 * rating (1–5) and comment, which the contributor sees and which weigh the reputation awarded (`ratingMultiplier`).
 */
export async function completeAssignment(
  db: Db,
  caller: AuthUser,
  id: number,
  review: CompleteBody,
): Promise<Assignment> {
  const actualHours = review.actual_hours ?? null;
  const rating = review.rating ?? null;
  return transition(db, caller, id, 'complete', async (trx, assignment, to, now) => {
    // First, so that completions on one challenge take their turns (see challenge-progress.ts).
    await holdChallenge(trx, assignment.challenge_id);
    const latest = await findLatestSubmission(trx, assignment.id);
    if (actualHours !== null) await checkActualHours(trx, assignment.id, actualHours);
    const hours = actualHours ?? latest?.hours_worked ?? null;
    const changes = { completed_at: now, actual_hours: hours, rating, review_comment: review.comment ?? null };
    await moveAssignment(trx, assignment, to, changes, now);
    if (latest) await reviewSubmission(trx, latest.id, 'approved', now);
    const points = await awardReputation(
      trx,
      assignment.volunteer_id,
      'task_completed',
      { type: 'assignment', id: assignment.id },
      scoreBandMultiplier(assignment.challenge_score) * ratingMultiplier(rating),
    );
    if (!(await taskHasActiveAssignments(trx, assignment.task_id))) {
      const complete = TASK_TRANSITIONS.complete;
      await updateTaskStatusIfIn(trx, assignment.task_id, complete.from, complete.to, now);
      await withdrawInvitations(trx, { taskId: assignment.task_id }, 'task_completed', now);
      // The last task completed completes its challenge, in this same transaction.
      await finishChallengeIfAllTasksCompleted(trx, assignment.challenge_id, now);
    }
    await notifyTaskCompleted(trx, assignment, points, { rating, comment: review.comment ?? null });
    return undefined; // the latest submission and the reputation changed too: the answer is read again
  });
}

/**
 * The owning company sends a submitted solution back for more work (`POST /api/assignments/{id}/request-changes`,
 * and the reviews page through it): the assignment returns to in_progress and its latest submission is marked
 * revision_requested, with the note — required, so the contributor knows what to change — as its review_note.
 */
export async function requestRevision(
  db: Db,
  caller: AuthUser,
  assignmentId: number,
  note: string,
): Promise<Assignment> {
  return transition(db, caller, assignmentId, 'request_revision', async (trx, assignment, to, now) => {
    const cleanNote = note.trim();
    if (cleanNote === '') throw AppError.field('note', 'The note field is required.');
    if ([...cleanNote].length > REVIEW_TEXT_MAX_LENGTH) {
      throw AppError.field('note', `The note must not be greater than ${REVIEW_TEXT_MAX_LENGTH} characters.`);
    }
    await moveAssignment(trx, assignment, to, {}, now);
    const latest = await findLatestSubmission(trx, assignment.id);
    // The note is kept on the submission it is about; the notification repeats it.
    if (latest) await reviewSubmission(trx, latest.id, 'revision_requested', now, cleanNote);
    await notifyRevisionRequested(trx, assignment, cleanNote);
    return undefined; // the latest submission's review changed too: the answer is read again
  });
}

/**
 * The owning company takes back an open invitation (issue 12, item 3): `declined` with `withdrawn_at` set, as for the
 * system's withdrawals, and the invitee is told. Matching is not run again: the company is choosing by hand.
 */
export function withdrawInvitation(db: Db, caller: AuthUser, id: number): Promise<Assignment> {
  return transition(db, caller, id, 'withdraw', async (trx, assignment, to, now) => {
    const changes = { withdrawn_at: now, decline_reason: WITHDRAWAL_REASONS.company_withdrew };
    const moved = await moveAssignment(trx, assignment, to, changes, now);
    await notifyInvitationWithdrawn(trx, assignment, 'company_withdrew');
    return moved;
  });
}
