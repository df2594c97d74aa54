import type { Db } from '../../db/database.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { VersionRead } from '../../http/user-pages.ts';
import { parseJson } from '../../shared/json.ts';
import { OPEN_CHALLENGE_STATUSES } from '../challenges/challenges.state.ts';
import { OPEN_TASK_STATUSES } from '../tasks/tasks.state.ts';
import { findTargets, type Targets } from './notification-targets.repository.ts';
import type { NotificationData, NotificationType } from './notification-types.ts';
import { type NotificationContext, toNotification } from './notifications.mapper.ts';
import type { Notification } from './notifications.schemas.ts';

/**
 * Whether what a notification asks of its recipient can still be done (issue 13, item 2; docs/api.md, Notifications):
 * an invitation may have expired, been withdrawn or been answered, a submitted solution reviewed, a task staffed. It
 * is decided when the notification is read, from its target's state now, never stored: a stored flag would need every
 * module that moves an assignment, a task or a team to find and update the notifications about it.
 */
export type ActionState = { actionable: boolean; inactive_reason: string | null };

const ACTIONABLE: ActionState = { actionable: true, inactive_reason: null };
const inactive = (reason: string): ActionState => ({ actionable: false, inactive_reason: reason });

const isOpen = (statuses: readonly string[], status: string) => statuses.includes(status);

/** A notification without the id its check needs (none written by `notify` lacks it) is taken as still actionable. */
type Check = (data: NotificationData, targets: Targets, now: string) => ActionState;

/** The challenge is over: nothing on it can be answered any more. */
function closedChallenge(data: NotificationData, targets: Targets): ActionState | null {
  const challenge = data.challenge_id === undefined ? undefined : targets.challenges.get(data.challenge_id);
  if (!challenge || isOpen(OPEN_CHALLENGE_STATUSES, challenge.status)) return null;
  return inactive(challenge.status === 'archived' ? 'The challenge was archived.' : 'The challenge is finished.');
}

const answerInvitation: Check = (data, targets, now) => {
  if (data.assignment_id === undefined) return ACTIONABLE;
  const assignment = targets.assignments.get(data.assignment_id);
  if (!assignment) return inactive('The task was removed from its challenge, and the invitation with it.');
  if (assignment.status === 'invited') {
    if (assignment.expires_at !== null && assignment.expires_at <= now) return inactive('The invitation expired.');
    return closedChallenge(data, targets) ?? ACTIONABLE;
  }
  if (assignment.status !== 'declined') return inactive('You accepted this invitation.');
  if (assignment.withdrawn_at !== null) {
    if (assignment.task_status === 'completed') return inactive('The invitation was withdrawn: the task is done.');
    if (!isOpen(OPEN_TASK_STATUSES, assignment.task_status)) return inactive('Someone else took the task.');
    return closedChallenge(data, targets) ?? inactive('The company withdrew the invitation.');
  }
  return assignment.responded_at === null
    ? inactive('The invitation expired unanswered.')
    : inactive('You declined this invitation.');
};

const answerTeamInvitation: Check = (data, targets) => {
  if (data.team_id === undefined) return ACTIONABLE;
  const membership = targets.memberships.get(data.team_id);
  if (!membership) return inactive('The invitation was withdrawn.');
  if (membership.status === 'accepted') return inactive('You joined this team.');
  if (membership.status === 'declined') return inactive('You declined this invitation.');
  return closedChallenge(data, targets) ?? ACTIONABLE;
};

const reviewSolution: Check = (data, targets) => {
  if (data.assignment_id === undefined) return ACTIONABLE;
  const assignment = targets.assignments.get(data.assignment_id);
  if (!assignment) return inactive('The task was removed from its challenge.');
  if (assignment.status === 'completed') return inactive('You approved this work.');
  if (assignment.status !== 'submitted') return inactive('You sent this solution back for changes.');
  return ACTIONABLE;
};

