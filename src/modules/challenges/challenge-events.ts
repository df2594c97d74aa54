import type { Db } from '../../db/database.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { companyUserOfChallenge } from './challenge-analysis.repository.ts';
import { toChallenge } from './challenges.mapper.ts';
import { findChallengeWithCompany } from './challenges.repository.ts';

/**
 * The `challenge.status_changed` webhook event, in the transaction of the move: the challenge as its company reads it
 * (GET /api/challenges/{id} without the embedded lists), to the company's webhooks. Contributors follow their part
 * through assignment and notification events (docs/api.md, Webhooks).
 */
export async function recordChallengeStatusChanged(
  trx: Db,
  challengeId: number,
  /** The company's user when the caller knows it (the company that just submitted it): one read less. */
  knownCompanyUserId?: number,
): Promise<void> {
  const companyUserId = knownCompanyUserId ?? (await companyUserOfChallenge(trx, challengeId));
  if (companyUserId === null) return;
  await recordEvent(trx, {
    type: 'challenge.status_changed',
    recipients: [companyUserId],
    data: async () => {
      const row = await findChallengeWithCompany(trx, challengeId);
      return row && toChallenge(row);
    },
  });
}
