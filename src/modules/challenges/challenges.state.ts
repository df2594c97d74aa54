import { AppError } from '../../http/app-error.ts';
import { isOneOf, type SameStatuses, type StatusOf } from '../../shared/lifecycle.ts';

/**
 * The challenge lifecycle (docs/contract.md §4 and §6) as data: for each move, who makes it,
 * the statuses it starts from and the one it leads to. `company` moves are the owner's API actions; `system` moves are
 * made by the analysis pipeline and by the work on the challenge's tasks.
 */
type ChallengeMover = 'company' | 'system';

export const CHALLENGE_TRANSITIONS = {
  submit: { by: ['company'], from: [], to: 'submitted' },
  // A changed description sends the brief back to the analysis; a title-only edit keeps the status.
  edit: { by: ['company'], from: ['submitted', 'analyzing'], to: 'submitted' },
  start_analysis: { by: ['system'], from: ['submitted', 'analyzing'], to: 'analyzing' },
  analysis_failed: { by: ['system'], from: ['submitted', 'analyzing'], to: 'submitted' },
  open: { by: ['system'], from: ['analyzing'], to: 'active' },
  reject: { by: ['system'], from: ['analyzing'], to: 'rejected' },
  // An operator has the analysis read a rejected brief again after the analyzer improved (guild brief:reanalyze):
  // the brief waits for its analysis as if just submitted. Accepted briefs are not reconsidered: their tasks may
  // already be under way.
  reconsider: { by: ['system'], from: ['rejected'], to: 'submitted' },
  // The first assignment started.
  begin_work: { by: ['system'], from: ['active'], to: 'in_progress' },
  // The last of its tasks completed (in the transaction that completes it).
  finish: { by: ['system'], from: ['active', 'in_progress'], to: 'completed' },
  complete: { by: ['company'], from: ['active', 'in_progress'], to: 'completed' },
  archive: {
    by: ['company'],
    from: ['submitted', 'analyzing', 'active', 'in_progress', 'completed', 'rejected', 'archived'],
    to: 'archived',
  },
} as const satisfies Readonly<Record<string, { by: readonly ChallengeMover[]; from: readonly string[]; to: string }>>;

export type ChallengeAction = keyof typeof CHALLENGE_TRANSITIONS;

export type ChallengeStatus = StatusOf<typeof CHALLENGE_TRANSITIONS>;

/** Every status in the order the API documents them; checked against the table at compile time. */
export const CHALLENGE_STATUSES = [
  'submitted',
  'analyzing',
  'active',
  'in_progress',
  'completed',
  'rejected',
  'archived',
] as const;
const statusesMatchTable: SameStatuses<typeof CHALLENGE_STATUSES, ChallengeStatus> = true;
void statusesMatchTable;

/** While the brief may still change (`PUT /challenges/{id}`). */
export const EDITABLE_STATUSES = CHALLENGE_TRANSITIONS.edit.from;

/** The challenge is running: its open tasks are offered, and its invitations may be accepted. */
export const OPEN_CHALLENGE_STATUSES = CHALLENGE_TRANSITIONS.complete.from;

const ARCHIVED = CHALLENGE_TRANSITIONS.archive.to;

export function isEditable(status: string): boolean {
  return isOneOf(status, EDITABLE_STATUSES);
}

export function isOpen(status: string): boolean {
  return isOneOf(status, OPEN_CHALLENGE_STATUSES);
}

/** The 403 of every change another company tries, here and on the assignments of the challenge. */
export const NOT_OWNER_MESSAGE = 'Only the company that owns this challenge can do this.';

export const NOT_EDITABLE_MESSAGE =
  'This challenge can no longer be edited: only submitted challenges or challenges under analysis can be changed.';

/** Why the refined brief cannot be edited in `status` (it can while the challenge is active or in progress). */
export function refinedBriefClosedMessage(status: string): string {
  if (isEditable(status)) {
    return 'The refined brief is written by the analysis: it can be edited once the analysis has finished.';
  }
  return `The refined brief can no longer be edited: the challenge is ${status === 'in_progress' ? 'in progress' : status}.`;
}

const INVALID_STATUS_MESSAGES: Partial<Record<ChallengeAction, string>> = {
  edit: NOT_EDITABLE_MESSAGE,
  complete: 'Only an active challenge or a challenge in progress can be completed.',
};

/**
 * Checks that the challenge may make `action` from `status`, and returns the status it leads to; throws 422 with the
 * action's own sentence otherwise. Who may ask is the service's access check, made before this.
 */
export function checkChallengeMove(action: ChallengeAction, status: string): ChallengeStatus {
  const transition = CHALLENGE_TRANSITIONS[action];
  if (!isOneOf(status, transition.from)) throw invalidMove(action);
  return transition.to;
}

/** The 422 of `action` from a status it does not start from (also when a concurrent move got there first). */
export function invalidMove(action: ChallengeAction): AppError {
  return AppError.invalidState(
    INVALID_STATUS_MESSAGES[action] ?? "This action is not valid for the challenge's current status.",
  );
}

/** Why an invitation of a challenge in `status` cannot be accepted: the challenge is no longer open. */
export function closedChallengeMessage(status: string): string {
  if (status === ARCHIVED) return 'This challenge has been archived; its invitations can no longer be accepted.';
  if (status === 'completed') return 'This challenge is completed; its invitations can no longer be accepted.';
  return 'This challenge is not open; its invitations cannot be accepted.';
}