const reviseSolution: Check = (data, targets) => {
  if (data.assignment_id === undefined) return ACTIONABLE;
  const assignment = targets.assignments.get(data.assignment_id);
  if (!assignment) return inactive('The task was removed from its challenge.');
  if (assignment.status === 'completed') return inactive('The task is complete.');
  if (assignment.status === 'submitted') return inactive('You handed in a new version.');
  return closedChallenge(data, targets) ?? ACTIONABLE;
};

const inviteApplicant: Check = (data, targets) => {
  if (data.task_id === undefined) return ACTIONABLE;
  const task = targets.tasks.get(data.task_id);
  if (!task) return inactive('The task was removed from its challenge.');
  if (task.status === 'completed') return inactive('The task is done.');
  if (!isOpen(OPEN_TASK_STATUSES, task.status)) return inactive('The task is staffed now.');
  return closedChallenge(data, targets) ?? ACTIONABLE;
};

/** The types that ask something of their recipient; every other type only reports, and stays actionable (open it). */
const CHECKS: Partial<Record<NotificationType, Check>> = {
  task_assignment: answerInvitation,
  team_invitation: answerTeamInvitation,
  solution_submitted: reviewSolution,
  solution_revision_requested: reviseSolution,
  task_interest: inviteApplicant,
};

const defined = (values: readonly (number | undefined)[]) => [
  ...new Set(values.filter((value): value is number => value !== undefined)),
];

/**
 * Notifications as the API answers them, with their action state and challenge: the targets of all `rows` (one
 * user's) are read in one query per kind, so a page costs the same few queries however long it is.
 */
export async function describeNotifications(
  db: Db,
  userId: number,
  rows: readonly NotificationRow[],
): Promise<Notification[]> {
  const { contexts } = await contextsOf(
    db,
    userId,
    rows.map((row) => ({ type: row.type, data: parseJson<NotificationData>(row.data, {}) })),
  );
  return rows.map((row, i) => toNotification(row, contexts[i]!));
}

/**
 * Each notification's action state and challenge (`contexts`), and what they were decided from, for a page kept whole
 * (src/http/user-pages.ts): the read versions of the targets, read with them; whether a target is gone; and when the
 * first invitation shown open expires (ms since the epoch; never, if none), which changes the page with no write.
 */
export type Contexts = {
  contexts: NotificationContext[];
  versions: VersionRead[];
  someGone: boolean;
  until: number;
};

/**
 * Each notification's action state and challenge, in the order given, from its type and `data` (the row's, parsed):
 * what `describeNotifications` adds to the rows, for callers that have no more of them (the kept heads).
 */
export async function contextsOf(
  db: Db,
  userId: number,
  parsed: readonly { type: string; data: NotificationData }[],
): Promise<Contexts> {
  if (parsed.length === 0) return { contexts: [], versions: [], someGone: false, until: Number.POSITIVE_INFINITY };
  const checked = parsed.filter((row) => Object.hasOwn(CHECKS, row.type));
  const targets = await findTargets(db, userId, {
    assignmentIds: defined(checked.map(({ data }) => data.assignment_id)),
    taskIds: defined(checked.filter((row) => row.type === 'task_interest').map(({ data }) => data.task_id)),
    teamIds: defined(checked.map(({ data }) => data.team_id)),
    challengeIds: defined(parsed.map(({ data }) => data.challenge_id)),
  });
  const now = new Date().toISOString();
  const contexts = parsed.map(({ type, data }) => {
    const check = CHECKS[type as NotificationType];
    const challenge = data.challenge_id === undefined ? undefined : targets.challenges.get(data.challenge_id);
    return {
      ...(check ? check(data, targets, now) : ACTIONABLE),
      challenge: challenge ? { id: challenge.id, title: challenge.title } : null,
    };
  });
  return { contexts, versions: targets.versions, someGone: targets.someGone, until: firstExpiry(targets, now) };
}

/** When the first invitation still open among the targets expires (`answerInvitation` compares it with now). */
function firstExpiry(targets: Targets, now: string): number {
  let first = Number.POSITIVE_INFINITY;
  for (const assignment of targets.assignments.values()) {
    if (assignment.status === 'invited' && assignment.expires_at !== null && assignment.expires_at > now) {
      first = Math.min(first, Date.parse(assignment.expires_at));
    }
  }
  return first;
}
