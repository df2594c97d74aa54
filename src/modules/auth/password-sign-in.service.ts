import type { Db } from '../../db/database.ts';
import { findUserByEmail, replacePasswordHash } from '../users/users.repository.ts';
import { MAX_EMAIL_LENGTH } from '../users/users.service.ts';
import { admitAttempt, clearFailures } from './login-throttle.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

/** How a sign-in with email and password ended: a new API token, or why not. */
export type PasswordSignIn =
  | { token: string }
  | { refusal: 'locked'; waitSeconds: number }
  | { refusal: 'invalid-credentials' }
  | { refusal: 'email-too-long' }
  | { refusal: 'deactivated' }
  | { refusal: 'unverified' };

/**
 * A hash to check a password against when the email is unknown (or the account has no password): every failed
 * sign-in then costs the same time, so response times do not tell which emails have accounts.
 */
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('not the password of anyone');
  return decoyHash;
}

/**
 * The web login (docs/contract.md §2): throttled per (email, IP) and per account by login-throttle.ts; a deactivated
 * account, or one whose address is not confirmed yet, is told so only when the password was right. A success clears the failures, hashes the password again when its hash is below
 * the current scrypt cost (the only moment the password is known), and creates a token named `tokenName`.
 */
export async function signInWithPassword(
  db: Db,
  attempt: { email: string; password: string; ip: string },
  tokenName: string,
  tokenLifetime: WebTokenLifetime,
): Promise<PasswordSignIn> {
  const { email, password, ip } = attempt;
  // Length before anything else: no account has such an address, and a huge one must not become a throttle key.
  if (email.length > MAX_EMAIL_LENGTH) return { refusal: 'email-too-long' };
  // Counted before the password is checked, atomically with the lock's check: parallel guesses cannot all pass.
  const waitSeconds = await admitAttempt(db, email, ip);
  if (waitSeconds > 0) return { refusal: 'locked', waitSeconds };
  const user = email ? await findUserByEmail(db, email) : undefined;
  const valid = await verifyPassword(password, user?.password_hash ?? (await decoy()));
  if (!user?.password_hash || !valid || user.is_active !== 1) {
    // The attempt is already counted as a failure.
    return { refusal: user?.password_hash && valid ? 'deactivated' : 'invalid-credentials' };
  }
  await clearFailures(db, email, ip);
  // Told only to whoever knows the password, like a deactivation.
  if (user.email_verified_at === null) return { refusal: 'unverified' };
  if (needsRehash(user.password_hash)) {
    // Compare-and-set on the old hash: a password changed in the meantime is not overwritten.
    await replacePasswordHash(db, user.id, user.password_hash, await hashPassword(password), new Date().toISOString());
  }
  return { token: await createToken(db, user.id, tokenName, tokenLifetime) };
}
