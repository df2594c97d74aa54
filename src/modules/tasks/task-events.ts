import type { Db } from '../../db/database.ts';
import { companyUserOfChallenge } from '../challenges/challenge-analysis.repository.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { loadTasks } from './tasks.loader.ts';

/**
 * The `task.created` webhook event, in the transaction that planned the task: the task as GET /api/tasks/{id} shows
 * it, to the webhooks of the challenge's company.
 */
export async function recordTaskCreated(trx: Db, taskId: number, challengeId: number): Promise<void> {
  const companyUserId = await companyUserOfChallenge(trx, challengeId);
  if (companyUserId === null) return;
  await recordEvent(trx, {
    type: 'task.created',
    recipients: [companyUserId],
    data: async () => (await loadTasks(trx, { ids: [taskId] }))[0],
  });
}
