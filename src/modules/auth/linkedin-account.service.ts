import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AccountType, UserRow } from '../../db/schema.ts';
import { findUserByEmail, findUserByLinkedinId, insertUser, linkLinkedinId } from '../users/users.repository.ts';
import type { LinkedinIdentity } from './linkedin-client.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

/**
 * Which Guild account a LinkedIn identity signs in to (docs/contract.md §2): the one already linked to it; else the
 * account with the same email, linked now, but only when LinkedIn says it verified that email (otherwise anyone could
 * claim an account by putting its address on a LinkedIn profile); else a new account without a password.
 */
export type LinkedinRefusal = 'deactivated' | 'no-email' | 'email-unverified' | 'linked-elsewhere';
type LinkedinAccount = { user: UserRow; created: boolean } | { refusal: LinkedinRefusal };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH = 255;

async function accountForLinkedin(
  db: Db,
  identity: LinkedinIdentity,
  newAccountType: AccountType,
): Promise<LinkedinAccount> {
  const linked = await findUserByLinkedinId(db, identity.sub);
  if (linked) return linked.is_active === 1 ? { user: linked, created: false } : { refusal: 'deactivated' };

  const email = identity.email?.toLowerCase() ?? '';
  if (!EMAIL.test(email) || email.length > MAX_LENGTH) return { refusal: 'no-email' };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.is_active !== 1) return { refusal: 'deactivated' };
    if (!identity.emailVerified) return { refusal: 'email-unverified' };
    const now = new Date().toISOString();
    if (!(await linkLinkedinId(db, existing.id, identity.sub, now))) return { refusal: 'linked-elsewhere' };
    return { user: { ...existing, linkedin_id: identity.sub, updated_at: now }, created: false };
  }

  const now = new Date().toISOString();
  try {
    const user = await insertUser(db, {
      name: [...(identity.name ?? email.split('@')[0])].slice(0, MAX_LENGTH).join(''),
      email,
      password_hash: null,
      account_type: newAccountType,
      linkedin_id: identity.sub,
      created_at: now,
      updated_at: now,
    });
    return { user, created: true };
  } catch (error) {
    // The same person finishing two sign-ins at once: the other one created the account first.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByLinkedinId(db, identity.sub);
    if (winner) return { user: winner, created: false };
    return { refusal: identity.emailVerified ? 'linked-elsewhere' : 'email-unverified' };
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
