import type { Db } from '../../db/database.ts';

export type NewReputationEvent = {
  volunteerId: number;
  points: number;
  reason: string;
  subject: { type: string; id: number } | null;
  now: string;
};

export async function insertReputationEvent(db: Db, event: NewReputationEvent): Promise<void> {
  await db
    .insertInto('reputation_events')
    .values({
      volunteer_id: event.volunteerId,
      points: event.points,
      reason: event.reason,
      subject_type: event.subject?.type ?? null,
      subject_id: event.subject?.id ?? null,
      created_at: event.now,
    })
    .execute();
}

export async function hasReputationEvent(db: Db, volunteerId: number, reason: string): Promise<boolean> {
  const row = await db
    .selectFrom('reputation_events')
    .select('id')
    .where('volunteer_id', '=', volunteerId)
    .where('reason', '=', reason)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
