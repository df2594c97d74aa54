import type { Db } from '../../db/database.ts';
import { addToReputationScore } from '../volunteers/volunteers.repository.ts';
import { hasReputationEvent, insertReputationEvent } from './reputation.repository.ts';

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
