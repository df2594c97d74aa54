import type { UserRow } from '../../db/schema.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { findUserByEmail, findUserById, markEmailVerified, setPasswordHash } from '../users/users.repository.ts';
import { EMAIL_TOO_LONG, MAX_EMAIL_LENGTH } from '../users/users.service.ts';
import type { MailingDeps } from './email-confirmation.service.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { deleteLinksOfUser, newestLinkSentAt } from './single-use-links.repository.ts';
import { checkLink, issueLink, type LinkRefusal, useLink } from './single-use-links.ts';
import { createToken, revokeAllTokens, type WebTokenLifetime } from './tokens.service.ts';

/**
 * Password reset by e-mail (docs/security.md, Password reset). The link is a single-use link (single-use-links.ts)
 * that works for RESET_HOURS; a newer one replaces it. Asking answers the same whatever the address, and mails it
 * either the link or, when no active account has it, a note saying so: like registration, so neither the page, its
 * timing nor a mail server's refusal tells which addresses have accounts.
 */
export const RESET_HOURS = 1;
/** One reset mail per account this often at most, so that nobody can flood a member's mailbox with links. */
const RESET_RESEND_SECONDS = 60;

const RESET_TABLE = 'password_resets';

/** What the forgot-password form asks for; problems on the `email` field. */
function emailProblem(email: string): string | null {
  if (!email) return 'Enter the e-mail address of your account.';
  if (email.length > MAX_EMAIL_LENGTH) return EMAIL_TOO_LONG;
  return null;
}

/**
 * "Forgot your password?": mails a reset link to the account with this address (if it is active and had none in
 * the last RESET_RESEND_SECONDS), or a note to an address without an active account. Throws a 422 for an empty or
 * overlong address, and MailDeliveryError when the mail could not be handed over.
 */
export async function requestPasswordReset(deps: MailingDeps, email: string, now = new Date()): Promise<void> {
  const address = email.trim().toLowerCase();
  const problem = emailProblem(address);
  if (problem) throw AppError.field('email', problem);
  const user = await findUserByEmail(deps.db, address);
  if (user?.is_active !== 1) {
    await deps.mailer.send(noAccountMail(deps.appUrl, address));
    return;
  }
  const lastSent = await newestLinkSentAt(deps.db, RESET_TABLE, user.id);
  if (lastSent && now.getTime() - Date.parse(lastSent) < RESET_RESEND_SECONDS * 1000) return;
  const secret = await deps.db.transaction().execute(async (trx) => {
    await deleteLinksOfUser(trx, RESET_TABLE, user.id);
    return issueLink(trx, RESET_TABLE, user.id, RESET_HOURS, now);
  });
  await deps.mailer.send(resetMail(deps.appUrl, user.email, secret));
}

function resetMail(appUrl: string, to: string, secret: string): MailMessage {
  return {
    to,
    subject: 'Reset your Guild password',
    text: `Hello,

Someone, we hope you, asked to reset the password of the Guild account with this e-mail address. To choose a new
password, open this link within ${RESET_HOURS} hour${RESET_HOURS === 1 ? '' : 's'}:

${appUrl}/reset-password?token=${secret}

The link works once. Choosing a new password signs your account out everywhere else.

If you did not ask for this, ignore this message: your password stays as it is.
`,
  };
}

function noAccountMail(appUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'Reset your Guild password',
    text: `Hello,

Someone, we hope you, asked to reset a Guild password for this e-mail address, but no active Guild account uses it.
If you have an account, it may be under another address of yours: ask again with that one at

${appUrl}/forgot-password

If you did not ask for this, ignore this message.
`,
  };
}

/** Tells the account's owner the password changed, so a reset they did not make does not go unnoticed. */
export function passwordChangedMail(appUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'Your Guild password was changed',
    text: `Hello,

The password of your Guild account was just changed with a reset link sent to this address, and every other
session of the account was signed out.

If this was not you, reset your password again at once, at

${appUrl}/forgot-password
`,
  };
}

/** Whether a reset link would work, without using it (the page that shows the new-password form). */
export async function checkResetLink(
  deps: Pick<MailingDeps, 'db'>,
  secret: string,
  now = new Date(),
): Promise<LinkRefusal | null> {
  const link = await checkLink(deps.db, RESET_TABLE, secret, now);
  return 'refusal' in link ? link.refusal : null;
}

export type PasswordReset = { user: UserRow; token: string } | { refusal: LinkRefusal };

/**
 * Uses a reset link: the new password (the password policy, checked before the link is used, so a refused password
 * leaves the link working) replaces the old one; every token of the account is revoked (which ends its browser
 * sessions too) and a new web token signs this browser in. Opening the link proves the address, so an account whose
 * confirmation was pending counts as confirmed. A deactivated account is refused like a link that does not exist.
 */
export async function resetPassword(
  deps: Pick<MailingDeps, 'db'>,
  form: { secret: string; password: string; passwordConfirmation: string },
  tokenLifetime: WebTokenLifetime,
  now = new Date(),
): Promise<PasswordReset> {
  const link = await checkLink(deps.db, RESET_TABLE, form.secret, now);
  if ('refusal' in link) return link;
  const account = await findUserById(deps.db, link.userId);
  if (account?.is_active !== 1) return { refusal: 'invalid' };
  const errors: FieldErrors = {};
  const problem = passwordProblem(form.password, { email: account.email, name: account.name });
  if (problem) errors.password = [problem];
  if (!form.passwordConfirmation) errors.password_confirmation = ['Please confirm your password.'];
  else if (form.passwordConfirmation !== form.password) {
    errors.password_confirmation = ['The password confirmation does not match.'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', Object.values(errors)[0][0], { errors });

  const hash = await hashPassword(form.password);
  return deps.db.transaction().execute(async (trx) => {
    const used = await useLink(trx, RESET_TABLE, form.secret, now);
    if ('refusal' in used) return used;
    const user = await findUserById(trx, used.userId);
    if (user?.is_active !== 1) return { refusal: 'invalid' as const };
    await setPasswordHash(trx, user.id, hash, now.toISOString());
    await markEmailVerified(trx, user.id, now.toISOString());
    await deleteLinksOfUser(trx, RESET_TABLE, user.id);
    await revokeAllTokens(trx, user.id);
    return { user, token: await createToken(trx, user.id, 'web login', tokenLifetime, now) };
  });
}
