import type { Db } from '../../db/database.ts';

/**
 * Web login attempts (seed, Limits): after 5 failures for one (lower-cased email, IP address) pair, further attempts
 * are refused for 60 seconds. Kept in the database so the limit holds across processes. A success clears the pair.
 */
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 60;

const keyOf = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

/** Seconds until this pair may try again, or 0 when it may try now. */
export async function lockedForSeconds(db: Db, email: string, ip: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', keyOf(email, ip)).executeTakeFirst();
  if (!row || row.failures < MAX_FAILURES) return 0;
  const remaining = Date.parse(row.last_failed_at) + LOCK_SECONDS * 1000 - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

export async function recordFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const key = keyOf(email, ip);
  const at = now.toISOString();
  const lockExpiredBefore = new Date(now.getTime() - LOCK_SECONDS * 1000).toISOString();
  await db
    .insertInto('login_attempts')
    .values({ key, failures: 1, last_failed_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        // A lock that has run out starts a fresh count rather than locking again at the next mistake.
        failures: eb
          .case()
          .when('login_attempts.last_failed_at', '<', lockExpiredBefore)
          .then(1)
          .else(eb('login_attempts.failures', '+', 1))
          .end(),
        last_failed_at: at,
      })),
    )
    .execute();
}

export async function clearFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', keyOf(email, ip)).execute();
}
