import type { Dialect } from '../../db/column-types.ts';
import type { Db } from '../../db/database.ts';
import { addToReputationScore } from '../volunteers/volunteers.repository.ts';
import {
  countIdeaAwards,
  hasReputationEvent,
  insertReputationEvent,
  lockIdeaAwardsOf,
  netPointsFor,
} from './reputation.repository.ts';

/** Reputation points (docs/contract.md §7). Every change is logged in `reputation_events` with its reason. */
export const REPUTATION_POINTS = {
  profile_completed: 10,
  first_cv_upload: 20,
  idea_submitted: 5,
  task_completed: 25,
} as const;

export type ReputationReason = keyof typeof REPUTATION_POINTS;

/** The multiplier of a completed task's points, by the challenge's score band. */
export function scoreBandMultiplier(score: number | null): number {
  if (score === null) return 1;
  if (score <= 2) return 0.5;
  if (score <= 4) return 0.75;
  if (score <= 6) return 1;
  if (score <= 8) return 1.25;
  if (score === 9) return 1.5;
  return 2;
}

/**
 * The multiplier of a completed task's points by the company's rating of the work (issue 12, item 5): 3 of 5 is the
 * plain award, each star above or below moves it by a quarter (1 → ×0.5 … 5 → ×1.5). Approved work always earns
 * something; no rating counts as 3, so a company that does not rate neither rewards nor penalises. It multiplies
 * the score band's multiplier, and the product is rounded once.
 */
export function ratingMultiplier(rating: number | null): number {
  return rating === null ? 1 : 1 + (rating - 3) * 0.25;
}

/** Awards points in the caller's transaction and returns how many were awarded. */
export async function awardReputation(
  db: Db,
  volunteerId: number,
  reason: ReputationReason,
  subject: { type: string; id: number } | null = null,
  multiplier = 1,
): Promise<number> {
  const points = Math.round(REPUTATION_POINTS[reason] * multiplier);
  await insertReputationEvent(db, { volunteerId, points, reason, subject, now: new Date().toISOString() });
  await addToReputationScore(db, volunteerId, points);
  return points;
}

/** Whether the contributor was ever awarded points for `reason` (for the one-time awards). */
export function hasBeenAwarded(db: Db, volunteerId: number, reason: ReputationReason): Promise<boolean> {
  return hasReputationEvent(db, volunteerId, reason);
}

/**
 * What ideas may earn (docs/contract.md §7): each idea earns `idea_submitted` once, and only a contributor's first
 * ideas earn it — at most `perChallenge` on one challenge, and at most `perDay` in any 24 hours. Further ideas are
 * welcome but earn nothing, so reputation cannot be farmed by posting many.
 */
export const IDEA_AWARD_LIMITS = { perChallenge: 3, perDay: 5 } as const;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Awards a new idea its points if the caps leave room, in the caller's transaction (the one that stores the idea).
 * Returns the points awarded: `idea_submitted`'s, or 0 past a cap.
 */
export async function awardIdeaReputation(
  db: Db,
  dialect: Dialect,
  volunteerId: number,
  idea: { id: number; challengeId: number },
  now = new Date(),
): Promise<number> {
  await lockIdeaAwardsOf(db, dialect, volunteerId);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const earned = await countIdeaAwards(db, volunteerId, idea.challengeId, since);
  if (earned.onChallenge >= IDEA_AWARD_LIMITS.perChallenge || earned.since >= IDEA_AWARD_LIMITS.perDay) return 0;
  return awardReputation(db, volunteerId, 'idea_submitted', { type: 'idea', id: idea.id });
}

/**
 * Takes back everything an idea earned its author (an idea judged spam), exactly: the sum of the idea's events, as an
 * `idea_clawed_back` event of the opposite sign. Run twice, the second finds nothing left to take. Returns the points
 * taken back.
 */
export async function clawBackIdeaReputation(db: Db, volunteerId: number, ideaId: number): Promise<number> {
  const subject = { type: 'idea', id: ideaId };
  const earned = await netPointsFor(db, volunteerId, subject);
  if (earned === 0) return 0;
  await insertReputationEvent(db, {
    volunteerId,
    points: -earned,
    reason: 'idea_clawed_back',
    subject,
    now: new Date().toISOString(),
  });
  await addToReputationScore(db, volunteerId, -earned);
  return earned;
}
