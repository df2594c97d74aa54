import type { Db } from '../../db/database.ts';

/** Reputation points (contract §7). Every change is logged in `reputation_events` with its reason. */
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
  await db
    .insertInto('reputation_events')
    .values({
      volunteer_id: volunteerId,
      points,
      reason,
      subject_type: subject?.type ?? null,
      subject_id: subject?.id ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .updateTable('volunteers')
    .set((eb) => ({ reputation_score: eb('reputation_score', '+', points) }))
    .where('id', '=', volunteerId)
    .execute();
  return points;
}
