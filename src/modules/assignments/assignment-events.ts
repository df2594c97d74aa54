import type { Db } from '../../db/database.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { loadAssignmentsByIds } from './assignments.loader.ts';
import { type AssignmentContext, findAssignmentContext } from './assignments.repository.ts';

/** Whose webhooks hear of an assignment's moves: its two parties. */
export type AssignmentParties = Pick<AssignmentContext, 'id' | 'volunteer_user_id' | 'company_user_id'>;

/**
 * The `assignment.status_changed` webhook event, in the transaction of the move (invited, accepted, declined or
 * withdrawn, in progress, submitted, sent back for revision, completed): the assignment as GET /api/assignments/{id}
 * shows it, to the webhooks of its two parties, the contributor and the challenge's company. A move that has already
 * read the assignment's context passes it (`recordAssignmentMoved`): the parties cannot change with the move, so
 * reading them again in the same transaction would only cost a statement.
 */
export async function recordAssignmentChanged(trx: Db, assignmentId: number): Promise<void> {
  const context = await findAssignmentContext(trx, assignmentId);
  if (context) await recordAssignmentMoved(trx, context);
}

export async function recordAssignmentMoved(trx: Db, assignment: AssignmentParties): Promise<void> {
  await recordEvent(trx, {
    type: 'assignment.status_changed',
    recipients: [assignment.volunteer_user_id, assignment.company_user_id],
    data: async () => (await loadAssignmentsByIds(trx, [assignment.id])).get(assignment.id),
  });
}
