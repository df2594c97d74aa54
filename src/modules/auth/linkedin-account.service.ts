import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AccountType, UserRow } from '../../db/schema.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByLinkedinId,
  insertUser,
  linkLinkedinId,
} from '../users/users.repository.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '../users/users.service.ts';
import type { LinkedinIdentity } from './linkedin-client.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

/**
 * Which Guild account a LinkedIn identity signs in to (docs/contract.md §2, docs/security.md): the one already linked
 * to it; else, when LinkedIn verified the email and no Guild account uses it, a new account without a password.
 * An existing account is never linked by its email alone (issue 10, item 5: whoever puts that address on a LinkedIn
 * profile, or registers it first, would otherwise get into or share the account): its owner signs in with their
 * password and connects LinkedIn from /account/linkedin, which proves control of both sides. An email LinkedIn has
 * not verified claims nothing, neither an existing account nor a new one.
 */
export type LinkedinRefusal =
  | 'deactivated'
  | 'no-email'
  | 'email-unverified'
  | 'account-exists'
  | 'linked-elsewhere'
  | 'profile-taken';
type LinkedinAccount = { user: UserRow; created: boolean } | { refusal: LinkedinRefusal };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function accountForLinkedin(
  db: Db,
  identity: LinkedinIdentity,
  newAccountType: AccountType,
): Promise<LinkedinAccount> {
  const linked = await findUserByLinkedinId(db, identity.sub);
  if (linked) return linked.is_active === 1 ? { user: linked, created: false } : { refusal: 'deactivated' };

  const email = identity.email?.toLowerCase() ?? '';
  // Length before the pattern (issue 10, item 2).
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return { refusal: 'no-email' };
  if (!identity.emailVerified) return { refusal: 'email-unverified' };
  // Nothing is created or changed: the page tells the owner to sign in with their password, then connect LinkedIn.
  if (await findUserByEmail(db, email)) return { refusal: 'account-exists' };

  const now = new Date().toISOString();
  try {
    const user = await insertUser(db, {
      name: [...(identity.name ?? email.split('@')[0])].slice(0, MAX_NAME_LENGTH).join(''),
      email,
      password_hash: null,
      account_type: newAccountType,
      linkedin_id: identity.sub,
      // Only an email LinkedIn says it verified gets this far.
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    return { user, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same person finishing two sign-ins at once (the other one created the account first), or someone
    // registering this email in between: that account is not theirs to enter.
    const winner = await findUserByLinkedinId(db, identity.sub);
    if (winner) return { user: winner, created: false };
    return { refusal: 'account-exists' };
  }
}

/** Signs a LinkedIn identity in: its account (linked or created by the rules above) and a new API token, or why not. */
export async function signInWithLinkedin(
  db: Db,
  identity: LinkedinIdentity,
  newAccountType: AccountType,
  tokenLifetime: WebTokenLifetime,
): Promise<{ token: string; created: boolean } | { refusal: LinkedinRefusal }> {
  const account = await accountForLinkedin(db, identity, newAccountType);
  if ('refusal' in account) return account;
  return { token: await createToken(db, account.user.id, 'linkedin login', tokenLifetime), created: account.created };
}

/**
 * "Connect LinkedIn" by a signed-in member (`userId`, whose session started the flow): links the LinkedIn identity
 * to their account whatever email either side has, since signing in proved control of the account and LinkedIn
 * proved control of the profile. A profile connects to one account, and an account to one profile.
 */
export async function connectLinkedin(
  db: Db,
  userId: number,
  identity: LinkedinIdentity,
): Promise<{ connected: true } | { refusal: LinkedinRefusal }> {
  const linked = await findUserByLinkedinId(db, identity.sub);
  if (linked) return linked.id === userId ? { connected: true } : { refusal: 'profile-taken' };
  const user = await findUserById(db, userId);
  if (user?.is_active !== 1) return { refusal: 'deactivated' };
  try {
    if (!(await linkLinkedinId(db, user.id, identity.sub, new Date().toISOString()))) {
      return { refusal: 'linked-elsewhere' };
    }
  } catch (error) {
    // Another account connected this profile at the same moment.
    if (isUniqueViolation(error)) return { refusal: 'profile-taken' };
    throw error;
  }
  return { connected: true };
}

/** Whether the account has a LinkedIn profile connected (for the account page). */
export async function hasLinkedin(db: Db, userId: number): Promise<boolean> {
  return Boolean((await findUserById(db, userId))?.linkedin_id);
}
