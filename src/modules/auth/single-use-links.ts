import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findLink, insertLink, type LinkTable, takeLink } from './single-use-links.repository.ts';

/**
 * Links mailed to an account's address (a new account's confirmation, a password reset). The link carries a random
 * 256-bit secret; the table keeps only its SHA-256, so neither a copy of the database nor its backups can be turned
 * into links, and a secret not issued here (a forged or altered link) matches no row. Each link works once (using it
 * deletes its row) and until its `expires_at`.
 */
const SECRET_BYTES = 32;
/** What a secret looks like (43 url-safe base64 characters): anything else is refused before it is hashed. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export type LinkRefusal = 'expired' | 'invalid';

function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

const isExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();

/** A new link of `table`'s kind for the account, valid for `hours`; returns its secret (the only copy). */
export async function issueLink(db: Db, table: LinkTable, userId: number, hours: number, now: Date): Promise<string> {
  const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
  await insertLink(db, table, {
    user_id: userId,
    token_hash: hashSecret(secret),
    expires_at: new Date(now.getTime() + hours * 3600 * 1000).toISOString(),
    created_at: now.toISOString(),
  });
  return secret;
}

/** Whose a link is if it would work, or why not, without using it (the pages a link opens, before their button). */
export async function checkLink(
  db: Db,
  table: LinkTable,
  secret: string,
  now: Date,
): Promise<{ userId: number } | { refusal: LinkRefusal }> {
  if (!SECRET.test(secret)) return { refusal: 'invalid' };
  return judgeLink(await findLink(db, table, hashSecret(secret)), now);
}

/**
 * Uses a link: whose it was, or why it does not work. An expired link is used up all the same (it is of no further
 * use). Call it in the transaction of what the link does, so that a failure there leaves the link usable.
 */
export async function useLink(
  db: Db,
  table: LinkTable,
  secret: string,
  now: Date,
): Promise<{ userId: number } | { refusal: LinkRefusal }> {
  if (!SECRET.test(secret)) return { refusal: 'invalid' };
  return judgeLink(await takeLink(db, table, hashSecret(secret)), now);
}

function judgeLink(
  link: { user_id: number; expires_at: string } | undefined,
  now: Date,
): { userId: number } | { refusal: LinkRefusal } {
  if (!link) return { refusal: 'invalid' };
  return isExpired(link.expires_at, now) ? { refusal: 'expired' } : { userId: link.user_id };
}
