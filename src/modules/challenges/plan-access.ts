import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import type { ChallengeWithCompanyRow } from './challenges.repository.ts';
import { lockChallenge } from './challenges.repository.ts';
import { ownedChallenge } from './challenges.service.ts';
import { isOpen } from './challenges.state.ts';

const NO_PLAN_MESSAGE = 'This challenge collects ideas from the community: it has no workstreams or tasks to change.';

const PLAN_CLOSED_MESSAGE =
  'Only the plan of an active challenge or a challenge in progress can be changed; this one is not running.';

/**
 * The owner's challenge whose plan (workstreams and tasks) is about to change, its row held for the rest of the
 * transaction: accepting an invitation and completing an assignment hold it too (challenge-progress.ts), so an edit
 * that checks "no work under way on this task" cannot interleave with an accept. 404 when the caller may not see the
 * challenge, 403 when it is another company's, 422 while its analysis has not planned it (or planned ideas instead),
 * and once it stopped running (completed, archived).
 */
export async function holdPlanOf(trx: Db, caller: AuthUser, challengeId: number): Promise<ChallengeWithCompanyRow> {
  await lockChallenge(trx, challengeId);
  const challenge = await ownedChallenge(trx, caller, challengeId);
  if (challenge.challenge_type === 'community_discussion') throw AppError.invalidState(NO_PLAN_MESSAGE);
  if (!isOpen(challenge.status) || challenge.challenge_type !== 'team_execution') {
    throw AppError.invalidState(PLAN_CLOSED_MESSAGE);
  }
  return challenge;
}
