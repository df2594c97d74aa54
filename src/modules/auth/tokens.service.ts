import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
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
/**
 * last_used_at is a hint for people, not an audit log, and a web token's renewal needs no finer step: write them at
 * most this often per token.
 */
const TOUCH_INTERVAL_MS = 60_000;

function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/**
 * How long a token issued to the browser lives (issue 10, item 6): it ends after `idleSeconds` unused — each use
 * pushes that end on, at most once a minute — and at the latest `maxSeconds` after it was issued.
 */
export type WebTokenLifetime = { idleSeconds: number; maxSeconds: number };

/** The web lifetime the configuration asks for; a TOKEN_TTL shorter than its maximum shortens it. */
export function webTokenLifetime(
  config: Pick<Config, 'webTokenIdleSeconds' | 'webTokenMaxSeconds' | 'tokenTtlSeconds'>,
): WebTokenLifetime {
  const maxSeconds = Math.min(config.webTokenMaxSeconds, config.tokenTtlSeconds ?? Number.POSITIVE_INFINITY);
  return { idleSeconds: Math.min(config.webTokenIdleSeconds, maxSeconds), maxSeconds };
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/**
 * A new token, shown once. `lifetime` is a web token's idle and absolute lifetime, or an integration token's fixed
 * TTL in seconds (null: it does not expire), as the CLI makes them.
 */
export async function createToken(
  db: Db,
  userId: number,
  name: string,
  lifetime: number | null | WebTokenLifetime,
  now = new Date(),
): Promise<string> {
  const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
  const web = lifetime !== null && typeof lifetime === 'object' ? lifetime : null;
  const ttlSeconds = web ? web.idleSeconds : (lifetime as number | null);
  const { id } = await insertToken(db, {
    user_id: userId,
    name,
    token_hash: hashSecret(secret),
    expires_at: ttlSeconds === null ? null : later(now, Math.min(ttlSeconds, web?.maxSeconds ?? ttlSeconds)),
    idle_seconds: web ? web.idleSeconds : null,
    max_expires_at: web ? later(now, web.maxSeconds) : null,
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
    // A web token lives on while it is used: its idle end moves with the same (at most once a minute) write, never
    // past its absolute end.
    const renewedUntil =
      row.idle_seconds === null || row.max_expires_at === null
        ? undefined
        : [later(now, row.idle_seconds), row.max_expires_at].sort()[0];
    await touchToken(db, row.token_id, now.toISOString(), renewedUntil);
  }
  return { id: row.id, name: row.name, email: row.email, account_type: row.account_type, token_id: row.token_id };
}

export function revokeAllTokens(db: Db, userId: number): Promise<number> {
  return deleteTokensOfUser(db, userId);
}
