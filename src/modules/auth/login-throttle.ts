import type { Db } from '../../db/database.ts';
import {
  countAttemptUnlessLocked,
  deleteLoginAttempts,
  findLoginAttempt,
  type LockStep,
} from './login-attempts.repository.ts';

/**
 * Password sign-in attempts (docs/contract.md §5, docs/security.md), kept in the database so the limits hold across
 * processes, under two keys:
 * - per (lower-cased email, client address): after 5 attempts that did not succeed, that pair is refused for 60
 *   seconds (then a fresh count);
 * - per account (the lower-cased email, from every address): from the 10th attempt within 15 minutes, each further
 *   one waits 1, 2, 4 … seconds after the last, at most 5 minutes, so guessing from many addresses stays slow while
 *   the owner is never locked out for long.
 * Every attempt is counted *before* its password is checked, by a statement that refuses to count on a locked key
 * (`countAttemptUnlessLocked`): of any number of parallel guesses at most 5 per pair are ever checked. A success
 * clears both counts.
 */
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 60;
export const ACCOUNT_FREE_ATTEMPTS = 10;
export const ACCOUNT_MAX_DELAY_SECONDS = 300;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;

const normalised = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `${normalised(email)}|${ip}`;
// No client address contains "@" or starts a key, so this cannot meet a pair key.
const accountKey = (email: string) => `account|${normalised(email)}`;

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

/** The account-wide wait after `attempts` counted attempts: none for the first 10, then doubling, capped. */
export function accountDelaySeconds(attempts: number): number {
  if (attempts < ACCOUNT_FREE_ATTEMPTS) return 0;
  return Math.min(2 ** (attempts - ACCOUNT_FREE_ATTEMPTS), ACCOUNT_MAX_DELAY_SECONDS);
}

function pairSteps(now: Date): [LockStep, ...LockStep[]] {
  return [{ failures: MAX_FAILURES, lockedAfter: secondsBefore(now, LOCK_SECONDS) }];
}

function accountSteps(now: Date): [LockStep, ...LockStep[]] {
  const steps: LockStep[] = [];
  for (let attempts = ACCOUNT_FREE_ATTEMPTS; ; attempts++) {
    const delay = accountDelaySeconds(attempts);
    steps.push({ failures: attempts, lockedAfter: secondsBefore(now, delay) });
    if (delay >= ACCOUNT_MAX_DELAY_SECONDS) break;
  }
  return steps as [LockStep, ...LockStep[]];
}

function remainingSeconds(lastAt: string, lockSeconds: number, now: Date): number {
  const remaining = Date.parse(lastAt) + lockSeconds * 1000 - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/** Seconds until this email may be tried from this address again, or 0 when it may be tried now. */
export async function lockedForSeconds(db: Db, email: string, ip: string, now = new Date()): Promise<number> {
  const [pair, account] = await Promise.all([
    findLoginAttempt(db, pairKey(email, ip)),
    findLoginAttempt(db, accountKey(email)),
  ]);
  const pairWait =
    pair && pair.failures >= MAX_FAILURES ? remainingSeconds(String(pair.last_failed_at), LOCK_SECONDS, now) : 0;
  const accountWait = account
    ? remainingSeconds(String(account.last_failed_at), accountDelaySeconds(account.failures), now)
    : 0;
  return Math.max(pairWait, accountWait);
}

/**
 * Counts an attempt before its password is checked, unless the pair or the account is locked: 0 when the attempt
 * may go on, else the seconds to wait (at least 1). The pair is counted first, so guesses refused by their own
 * address's lock do not slow the account down for its owner elsewhere.
 */
export async function admitAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const pair = await countAttemptUnlessLocked(
    db,
    pairKey(email, ip),
    at,
    secondsBefore(now, LOCK_SECONDS),
    pairSteps(now),
  );
  if (pair !== null) {
    const account = await countAttemptUnlessLocked(
      db,
      accountKey(email),
      at,
      secondsBefore(now, ACCOUNT_WINDOW_SECONDS),
      accountSteps(now),
    );
    if (account !== null) return 0;
  }
  // The lock may run out between the refusal and this read: still a refusal, of at least a second.
  return Math.max(1, await lockedForSeconds(db, email, ip, now));
}

/** Counts a failed attempt that was not admitted through `admitAttempt` (the count is the same). */
export async function recordFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  await admitAttempt(db, email, ip, now);
}

/** A success: both counts start again. */
export async function clearFailures(db: Db, email: string, ip: string): Promise<void> {
  await deleteLoginAttempts(db, [pairKey(email, ip), accountKey(email)]);
}
