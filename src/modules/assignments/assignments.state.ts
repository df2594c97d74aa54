import { AppError } from '../../http/app-error.ts';
import { NOT_OWNER_MESSAGE } from '../challenges/challenges.state.ts';
import type { AssignmentStatus } from './assignments.schemas.ts';

/**
 * The assignment lifecycle (seed "States and transitions" + contract §4) as data: for each action, who may take it,
 * from which statuses, and the status it leads to. `checkTransition` is the one place that reads it.
 */
export type AssignmentParty = 'assignee' | 'company';

export type AssignmentAction = 'accept' | 'reject' | 'start' | 'submit' | 'complete' | 'request_revision';

type Transition = { by: readonly AssignmentParty[]; from: readonly AssignmentStatus[]; to: AssignmentStatus };

export const TRANSITIONS: Readonly<Record<AssignmentAction, Transition>> = {
  accept: { by: ['assignee'], from: ['invited'], to: 'accepted' },
  reject: { by: ['assignee'], from: ['invited'], to: 'declined' },
  start: { by: ['assignee'], from: ['accepted'], to: 'in_progress' },
  submit: { by: ['assignee'], from: ['accepted', 'in_progress'], to: 'submitted' },
  complete: { by: ['assignee', 'company'], from: ['in_progress', 'submitted'], to: 'completed' },
  // Web app only: the owning company sends a submitted solution back for more work.
  request_revision: { by: ['company'], from: ['submitted'], to: 'in_progress' },
};

/** The statuses in which an assignment occupies its contributor; the partial unique index allows one such row. */
export const ACTIVE_STATUSES = ['accepted', 'in_progress', 'submitted'] as const satisfies readonly AssignmentStatus[];

export const INVALID_STATUS_MESSAGE = "This action is not valid for the assignment's current status.";

export const NOT_A_PARTY_MESSAGE = 'Only the assigned contributor and the company that owns the challenge can do this.';

const ONE_PARTY_MESSAGES: Record<AssignmentParty, string> = {
  assignee: 'Only the contributor of this assignment can do this.',
  company: NOT_OWNER_MESSAGE,
};

/**
 * Checks that `party` may take `action` on an assignment in `status`; throws 403 for the wrong party (before
 * anything about the status is revealed) and 422 for a status the action does not start from.
 */
export function checkTransition(action: AssignmentAction, status: string, party: AssignmentParty | null): Transition {
  const transition = TRANSITIONS[action];
  if (party === null || !transition.by.includes(party)) {
    throw AppError.forbidden(transition.by.length === 1 ? ONE_PARTY_MESSAGES[transition.by[0]] : NOT_A_PARTY_MESSAGE);
  }
  if (!(transition.from as readonly string[]).includes(status)) throw AppError.invalidState(INVALID_STATUS_MESSAGE);
  return transition;
}
