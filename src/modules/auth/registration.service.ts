import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { findUserByEmail, insertUser, replaceUnverifiedAccount } from '../users/users.repository.ts';
import { type NewAccount, validateNewAccount } from '../users/users.service.ts';
import { confirmationMail, issueConfirmationLink, type MailingDeps } from './email-confirmation.service.ts';
import { hashPassword } from './passwords.ts';
import { forgetTokensOfUser } from './tokens.service.ts';

type Registration = NewAccount & { passwordConfirmation: string };

/**
 * Registration with a password (the web form). Every problem at once, each on its field (a 422 `AppError` with
 * `errors`); these depend only on what was typed, never on whether the address has an account.
 *
 * Then the same answer whatever the address (issue 10; docs/security.md), and one e-mail to it:
 * - an address nobody uses: a new, unconfirmed account and a confirmation link; it signs in once the link is opened;
 * - an account that was never confirmed: nobody has proved the address yet, so this registration's name, password
 *   and type replace the earlier ones, and only the new link works;
 * - a confirmed account: nothing changes, and its owner is told someone tried to register with their address.
 * The password is hashed in every case, so the time taken does not tell the cases apart either.
 */
export async function registerWithPassword(deps: MailingDeps, registration: Registration): Promise<void> {
  const errors = validateNewAccount(registration);
  if (!registration.passwordConfirmation) errors.password_confirmation = ['Please confirm your password.'];
  else if (registration.passwordConfirmation !== registration.password) {
    errors.password_confirmation = ['The password confirmation does not match.'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', Object.values(errors)[0][0], { errors });

  const email = registration.email.trim().toLowerCase();
  const account = {
    name: registration.name.trim(),
    password_hash: await hashPassword(registration.password),
    account_type: registration.accountType,
  };
  const token = await deps.db
    .transaction()
    .execute(async (trx) => {
      const now = new Date();
      let user = await findUserByEmail(trx, email);
      if (!user) {
        try {
          user = await insertUser(trx, {
            ...account,
            email,
            linkedin_id: null,
            email_verified_at: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          });
          return issueConfirmationLink(trx, user.id, now);
        } catch (error) {
          // Registered at the same moment by another request: that account is the one the address now has.
          if (!isUniqueViolation(error)) throw error;
          throw new RegisteredMeanwhile();
        }
      }
      if (
        user.email_verified_at === null &&
        (await replaceUnverifiedAccount(trx, user.id, account, now.toISOString()))
      ) {
        // The name and account type a token of this account was cached with are no longer true (`GET /api/user`
        // answers from the cache, and the account type decides what a caller may do).
        await forgetTokensOfUser(trx, user.id);
        return issueConfirmationLink(trx, user.id, now);
      }
      return null;
    })
    .catch((error) => {
      if (error instanceof RegisteredMeanwhile) return null;
      throw error;
    });
  await deps.mailer.send(
    token === null ? alreadyRegisteredMail(deps.appUrl, email) : confirmationMail(deps.appUrl, email, token),
  );
}

/** A unique violation on PostgreSQL ends the transaction, so the race is settled outside it. */
class RegisteredMeanwhile extends Error {}

function alreadyRegisteredMail(appUrl: string, to: string) {
  return {
    to,
    subject: 'Someone tried to create a Guild account with your address',
    text: `Hello,

Someone just tried to create a new Guild account with this e-mail address. It already has an account, so nothing
was created and nothing about your account changed.

If it was you, sign in instead:

${appUrl}/login

If it was not you, there is nothing to do: your account and your password are as they were.
`,
  };
}
