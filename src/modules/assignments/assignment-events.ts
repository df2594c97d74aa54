import type { Db } from '../../db/database.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { loadAssignmentsByIds } from './assignments.loader.ts';
import { findAssignmentContext } from './assignments.repository.ts';

/**
 * The `assignment.status_changed` webhook event, in the transaction of the move (invited, accepted, declined or
 * withdrawn, in progress, submitted, sent back for revision, completed): the assignment as GET /api/assignments/{id}
 * shows it, to the webhooks of its two parties, the contributor and the challenge's company.
 */
export async function recordAssignmentChanged(trx: Db, assignmentId: number): Promise<void> {
  const context = await findAssignmentContext(trx, assignmentId);
  if (!context) return;
  await recordEvent(trx, {
    type: 'assignment.status_changed',
    recipients: [context.volunteer_user_id, context.company_user_id],
    data: async () => (await loadAssignmentsByIds(trx, [assignmentId])).get(assignmentId),
  });
}
