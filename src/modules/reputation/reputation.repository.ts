import { sql } from 'kysely';
import type { Dialect } from '../../db/column-types.ts';
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

/**
 * Holds, until the transaction ends, the right to decide a contributor's idea awards, so that parallel submissions
 * are counted against the caps one after another. PostgreSQL: a transaction-level advisory lock per contributor;
 * SQLite runs one write transaction at a time already.
 */
const IDEA_AWARDS_LOCK = 7_340_111;
export async function lockIdeaAwardsOf(db: Db, dialect: Dialect, volunteerId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${IDEA_AWARDS_LOCK}, ${volunteerId})`.execute(db);
}

/**
 * How many of a contributor's ideas earned the submission award: on the given challenge, and since the given time.
 * An award taken back (spam) still counts: the slot it used stays used.
 */
export async function countIdeaAwards(
  db: Db,
  volunteerId: number,
  challengeId: number,
  since: string,
): Promise<{ onChallenge: number; since: number }> {
  const row = await db
    .selectFrom('reputation_events')
    .innerJoin('ideas', (join) =>
      join.onRef('ideas.id', '=', 'reputation_events.subject_id').on('reputation_events.subject_type', '=', 'idea'),
    )
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('ideas.challenge_id', '=', challengeId).then(1).else(0).end())
        .as('on_challenge'),
      eb.fn
        .sum<number | string | null>(eb.case().when('reputation_events.created_at', '>=', since).then(1).else(0).end())
        .as('since'),
    ])
    .where('reputation_events.volunteer_id', '=', volunteerId)
    .where('reputation_events.reason', '=', 'idea_submitted')
    .executeTakeFirstOrThrow();
  return { onChallenge: Number(row.on_challenge ?? 0), since: Number(row.since ?? 0) };
}

/** The points a contributor holds for one subject: what it earned less what was taken back. */
export async function netPointsFor(
  db: Db,
  volunteerId: number,
  subject: { type: string; id: number },
): Promise<number> {
  const row = await db
    .selectFrom('reputation_events')
    .select((eb) => eb.fn.sum<number | string | null>('points').as('points'))
    .where('volunteer_id', '=', volunteerId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .executeTakeFirstOrThrow();
  return Number(row.points ?? 0);
}
