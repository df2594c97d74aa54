import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AccountType } from '../../db/schema.ts';
import { deleteTokensOfUser, findTokenWithUser, insertToken, touchToken } from './tokens.repository.ts';

/**
 * Personal access tokens (docs/contract.md §2): the plaintext is `{id}|{secret}`, shown once; only the SHA-256 of the
 * secret is stored. The id prefix makes lookup one primary-key read; the hash comparison is constant-time.
 */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  account_type: AccountType;
  token_id: number;
};

const SECRET_BYTES = 30; // 40 url-safe base64 characters
/** last_used_at is a hint for people, not an audit log: write it at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000;

function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export async function createToken(
  db: Db,
  userId: number,
  name: string,
  ttlSeconds: number | null,
  now = new Date(),
): Promise<string> {
  const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
  const expiresAt = ttlSeconds === null ? null : new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  const { id } = await insertToken(db, {
    user_id: userId,
    name,
    token_hash: hashSecret(secret),
    expires_at: expiresAt,
    created_at: now.toISOString(),
  });
  return `${id}|${secret}`;
}

const TOKEN_PATTERN = /^([1-9]\d{0,15})\|([A-Za-z0-9_-]{40,})$/;

/** The user a bearer token belongs to, or null when the token is malformed, unknown, revoked, expired or inactive. */
export async function authenticateToken(db: Db, plaintext: string, now = new Date()): Promise<AuthUser | null> {
  const match = TOKEN_PATTERN.exec(plaintext);
  if (!match) return null;
  const row = await findTokenWithUser(db, Number(match[1]));
  if (!row) return null;
  const expected = Buffer.from(row.token_hash, 'hex');
  const actual = Buffer.from(hashSecret(match[2]), 'hex');
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return null;
  if (row.is_active !== 1) return null;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await touchToken(db, row.token_id, now.toISOString());
  }
  return { id: row.id, name: row.name, email: row.email, account_type: row.account_type, token_id: row.token_id };
}

export function revokeAllTokens(db: Db, userId: number): Promise<number> {
  return deleteTokensOfUser(db, userId);
}
