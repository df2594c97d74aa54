import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.repository.ts';
import { MAX_EMAIL_LENGTH } from '../users/users.service.ts';
import { deleteLinksOfUser } from './single-use-links.repository.ts';
import { checkLink, issueLink, type LinkRefusal, useLink } from './single-use-links.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

/** Confirmation links for new accounts (single-use-links.ts): each works once, for CONFIRMATION_HOURS. */
export const CONFIRMATION_HOURS = 24;

/** What sending links needs besides the database: the mailer, and the site's address (APP_URL) to build them on. */
export type MailingDeps = { db: Db; mailer: Mailer; appUrl: string };

/** A new link for an unconfirmed account, replacing any sent before: only the newest one works. */
export async function issueConfirmationLink(db: Db, userId: number, now: Date): Promise<string> {
  await deleteLinksOfUser(db, 'email_confirmations', userId);
  return issueLink(db, 'email_confirmations', userId, CONFIRMATION_HOURS, now);
}

function confirmationUrl(appUrl: string, secret: string): string {
  return `${appUrl}/register/confirm?token=${secret}`;
}

export function confirmationMail(appUrl: string, to: string, secret: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address to finish signing up to Guild',
    text: `Hello,

Someone, we hope you, asked to create a Guild account with this e-mail address. To confirm the address and finish
signing up, open this link within ${CONFIRMATION_HOURS} hours:

${confirmationUrl(appUrl, secret)}

The link works once. If you did not ask for an account, ignore this message: without the link, no account can be
used with your address.
`,
  };
}

/** Whether a link would work, without using it (the page that asks to confirm). */
export async function checkConfirmationLink(db: Db, secret: string, now = new Date()): Promise<LinkRefusal | null> {
  const link = await checkLink(db, 'email_confirmations', secret, now);
  return 'refusal' in link ? link.refusal : null;
}

/**
 * Uses a link: the address is proved, and the account signs in with a new web token. An expired link is used up
 * all the same (it is of no further use); a deactivated account is refused like a link that does not exist.
 */
export async function confirmEmail(
  db: Db,
  secret: string,
  tokenLifetime: WebTokenLifetime,
  now = new Date(),
): Promise<{ user: UserRow; token: string } | { refusal: LinkRefusal }> {
  return db.transaction().execute(async (trx) => {
    const link = await useLink(trx, 'email_confirmations', secret, now);
    if ('refusal' in link) return link;
    const user = await findUserById(trx, link.userId);
    if (user?.is_active !== 1) return { refusal: 'invalid' as const };
    await markEmailVerified(trx, user.id, now.toISOString());
    return { user, token: await createToken(trx, user.id, 'web login', tokenLifetime, now) };
  });
}

/**
 * "Send me a new link" (from the sign-in page): a new link when an unconfirmed, active account has this address;
 * nothing otherwise. The page says the same either way.
 */
export async function resendConfirmationLink(deps: MailingDeps, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  if (address.length > MAX_EMAIL_LENGTH) return;
  const user = address ? await findUserByEmail(deps.db, address) : undefined;
  if (!user || user.email_verified_at !== null || user.is_active !== 1) return;
  const secret = await issueConfirmationLink(deps.db, user.id, new Date());
  await deps.mailer.send(confirmationMail(deps.appUrl, user.email, secret));
}
