import type { AppDeps } from '../../app-deps.ts';
import { recordAssignmentChanged } from './assignment-events.ts';
import { notifyInvitationExpired } from './assignments.notifications.ts';
import { findAssignmentContext, findExpiredInvitationIds, updateAssignmentIfStatus } from './assignments.repository.ts';
import { ASSIGNMENT_TRANSITIONS } from './assignments.state.ts';

/** Invitations one run handles; a run that filled it goes on with the next batch. */
const BATCH = 100;

/**
 * Ends the open invitations whose INVITATION_TTL_HOURS ran out: each becomes `declined` with the reason (its
 * `responded_at` and `withdrawn_at` stay null, which is how an expiry reads), its invitee is told
 * (`invitation_expired`), and `task.match` is queued for its task so the next candidate is invited. One transaction
 * per invitation, each a compare-and-set on `invited`: an invitee accepting at that moment either answered first or
 * gets the expired invitation's 422. Returns the ids it expired.
 */
export async function expireInvitations(
  deps: Pick<AppDeps, 'db' | 'queue' | 'config'>,
  now: string = new Date().toISOString(),
): Promise<number[]> {
  const hours = deps.config.invitations.ttlHours;
  const reason = `The invitation expired: it was not answered within ${hours} hours.`;
  const expired: number[] = [];
  for (;;) {
    const ids = await findExpiredInvitationIds(deps.db, now, BATCH);
    for (const id of ids) {
      const done = await deps.db.transaction().execute(async (trx) => {
        const moved = await updateAssignmentIfStatus(trx, id, ASSIGNMENT_TRANSITIONS.expire.from, {
          status: ASSIGNMENT_TRANSITIONS.expire.to,
          decline_reason: reason,
          updated_at: now,
        });
        if (!moved) return false;
        const assignment = await findAssignmentContext(trx, id);
        if (assignment) {
          await notifyInvitationExpired(trx, assignment, hours);
          await deps.queue.enqueue(trx, 'task.match', { taskId: assignment.task_id });
        }
        await recordAssignmentChanged(trx, id);
        return true;
      });
      if (done) expired.push(id);
    }
    if (ids.length < BATCH) return expired;
  }
}
