import type { Db } from '../../db/database.ts';
import { recordAssignmentChanged } from './assignment-events.ts';
import { notifyInvitationWithdrawn } from './assignments.notifications.ts';
import { findAssignmentContext, type InvitationScope, withdrawOpenInvitations } from './assignments.repository.ts';
import { ASSIGNMENT_TRANSITIONS, type WithdrawalCause } from './assignments.state.ts';

/** Kept as the decline reason of each withdrawn invitation: what the invitee and the company read on it. */
export const WITHDRAWAL_REASONS: Record<WithdrawalCause, string> = {
  task_filled: 'The invitation was withdrawn: another contributor took the task.',
  task_completed: 'The invitation was withdrawn: the task has been completed.',
  challenge_completed: 'The invitation was withdrawn: the challenge has been completed.',
  task_removed: 'The invitation was withdrawn: the company removed the task from its challenge.',
  task_merged: 'The invitation was withdrawn: the company merged the task into another one.',
  company_withdrew: 'The invitation was withdrawn by the company.',
};

/**
 * Withdraws the open invitations of a task or a challenge and tells each invitee, in the caller's transaction: the
 * task no longer needs them, so their invitation must not stay open (answering it now gets a 422 that says so).
 */
export async function withdrawInvitations(
  trx: Db,
  scope: InvitationScope,
  cause: Exclude<WithdrawalCause, 'company_withdrew'>,
  now: string,
): Promise<number[]> {
  const ids = await withdrawOpenInvitations(
    trx,
    scope,
    ASSIGNMENT_TRANSITIONS.withdraw.to,
    WITHDRAWAL_REASONS[cause],
    now,
  );
  for (const id of ids) {
    const assignment = await findAssignmentContext(trx, id);
    if (assignment) await notifyInvitationWithdrawn(trx, assignment, cause);
    await recordAssignmentChanged(trx, id);
  }
  return ids;
}
