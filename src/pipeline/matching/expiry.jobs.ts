import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { expireInvitations } from '../../modules/assignments/expiry.ts';

/**
 * Queued on a timer (PERIODIC_JOBS): ends the invitations whose time ran out; each queues `task.match` for its task,
 * which invites the next candidate. Idempotent: an invitation expires once (a compare-and-set on `invited`).
 */
export const expireInvitationsJob: JobDefinition<AppDeps, 'assignments.expire-invitations'> = {
  async handle(deps) {
    await expireInvitations(deps);
  },
};
