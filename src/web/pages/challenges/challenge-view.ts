import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { ChallengeChange, ChallengeDetail } from '../../../modules/challenges/challenges.schemas.ts';
import { isOpen } from '../../../modules/challenges/challenges.state.ts';

/** Who is invited to or working on each task; only the owning company gets this (null for everyone else). */
export type PeopleByTask = Map<number, Assignment[]> | null;

/**
 * What every section of the challenge page (`/challenges/{id}`) is rendered from: loaded once by detail.page.ts and
 * handed to each section, so a section that needs more for its part adds it here rather than loading the challenge
 * again.
 */
export type ChallengeView = {
  readonly challenge: ChallengeDetail;
  readonly user: AuthUser;
  /** The signed-in company owns the challenge: it manages it, sees who is invited and the internal analysis. */
  readonly isOwner: boolean;
  readonly people: PeopleByTask;
  /** The owner's change history of the plan and refined brief, newest first (null for everyone else). */
  readonly changes: readonly ChallengeChange[] | null;
  /** The challenge's team, for the owner (who reads it and talks with it); null for everyone else or without one. */
  readonly team: { id: number; name: string } | null;
};

/**
 * The owner may correct the plan (workstreams and tasks): a team challenge that is running, the API's rule
 * (plan-access.ts), so the page offers only what the API would accept.
 */
export function canEditPlan({ challenge, isOwner }: ChallengeView): boolean {
  return isOwner && challenge.challenge_type === 'team_execution' && isOpen(challenge.status);
}
