import type { Db } from '../../db/database.ts';
import { deleteLoginAttempt, findLoginAttempt, upsertLoginFailure } from './login-attempts.repository.ts';

/**
 * Web login attempts (docs/contract.md §5): after 5 failures for one (lower-cased email, IP address) pair, further
 * attempts are refused for 60 seconds. Kept in the database so the limit holds across processes. A success clears the
 * pair.
 */
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 60;

const keyOf = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

/** Seconds until this pair may try again, or 0 when it may try now. */
export async function lockedForSeconds(db: Db, email: string, ip: string, now = new Date()): Promise<number> {
  const row = await findLoginAttempt(db, keyOf(email, ip));
  if (!row || row.failures < MAX_FAILURES) return 0;
  const remaining = Date.parse(row.last_failed_at) + LOCK_SECONDS * 1000 - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

export async function recordFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const lockExpiredBefore = new Date(now.getTime() - LOCK_SECONDS * 1000).toISOString();
  await upsertLoginFailure(db, keyOf(email, ip), now.toISOString(), lockExpiredBefore);
}

export async function clearFailures(db: Db, email: string, ip: string): Promise<void> {
  await deleteLoginAttempt(db, keyOf(email, ip));
}
