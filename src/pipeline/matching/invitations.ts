import type { AppDeps } from '../../app-deps.ts';
import { recordAssignmentChanged } from '../../modules/assignments/assignment-events.ts';
import { countOpenInvitations, insertInvitation } from '../../modules/assignments/assignments.repository.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { lockOpenTask, markTaskMatching } from '../../modules/tasks/tasks.repository.ts';
import type { MatchableTask } from './matching-inputs.ts';
import { explainMatch } from './reasoning.ts';
import type { Match } from './scoring.ts';

/** What matching uses of the application: the database, and the queue that takes the team-formation job. */
export type MatchingDeps = Pick<AppDeps, 'db' | 'queue'>;

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
      const assignmentId = await insertInvitation(trx, {
        taskId: task.id,
        volunteerId: match.candidate.volunteerId,
        matchScore: match.score,
        matchReasoning: JSON.stringify(explainMatch(task, match.score, match.factors)),
        now,
      });
      if (assignmentId === undefined) continue;
      slots--;
      invited.push(assignmentId);
      await notify(trx, {
        userId: match.candidate.userId,
        type: 'task_assignment',
        title: 'You are invited to a task',
        message:
          `You have been invited to the task "${task.title}" of the challenge "${task.challengeTitle}" ` +
          `(match score ${match.score}/100). Accept or decline the invitation.`,
        actionUrl: `/assignments/${assignmentId}`,
        data: { challenge_id: task.challengeId, task_id: task.id, assignment_id: assignmentId },
      });
      await recordAssignmentChanged(trx, assignmentId);
    }
    if (invited.length > 0) {
      await markTaskMatching(trx, task.id, now);
      await deps.queue.enqueue(trx, 'challenge.form-team', { challengeId: task.challengeId });
    }
    return invited;
  });
}
