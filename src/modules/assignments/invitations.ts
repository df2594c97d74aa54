import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import type { InvitedBy } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { notify } from '../notifications/notify.ts';
import { markTaskMatching } from '../tasks/tasks.repository.ts';
import { lockVolunteerForInvitation } from '../volunteers/volunteers.repository.ts';
import { recordAssignmentChanged } from './assignment-events.ts';
import { countOpenInvitationsOf, insertInvitation } from './assignments.repository.ts';

/** What inviting needs of the application: the limits (config.invitations) and the engine, for the row lock. */
export type InvitingDeps = Pick<AppDeps, 'config' | 'dialect'>;

export type InvitationOffer = {
  task: { id: number; title: string; challengeId: number; challengeTitle: string };
  volunteerId: number;
  /** The invitee's user, who is notified. */
  userId: number;
  matchScore: number | null;
  /** The JSON the assignment shows as its match reasoning, or null (a company's invitation without a score). */
  matchReasoning: string | null;
  /** What the notification adds after naming the task: the score, or the company's note. */
  messageDetail: string;
  /** Who chose the contributor: matching, or the owning company (issue 12, item 3), whose note the assignment keeps. */
  invitedBy: InvitedBy;
  note: string | null;
};

/**
 * Why no invitation was made: the contributor already has an assignment on the task (any status); holds
 * MAX_OPEN_INVITATIONS open invitations; or (matching only, PostgreSQL) is being invited by another transaction
 * right now.
 */
export type InvitationRefusal = 'has_assignment' | 'at_limit' | 'busy';

export type InvitationOutcome = { assignmentId: number } | { refused: InvitationRefusal };

/**
 * The one function that makes an invitation, for matching and for a company inviting someone alike (issue 13,
 * item 1), in the caller's transaction: the `invited` assignment with its expiry (`INVITATION_TTL_HOURS` from now),
 * the `task_assignment` notification and the webhook event. The contributor's row is held first, so their open
 * invitations are counted after every earlier invitation to them committed and MAX_OPEN_INVITATIONS holds under
 * concurrent invitations too. The caller holds the task's row before this (`lockOpenTask`): task, then contributor,
 * the one order every inviter locks in. `skipLocked` passes over a contributor being invited elsewhere right now
 * (matching, which then invites the next candidate) instead of waiting.
 */
export async function createInvitation(
  trx: Db,
  deps: InvitingDeps,
  offer: InvitationOffer,
  options: { now: string; skipLocked: boolean },
): Promise<InvitationOutcome> {
  const { now } = options;
  const { maxOpenPerContributor, ttlHours } = deps.config.invitations;
  if (!(await lockVolunteerForInvitation(trx, deps.dialect, offer.volunteerId, options.skipLocked))) {
    return { refused: 'busy' };
  }
  if ((await countOpenInvitationsOf(trx, offer.volunteerId, now)) >= maxOpenPerContributor) {
    return { refused: 'at_limit' };
  }
  const expiresAt = new Date(Date.parse(now) + ttlHours * 3600_000).toISOString();
  const assignmentId = await insertInvitation(trx, {
    taskId: offer.task.id,
    volunteerId: offer.volunteerId,
    matchScore: offer.matchScore,
    matchReasoning: offer.matchReasoning,
    invitedBy: offer.invitedBy,
    note: offer.note,
    now,
    expiresAt,
  });
  if (assignmentId === undefined) return { refused: 'has_assignment' };
  await notify(trx, {
    userId: offer.userId,
    type: 'task_assignment',
    title: 'You are invited to a task',
    message:
      `You have been invited to the task "${offer.task.title}" of the challenge "${offer.task.challengeTitle}" ` +
      `${offer.messageDetail}. Accept or decline the invitation within ${ttlHours} hours; after that it expires.`,
    actionUrl: `/assignments/${assignmentId}`,
    data: { challenge_id: offer.task.challengeId, task_id: offer.task.id, assignment_id: assignmentId },
  });
  await recordAssignmentChanged(trx, assignmentId);
  return { assignmentId };
}

/**
 * After a task's invitations were made (in the same transaction): a `pending` task is now `matching`, and the
 * challenge's team is formed or joined by the new invitees (`challenge.form-team`). Matching and a company's
 * invitation both end with it.
 */
export async function afterInvitations(
  trx: Db,
  queue: JobQueue,
  task: InvitationOffer['task'],
  now: string,
): Promise<void> {
  await markTaskMatching(trx, task.id, now);
  await queue.enqueue(trx, 'challenge.form-team', { challengeId: task.challengeId });
}
