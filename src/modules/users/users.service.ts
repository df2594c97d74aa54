import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AccountType, UserRow } from '../../db/schema.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserByEmail, insertUser } from './users.repository.ts';

export type NewAccount = { name: string; email: string; password: string; accountType: AccountType };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP can deliver to (RFC 5321 path limit): checked before EMAIL ever runs. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 255;
export const EMAIL_TOO_LONG = `The email must not be greater than ${MAX_EMAIL_LENGTH} characters.`;

/**
 * Checks a new account's fields, the password against the password policy included; the CLI and the web
 * registration form share these rules. Type and length come
 * before any pattern (issue 10, item 2): EMAIL backtracks quadratically on a long crafted address, so it only ever
 * sees at most MAX_EMAIL_LENGTH characters.
 */
export function validateNewAccount(account: Partial<NewAccount>): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const name = typeof account.name === 'string' ? account.name.trim() : '';
  if (!name) add('name', 'The name field is required.');
  else if (name.length > MAX_NAME_LENGTH) {
    add('name', `The name must not be greater than ${MAX_NAME_LENGTH} characters.`);
  }
  const email = typeof account.email === 'string' ? account.email.trim() : '';
  if (!email) add('email', 'The email field is required.');
  else if (email.length > MAX_EMAIL_LENGTH) add('email', EMAIL_TOO_LONG);
  else if (!EMAIL.test(email)) add('email', 'The email must be a valid email address.');
  if (typeof account.password !== 'string' || !account.password) add('password', 'The password field is required.');
  else {
    // The e-mail and name are compared with the password only when they passed their own checks.
    const problem = passwordProblem(account.password, {
      email: errors.email ? undefined : email,
      name: errors.name ? undefined : name,
    });
    if (problem) add('password', problem);
  }
  if (account.accountType !== 'company' && account.accountType !== 'contributor') {
    add('account_type', 'The account type must be one of: company, contributor.');
  }
  return errors;
}

export async function createAccount(db: Db, account: NewAccount): Promise<UserRow> {
  const errors = validateNewAccount(account);
  if (Object.keys(errors).length > 0) {
    throw new AppError('validation', Object.values(errors)[0][0], { errors });
  }
  const email = account.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw AppError.field('email', 'The email has already been taken.');
  const now = new Date().toISOString();
  try {
    return await insertUser(db, {
      name: account.name.trim(),
      email,
      password_hash: await hashPassword(account.password),
      account_type: account.accountType,
      linkedin_id: null,
      // Made by an operator (the CLI): the address counts as proved, as the operator vouches for it.
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('email', 'The email has already been taken.');
    throw error;
  }
}

/**
 * The caller's account as `GET /api/user` shows it, from what authenticating the request read (the token lookup, or
 * this process's token cache): no query of its own (issue 11). The caller is active, or the token would have been
 * refused; the fields shown change only where the user's cached tokens are forgotten (`replaceUnverifiedAccount`'s
 * caller, a deactivation), so the cache never shows an account as it no longer is, beyond its TTL for a change made
 * behind the service's back.
 */
export function currentUser(caller: AuthUser) {
  return {
    id: caller.id,
    name: caller.name,
    email: caller.email,
    account_type: caller.account_type,
    is_active: true,
    created_at: caller.created_at,
  };
}
