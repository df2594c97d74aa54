import type { Db } from '../../db/database.ts';
import { refreshFeedOf, shortFeeds } from './task-fit.repository.ts';

/** Feeds one refill run recomputes; the next run (a minute later) takes the rest. */
const REFILL_BATCH = 50;

/**
 * Tops up the truncated feeds that ran low (task-fit.repository.ts): each contributor's best fits computed again, in
 * a transaction of its own so that a long batch holds no feed for long. Run by the periodic `task-fit.refill` job; a
 * feed refilled twice is the same feed.
 */
export async function refillShortFeeds(db: Db): Promise<number> {
  const volunteerIds = await shortFeeds(db, REFILL_BATCH);
  for (const volunteerId of volunteerIds) {
    await db.transaction().execute((trx) => refreshFeedOf(trx, volunteerId));
  }
  return volunteerIds.length;
}
