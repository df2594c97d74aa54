import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.repository.ts';
import { MAX_EMAIL_LENGTH } from '../users/users.service.ts';
import {
  deleteConfirmationsOfUser,
  findConfirmation,
  insertConfirmation,
  takeConfirmation,
} from './email-confirmations.repository.ts';
import { createToken, type WebTokenLifetime } from './tokens.service.ts';

/**
 * Confirmation links for new accounts. The link carries a random 256-bit secret; the table keeps only its SHA-256,
 * so neither a copy of the database nor its backups can be turned into links, and a secret not issued here (a forged
 * or altered link) matches no row. Each link works once (using it deletes its row) and for CONFIRMATION_HOURS.
 */
export const CONFIRMATION_HOURS = 24;

/** What sending links needs besides the database: the mailer, and the site's address (APP_URL) to build them on. */
export type MailingDeps = { db: Db; mailer: Mailer; appUrl: string };
const SECRET_BYTES = 32;
/** What a secret looks like (43 url-safe base64 characters): anything else is refused before it is hashed. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** A new link for an unconfirmed account, replacing any sent before: only the newest one works. */
export async function issueConfirmationLink(db: Db, userId: number, now: Date): Promise<string> {
  const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
  await deleteConfirmationsOfUser(db, userId);
  await insertConfirmation(db, {
    user_id: userId,
    token_hash: hashSecret(secret),
    expires_at: new Date(now.getTime() + CONFIRMATION_HOURS * 3600 * 1000).toISOString(),
    created_at: now.toISOString(),
  });
  return secret;
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

export type LinkRefusal = 'expired' | 'invalid';

const isExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();

/** Whether a link would work, without using it (the page that asks to confirm). */
export async function checkConfirmationLink(db: Db, secret: string, now = new Date()): Promise<LinkRefusal | null> {
  if (!SECRET.test(secret)) return 'invalid';
  const link = await findConfirmation(db, hashSecret(secret));
  if (!link) return 'invalid';
  return isExpired(link.expires_at, now) ? 'expired' : null;
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
  if (!SECRET.test(secret)) return { refusal: 'invalid' };
  return db.transaction().execute(async (trx) => {
    const link = await takeConfirmation(trx, hashSecret(secret));
    if (!link) return { refusal: 'invalid' as const };
    if (isExpired(link.expires_at, now)) return { refusal: 'expired' as const };
    const user = await findUserById(trx, link.user_id);
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
