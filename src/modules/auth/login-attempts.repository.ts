import type { Db } from '../../db/database.ts';

/** `login_attempts`: failed web sign-ins per (email, IP) key; the throttle (login-throttle.ts) owns the rules. */
export function findLoginAttempt(db: Db, key: string) {
  return db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Counts one more failure at `at`; a count whose last failure is older than `lockExpiredBefore` starts again at 1. */
export async function upsertLoginFailure(db: Db, key: string, at: string, lockExpiredBefore: string): Promise<void> {
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

export async function deleteLoginAttempt(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
