import type { Db } from '../../db/database.ts';
import { withdrawInvitations } from '../assignments/withdrawals.ts';
import { TASK_TRANSITIONS } from '../tasks/tasks.state.ts';
import { recordChallengeStatusChanged } from './challenge-events.ts';
import { lockChallenge, moveChallengeIfIn } from './challenges.repository.ts';
import { CHALLENGE_TRANSITIONS } from './challenges.state.ts';

/**
 * How the work on its tasks moves a challenge along. Accepting, completing an assignment and the owner's completion
 * hold the challenge's row first (`holdChallenge`): of two last tasks completing at once, the second then sees the
 * first and completes the challenge, in the same transaction as its own task; and transactions that withdraw
 * invitations never lock the same assignments in opposite orders (a deadlock on PostgreSQL).
 */
export async function holdChallenge(trx: Db, challengeId: number): Promise<void> {
  await lockChallenge(trx, challengeId);
}

/** Completes the challenge when every one of its tasks is completed; its open invitations are withdrawn. */
export async function finishChallengeIfAllTasksCompleted(trx: Db, challengeId: number, now: string): Promise<boolean> {
  const finished = await moveChallengeIfIn(
    trx,
    challengeId,
    CHALLENGE_TRANSITIONS.finish,
    now,
    TASK_TRANSITIONS.complete.to,
  );
  if (finished) {
    await withdrawInvitations(trx, { challengeId }, 'challenge_completed', now);
    await recordChallengeStatusChanged(trx, challengeId);
  }
  return finished;
}
