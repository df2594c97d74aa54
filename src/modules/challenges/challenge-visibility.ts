import type { ChallengeRow } from '../../db/schema.ts';

/**
 * Who may see a challenge (docs/contract.md §4): every signed-in user sees the ones that are open or done; the owning
 * company sees its own in every status. Anything else answers 404, not 403, so ids do not reveal drafts.
 */
export const PUBLIC_CHALLENGE_STATUSES = ['active', 'in_progress', 'completed'] as const;

export function isPubliclyVisible(status: string): boolean {
  return (PUBLIC_CHALLENGE_STATUSES as readonly string[]).includes(status);
}

export function canSeeChallenge(
  challenge: Pick<ChallengeRow, 'status' | 'company_id'>,
  callerCompanyId: number | null,
) {
  return isPubliclyVisible(challenge.status) || challenge.company_id === callerCompanyId;
}
