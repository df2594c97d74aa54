import { AppError } from '../../http/app-error.ts';
import { isOneOf, type SameStatuses, type StatusOf } from '../../shared/lifecycle.ts';
import { closedChallengeMessage, isOpen, NOT_OWNER_MESSAGE } from '../challenges/challenges.state.ts';

/**
 * The assignment lifecycle (docs/contract.md §4) as data: for each action, who may take it,
 * from which statuses, and the status it leads to; `openChallenge` marks the actions that need the challenge to be
 * running. `checkTransition` is the one place that reads it for the parties' actions; `system` moves are made by
 * matching and by the task's own progress.
 */
export type AssignmentParty = 'assignee' | 'company';

type Mover = AssignmentParty | 'system';

export const ASSIGNMENT_TRANSITIONS = {
  invite: { by: ['system'], from: [], to: 'invited' },
  accept: { by: ['assignee'], from: ['invited'], to: 'accepted', openChallenge: true },
  reject: { by: ['assignee'], from: ['invited'], to: 'declined' },
  start: { by: ['assignee'], from: ['accepted'], to: 'in_progress' },
  submit: { by: ['assignee'], from: ['accepted', 'in_progress'], to: 'submitted' },
  // Completing approves the work and awards reputation: the owning company's review, never the assignee's own say
  // (issue 10, item 7; this overrides the earlier rule that let the assignee complete).
  complete: { by: ['company'], from: ['in_progress', 'submitted'], to: 'completed' },
  // `POST /api/assignments/{id}/request-changes`: the owning company sends a submitted solution back, with a note.
  request_revision: { by: ['company'], from: ['submitted'], to: 'in_progress' },
  // The task was filled or completed, or its challenge completed, before the invitee answered; or the owning company
  // took its invitation back (issue 12, item 3). The contract fixes the six statuses, so a withdrawn invitation is
  // `declined` with `withdrawn_at` set.
  withdraw: { by: ['system', 'company'], from: ['invited'], to: 'declined' },
  // Nobody answered within INVITATION_TTL_HOURS (issue 13, item 1): `declined` with the reason, `withdrawn_at` and
  // `responded_at` null.
  expire: { by: ['system'], from: ['invited'], to: 'declined' },
} as const satisfies Readonly<
  Record<string, { by: readonly Mover[]; from: readonly string[]; to: string; openChallenge?: boolean }>
>;

export type AssignmentStatus = StatusOf<typeof ASSIGNMENT_TRANSITIONS>;

/** Every status in the order of docs/contract.md §3; checked against the table at compile time. */
export const ASSIGNMENT_STATUSES = [
  'invited',
  'accepted',
  'declined',
  'in_progress',
  'submitted',
  'completed',
] as const;
const statusesMatchTable: SameStatuses<typeof ASSIGNMENT_STATUSES, AssignmentStatus> = true;
void statusesMatchTable;

/** The actions a party takes through the API or the web app. */
export type AssignmentAction = {
  [Action in keyof typeof ASSIGNMENT_TRANSITIONS]: (typeof ASSIGNMENT_TRANSITIONS)[Action]['by'][number] extends 'system'
    ? never
    : Action;
}[keyof typeof ASSIGNMENT_TRANSITIONS];

/** The statuses in which an assignment occupies its contributor; the partial unique index allows one such row. */
export const ACTIVE_STATUSES = ['accepted', 'in_progress', 'submitted'] as const satisfies readonly AssignmentStatus[];

/**
 * Why open invitations are withdrawn: their task was filled or completed, or their challenge completed; or the company
 * removed the task from its plan, or merged it into another task, or withdrew that one invitation.
 */
export type WithdrawalCause =
  | 'task_filled'
  | 'task_completed'
  | 'challenge_completed'
  | 'task_removed'
  | 'task_merged'
  | 'company_withdrew';

/** An invitation still waiting for its answer: what `withdraw` moves. */
export const OPEN_INVITATION_STATUSES = ASSIGNMENT_TRANSITIONS.withdraw.from;

export const INVALID_STATUS_MESSAGE = "This action is not valid for the assignment's current status.";

export const WITHDRAWN_MESSAGE = 'This invitation was withdrawn: the task no longer needs contributors.';

export const EXPIRED_MESSAGE =
  'This invitation expired before it was answered. Look for open tasks under "Find tasks" and apply there.';

export const NOT_A_PARTY_MESSAGE = 'Only the assigned contributor and the company that owns the challenge can do this.';

const ONE_PARTY_MESSAGES: Record<AssignmentParty, string> = {
  assignee: 'Only the contributor of this assignment can do this.',
  company: NOT_OWNER_MESSAGE,
};

/** What the guard reads of an assignment (see `findAssignmentContext`). */
export type GuardedAssignment = {
  status: string;
  withdrawn_at: string | null;
  expires_at: string | null;
  responded_at: string | null;
  challenge_status: string;
};

/**
 * Whether the invitation ran out unanswered: still open past its time (the expiry job has not reached it yet), or
 * declined by that job (never answered, never withdrawn).
 */
function hasExpired(assignment: GuardedAssignment, now: string): boolean {
  if (assignment.expires_at === null) return false;
  if (assignment.status === 'invited') return Date.parse(assignment.expires_at) <= Date.parse(now);
  return assignment.status === 'declined' && assignment.withdrawn_at === null && assignment.responded_at === null;
}

/**
 * Checks that `party` may take `action` on `assignment`; throws 403 for the wrong party (before anything about the
 * status is revealed) and 422 for a status the action does not start from — naming a withdrawn or expired invitation
 * as such —
 * or for an action that needs a running challenge when the challenge is closed. Returns the status it leads to.
 */
export function checkTransition(
  action: AssignmentAction,
  assignment: GuardedAssignment,
  party: AssignmentParty | null,
  now: string = new Date().toISOString(),
): { to: AssignmentStatus } {
  const transition: { by: readonly Mover[]; from: readonly string[]; to: AssignmentStatus; openChallenge?: boolean } =
    ASSIGNMENT_TRANSITIONS[action];
  if (party === null || !transition.by.includes(party)) {
    const parties = transition.by.filter((by): by is AssignmentParty => by !== 'system');
    throw AppError.forbidden(parties.length === 1 ? ONE_PARTY_MESSAGES[parties[0]] : NOT_A_PARTY_MESSAGE);
  }
  if (hasExpired(assignment, now)) throw AppError.invalidState(EXPIRED_MESSAGE);
  if (!isOneOf(assignment.status, transition.from)) {
    throw AppError.invalidState(assignment.withdrawn_at !== null ? WITHDRAWN_MESSAGE : INVALID_STATUS_MESSAGE);
  }
  if (transition.openChallenge && !isOpen(assignment.challenge_status)) {
    throw AppError.invalidState(closedChallengeMessage(assignment.challenge_status));
  }
  return { to: transition.to };
}
