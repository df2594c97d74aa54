import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { createAccount, type NewAccount, validateNewAccount } from '../users/users.service.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

type Registration = NewAccount & { passwordConfirmation: string };

/**
 * Registration with a password (the web form): every problem at once, each on its field (a 422 `AppError` with
 * `errors`), rather than one per submission; then the account and its first API token.
 */
export async function registerWithPassword(
  db: Db,
  registration: Registration,
  tokenName: string,
  tokenLifetime: WebTokenLifetime,
): Promise<{ user: UserRow; token: string }> {
  const errors = validateNewAccount(registration);
  if (!registration.passwordConfirmation) errors.password_confirmation = ['Please confirm your password.'];
  else if (registration.passwordConfirmation !== registration.password) {
    errors.password_confirmation = ['The password confirmation does not match.'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', Object.values(errors)[0][0], { errors });
  const user = await createAccount(db, registration);
  return { user, token: await createToken(db, user.id, tokenName, tokenLifetime) };
}
