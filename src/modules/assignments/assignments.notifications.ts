import type { Db } from '../../db/database.ts';
import type { NotificationType } from '../notifications/notification-types.ts';
import { notify } from '../notifications/notify.ts';
import type { AssignmentContext } from './assignments.repository.ts';
import type { WithdrawalCause } from './assignments.state.ts';

/**
 * What each side is told when an assignment moves (docs/contract.md §7). Every notification names the task, opens the
 * assignment's web page, and carries the ids a client needs to fetch the rest.
 */
type Recipient = 'company' | 'contributor';

async function send(
  db: Db,
  assignment: AssignmentContext,
  to: Recipient,
  type: NotificationType,
  title: string,
  message: string,
  actionUrl = `/assignments/${assignment.id}`,
): Promise<void> {
  await notify(db, {
    userId: to === 'company' ? assignment.company_user_id : assignment.volunteer_user_id,
    type,
    title,
    message,
    actionUrl,
    data: { challenge_id: assignment.challenge_id, task_id: assignment.task_id, assignment_id: assignment.id },
  });
}

const quoted = (title: string) => `"${title}"`;

export function notifyTaskAccepted(db: Db, assignment: AssignmentContext): Promise<void> {
  return send(
    db,
    assignment,
    'company',
    'task_accepted',
    'Task accepted',
    `${assignment.volunteer_name} accepted the task ${quoted(assignment.task_title)}.`,
  );
}

export function notifyTaskDeclined(db: Db, assignment: AssignmentContext, reason: string | null): Promise<void> {
  const because = reason ? ` Reason: ${reason}` : '';
  return send(
    db,
    assignment,
    'company',
    'task_declined',
    'Task declined',
    `${assignment.volunteer_name} declined the task ${quoted(assignment.task_title)}. We will look for another contributor.${because}`,
  );
}

export function notifySolutionSubmitted(db: Db, assignment: AssignmentContext): Promise<void> {
  return send(
    db,
    assignment,
    'company',
    'solution_submitted',
    'Solution submitted',
    `${assignment.volunteer_name} submitted a solution for the task ${quoted(assignment.task_title)}. It is ready for your review.`,
  );
}

/** The company's rating and comment of approved work, repeated in the contributor's notification. */
export type Review = { rating: number | null; comment: string | null };

function reviewWords({ rating, comment }: Review): string {
  const rated = rating === null ? '' : ` The company rated your work ${rating} of 5.`;
  return `${rated}${comment ? ` Comment from the company: ${comment}` : ''}`;
}

export async function notifyTaskCompleted(
  db: Db,
  assignment: AssignmentContext,
  points: number,
  review: Review,
): Promise<void> {
  await send(
    db,
    assignment,
    'company',
    'task_completed',
    'Task completed',
    `The task ${quoted(assignment.task_title)} was completed by ${assignment.volunteer_name}.`,
  );
  await send(
    db,
    assignment,
    'contributor',
    'task_completed',
    'Task completed',
    `The task ${quoted(assignment.task_title)} is complete. You earned ${points} reputation points.${reviewWords(review)}`,
  );
}

export function notifyRevisionRequested(db: Db, assignment: AssignmentContext, note: string): Promise<void> {
  return send(
    db,
    assignment,
    'contributor',
    'solution_revision_requested',
    'Revision requested',
    `The company asked for changes to your solution for the task ${quoted(assignment.task_title)}. Note from the company: ${note}`,
  );
}

const WITHDRAWN_BECAUSE: Record<WithdrawalCause, string> = {
  task_filled: 'another contributor has taken it',
  task_completed: 'the task has been completed',
  challenge_completed: 'its challenge has been completed',
  task_removed: 'the company removed the task from its challenge',
  task_merged: 'the company merged the task into another one',
  company_withdrew: 'the company withdrew it',
};

export function notifyInvitationWithdrawn(
  db: Db,
  assignment: AssignmentContext,
  cause: WithdrawalCause,
): Promise<void> {
  return send(
    db,
    assignment,
    'contributor',
    'invitation_withdrawn',
    'Invitation withdrawn',
    `Your invitation to the task ${quoted(assignment.task_title)} was withdrawn: ${WITHDRAWN_BECAUSE[cause]}. Thank you for your interest.`,
    // A removed or merged task goes with its assignments: the challenge is what is left to look at.
    cause === 'task_removed' || cause === 'task_merged' ? `/challenges/${assignment.challenge_id}` : undefined,
  );
}

export function notifyInvitationExpired(db: Db, assignment: AssignmentContext, hours: number): Promise<void> {
  return send(
    db,
    assignment,
    'contributor',
    'invitation_expired',
    'Invitation expired',
    `Your invitation to the task ${quoted(assignment.task_title)} expired: it was not answered within ${hours} hours, ` +
      'so the task was offered to someone else.',
  );
}
