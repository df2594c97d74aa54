import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { OPEN_TASK_STATUSES } from '../../modules/tasks/tasks.state.ts';
import { countOpenInvitations, type MatchableTask } from './matching.repository.ts';
import { explainMatch } from './reasoning.ts';
import type { Match } from './scoring.ts';

/** What matching uses of the application: the database, and the queue that takes the team-formation job. */
export type MatchingDeps = Pick<AppDeps, 'db' | 'queue'>;

/**
 * Takes the task's row lock for the rest of the transaction, if the task still looks for people. A write as the first
 * statement: on PostgreSQL it locks the row, on SQLite it takes the write lock up front (a read first would risk a
 * busy error when the transaction later writes). Two matching runs on one task thus count open invitations in turn.
 */
async function lockOpenTask(trx: Db, taskId: number): Promise<boolean> {
  const result = await trx
    .updateTable('tasks')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', taskId)
    .where('status', 'in', [...OPEN_TASK_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Invites the best of `ranked` until the task holds `invitationsPerTask` open invitations, in one transaction: the
 * assignments (`invited`, with score and reasoning), a `task_assignment` notification each, the task to `matching`,
 * and a `challenge.form-team` job. Someone who meanwhile got an assignment on the task is skipped by the unique
 * (task_id, volunteer_id) key rather than invited twice. Returns the new assignment ids.
 */
export async function inviteBest(
  deps: MatchingDeps,
  task: MatchableTask,
  ranked: readonly Match[],
  invitationsPerTask: number,
): Promise<number[]> {
  if (ranked.length === 0) return [];
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockOpenTask(trx, task.id))) return [];
    let slots = invitationsPerTask - (await countOpenInvitations(trx, task.id));
    const invited: number[] = [];
    const now = new Date().toISOString();
    for (const match of ranked) {
      if (slots <= 0) break;
      const row = await trx
        .insertInto('assignments')
        .values({
          task_id: task.id,
          volunteer_id: match.candidate.volunteerId,
          status: 'invited',
          match_score: match.score,
          match_reasoning: JSON.stringify(explainMatch(task, match.score, match.factors)),
          decline_reason: null,
          invited_at: now,
          responded_at: null,
          started_at: null,
          submitted_at: null,
          completed_at: null,
          actual_hours: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['task_id', 'volunteer_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      slots--;
      invited.push(row.id);
      await notify(trx, {
        userId: match.candidate.userId,
        type: 'task_assignment',
        title: 'You are invited to a task',
        message:
          `You have been invited to the task "${task.title}" of the challenge "${task.challengeTitle}" ` +
          `(match score ${match.score}/100). Accept or decline the invitation.`,
        actionUrl: `/assignments/${row.id}`,
        data: { challenge_id: task.challengeId, task_id: task.id, assignment_id: row.id },
      });
    }
    if (invited.length > 0) {
      await trx
        .updateTable('tasks')
        .set({ status: 'matching', updated_at: now })
        .where('id', '=', task.id)
        .where('status', '=', 'pending')
        .execute();
      await deps.queue.enqueue(trx, 'challenge.form-team', { challengeId: task.challengeId });
    }
    return invited;
  });
}
