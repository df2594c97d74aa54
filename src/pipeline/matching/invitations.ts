import type { AppDeps } from '../../app-deps.ts';
import { countOpenInvitations } from '../../modules/assignments/assignments.repository.ts';
import { afterInvitations, createInvitation } from '../../modules/assignments/invitations.ts';
import type { MatchableTask } from '../../modules/matching/matching-inputs.ts';
import type { Ranking } from '../../modules/matching/ranking.ts';
import { explainMatch } from '../../modules/matching/reasoning.ts';
import { type Match, waitsBeside } from '../../modules/matching/scoring.ts';
import { lockOpenTask } from '../../modules/tasks/tasks.repository.ts';

/**
 * What matching uses of the application: the database, the queue that takes the team-formation job, and what
 * inviting needs (the invitation limits, the engine).
 */
export type MatchingDeps = Pick<AppDeps, 'db' | 'queue' | 'config' | 'dialect'>;

/** How long matching waits before it tries again a task whose best candidate was being invited elsewhere. */
const BUSY_RETRY_MS = 2000;

/**
 * Invites the best of `ranking` until the task holds `invitationsPerTask` open invitations, in one transaction: the
 * invitations (through `createInvitation`, with score and reasoning), the task to `matching`, and a
 * `challenge.form-team` job. Someone who meanwhile got an assignment on the task, or who already holds
 * MAX_OPEN_INVITATIONS open invitations, is passed over for the next in line. A round whose best works in the field
 * of the work, or whose task holds an open invitation to such a person (`tradeInvited`), invites nobody from outside
 * it (`waitsBeside`): the places stay open rather than go to an outsider.
 * Someone being invited by another transaction right now (PostgreSQL: their row is locked) is passed over too, but
 * only for the moment: when the task is left with room while such a candidate was passed over, `task.match` runs
 * again shortly (BUSY_RETRY_MS), so two tasks matched at once do not leave a contributor uninvited to the one that
 * fits them best. Returns the new assignment ids.
 */
export async function inviteBest(
  deps: MatchingDeps,
  task: MatchableTask,
  ranking: Ranking,
  invitationsPerTask: number,
  tradeInvited = false,
): Promise<number[]> {
  // The best is read before the transaction: a task nobody fits opens none, and the task's lock waits for no reads
  // unless someone is passed over.
  const best = await ranking.next(deps.db);
  if (!best) return [];
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockOpenTask(trx, task.id))) return [];
    let slots = invitationsPerTask - (await countOpenInvitations(trx, task.id));
    const invited: number[] = [];
    let passedOverBusy = false;
    const now = new Date().toISOString();
    let match: Match | undefined = best;
    // Ranking puts the people of the trade first: once an outsider comes after one of them, the rest wait too.
    const lead = tradeInvited ? { ownField: true } : best;
    while (match && slots > 0 && !waitsBeside(lead, match)) {
      const outcome = await createInvitation(
        trx,
        deps,
        {
          task,
          volunteerId: match.candidate.volunteerId,
          userId: match.candidate.userId,
          matchScore: match.score,
          matchReasoning: JSON.stringify(explainMatch(task, match.score, match.factors)),
          messageDetail: `(match score ${match.score}/100)`,
          invitedBy: 'matching',
          note: null,
        },
        { now, skipLocked: true },
      );
      if ('assignmentId' in outcome) {
        slots--;
        invited.push(outcome.assignmentId);
      } else if (outcome.refused === 'busy') passedOverBusy = true;
      if (slots > 0) match = await ranking.next(trx);
    }
    if (invited.length > 0) await afterInvitations(trx, deps.queue, task, now);
    if (passedOverBusy && slots > 0) {
      const runAt = new Date(Date.parse(now) + BUSY_RETRY_MS);
      await deps.queue.enqueue(trx, 'task.match', { taskId: task.id }, { runAt });
    }
    return invited;
  });
}
