import type { Db } from '../../db/database.ts';

/** `login_attempts`: sign-in attempts per key; the throttle (login-throttle.ts) owns the keys and the rules. */
export function findLoginAttempt(db: Db, key: string) {
  return db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * One band of a lock: a key with at least `failures` counted attempts (and fewer than the next band's) is refused
 * while its last attempt is later than `lockedAfter`.
 */
export type LockStep = { failures: number; lockedAfter: string };

/**
 * Counts one more attempt at `at` for `key` unless the key is locked, in one statement: an insert, or an update whose
 * own `where` refuses a locked row, so concurrent attempts cannot all pass a check made before any of them is
 * counted (the database serialises the statements on the row). A count whose last attempt is older than
 * `countResetBefore` starts again at 1. `steps` is ordered by `failures`, lowest first. Returns the new count, or null
 * when the key was locked (nothing written).
 */
export async function countAttemptUnlessLocked(
  db: Db,
  key: string,
  at: string,
  countResetBefore: string,
  steps: readonly [LockStep, ...LockStep[]],
): Promise<number | null> {
  const row = await db
    .insertInto('login_attempts')
    .values({ key, failures: 1, last_failed_at: at })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          // A count that has run out starts afresh rather than locking again at the next mistake.
          failures: eb
            .case()
            .when('login_attempts.last_failed_at', '<', countResetBefore)
            .then(1)
            .else(eb('login_attempts.failures', '+', 1))
            .end(),
          last_failed_at: at,
        }))
        .where((eb) =>
          eb.not(
            eb.or(
              steps.map((step, index) => {
                const next = steps[index + 1];
                return eb.and([
                  eb('login_attempts.failures', '>=', step.failures),
                  ...(next ? [eb('login_attempts.failures', '<', next.failures)] : []),
                  eb('login_attempts.last_failed_at', '>', step.lockedAfter),
                ]);
              }),
            ),
          ),
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? Number(row.failures) : null;
}

export async function deleteLoginAttempts(db: Db, keys: readonly string[]): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('key', 'in', [...keys])
    .execute();
}
