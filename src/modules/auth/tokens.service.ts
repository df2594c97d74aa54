import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { beforeDatabaseCloses, type Db, listenAcrossProcesses, sendAcrossProcesses } from '../../db/database.ts';
import type { AuthUser } from './auth-user.ts';
import { type CachedToken, TokenCache } from './token-cache.ts';
import { TokenUses } from './token-uses.ts';
import {
  deleteTokenOfUser,
  deleteTokensOfUser,
  findTokenWithUser,
  insertToken,
  writeTokenUses,
} from './tokens.repository.ts';

/**
 * Personal access tokens (docs/contract.md §2): the plaintext is `{id}|{secret}`, shown once; only the SHA-256 of the
 * secret is stored. The id prefix makes lookup one primary-key read; the hash comparison is constant-time.
 */
export type { AuthUser };

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

/**
 * Most requests authenticate from this process's cache of recent tokens (issue 11): a token revoked or a user
 * deactivated is dropped from it at once here, and on every other process through the database's messages
 * (PostgreSQL NOTIFY; on SQLite, where no message can travel, the cache is dropped whenever another process has
 * committed to the database file since the last request). An entry lives at most
 * TOKEN_CACHE_TTL_MS, so a change made behind the service's back (SQL by hand) shows within that time.
 */
const TOKEN_CACHE_TTL_MS = 30_000;
const TOKEN_CACHE_MAX_ENTRIES = 10_000;
const REVOKED_CHANNEL = 'guild_tokens_revoked';

/** Token uses wait this long to be written together (token-uses.ts). */
const TOKEN_USES_DELAY_MS = 1_000;
const TOKEN_USES_MAX_PENDING = 10_000;

type ProcessCache = {
  cache: TokenCache;
  uses: TokenUses;
  listening: () => boolean;
  checkForMissed: () => Promise<void>;
};
const caches = new WeakMap<Db, ProcessCache>();
/**
 * Every cache of this process, whichever database it serves: a revocation may run in a transaction, which is not
 * the database object the cache was made for. Forgetting a user in a cache of another database costs one miss.
 */
const everyCache = new Set<WeakRef<ProcessCache>>();

/**
 * Writes the token uses this process holds now (token-uses.ts), for whoever must see them in the database at once:
 * tests of the lifetime rules. The database's close does the same.
 */
export function writeTokenUsesNow(db: Db): Promise<void> {
  return cacheOf(db).uses.flush();
}

/** What the process kept of the user's tokens goes: the cached tokens, and their uses not yet written. */
function forgetUserIn(entry: ProcessCache, userId: number): void {
  entry.cache.forgetUser(userId);
  entry.uses.forgetUser(userId);
}

function cacheOf(db: Db): ProcessCache {
  let entry = caches.get(db);
  if (!entry) {
    const cache = new TokenCache({ ttlMs: TOKEN_CACHE_TTL_MS, maxEntries: TOKEN_CACHE_MAX_ENTRIES });
    const uses = new TokenUses({
      write: (batch) => writeTokenUses(db, batch),
      delayMs: TOKEN_USES_DELAY_MS,
      maxPending: TOKEN_USES_MAX_PENDING,
      onError: (error) => console.warn(`Token uses not written yet (${(error as Error).message}); tried again.`),
    });
    const { listening, checkForMissed } = listenAcrossProcesses(
      db,
      REVOKED_CHANNEL,
      (payload) => forgetUserIn(created, Number(payload)),
      () => cache.clear(),
    );
    const created: ProcessCache = { cache, uses, listening, checkForMissed };
    beforeDatabaseCloses(db, () => uses.close());
    caches.set(db, created);
    everyCache.add(new WeakRef(created));
    entry = created;
  }
  return entry;
}

/**
 * Tells `onRevoked` the user whose tokens were revoked or whose account was deactivated, in this process or another
 * (as `forgetTokensOfUser` announces it); `onInterrupted` when such news may have been missed. For holders of a long
 * request (the notification stream) that must end when its token does.
 */
export function listenForRevokedTokens(db: Db, onRevoked: (userId: number) => void, onInterrupted: () => void) {
  return listenAcrossProcesses(db, REVOKED_CHANNEL, (payload) => onRevoked(Number(payload)), onInterrupted);
}

/** The user a bearer token belongs to, or null when the token is malformed, unknown, revoked, expired or inactive. */
export async function authenticateToken(db: Db, plaintext: string, now = new Date()): Promise<AuthUser | null> {
  const match = TOKEN_PATTERN.exec(plaintext);
  if (!match) return null;
  const tokenId = Number(match[1]);
  const hash = hashSecret(match[2]);
  const key = `${tokenId}:${hash}`;
  const nowIso = now.toISOString();
  const { cache, uses, listening, checkForMissed } = cacheOf(db);
  await checkForMissed();
  let token = cache.get(key, now.getTime());
  // A cached token past its end is read again: another process may have moved a web token's idle end.
  if (!token || (token.expiresAt !== null && token.expiresAt <= nowIso)) {
    const generation = cache.generation;
    const read = await readToken(db, tokenId, hash);
    if (!read) return null;
    // A use of this token that waits to be written is newer than the row just read, and so is its renewal, unless
    // the row's end changed after the use (ended by hand, or moved by another process).
    const pending = uses.pendingFor(tokenId);
    if (pending) {
      read.lastUsedAt = pending.lastUsedAt;
      if (pending.expiresAt !== undefined && pending.seenExpiresAt === read.expiresAt)
        read.expiresAt = pending.expiresAt;
    }
    if (read.expiresAt !== null && read.expiresAt <= nowIso) return null;
    token = read;
    // Until the revocation messages are heard (at start, or while the connection is remade), nothing is cached.
    if (listening()) cache.store(key, token, generation, now.getTime());
  }
  if (token.lastUsedAt === null || now.getTime() - Date.parse(token.lastUsedAt) > TOUCH_INTERVAL_MS) {
    // A web token lives on while it is used: its idle end moves with the same (at most once a minute) write, never
    // past its absolute end.
    const renewedUntil =
      token.idleSeconds === null || token.maxExpiresAt === null
        ? undefined
        : [later(now, token.idleSeconds), token.maxExpiresAt].sort()[0];
    uses.add(token.user.token_id, {
      userId: token.user.id,
      lastUsedAt: nowIso,
      ...(renewedUntil === undefined ? {} : { expiresAt: renewedUntil, seenExpiresAt: token.expiresAt }),
    });
    token.lastUsedAt = nowIso;
    if (renewedUntil !== undefined) token.expiresAt = renewedUntil;
  }
  return token.user;
}

/** The token from the database, checked: its hash (in constant time) and its user's being active (its end: above). */
async function readToken(db: Db, tokenId: number, hash: string): Promise<CachedToken | null> {
  const row = await findTokenWithUser(db, tokenId);
  if (!row) return null;
  const expected = Buffer.from(row.token_hash, 'hex');
  const actual = Buffer.from(hash, 'hex');
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  if (row.is_active !== 1) return null;
  return {
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      account_type: row.account_type,
      token_id: row.token_id,
      created_at: row.created_at,
      profile_id: row.account_type === 'company' ? row.company_id : row.volunteer_id,
    },
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    idleSeconds: row.idle_seconds,
    maxExpiresAt: row.max_expires_at,
  };
}

/**
 * Makes every process stop accepting the user's cached tokens: call it with whatever took their access away
 * (revoked tokens, a deactivated account). `db` is the database the service opened or a transaction of it; in a
 * transaction the other processes hear of it when it commits.
 */
export async function forgetTokensOfUser(db: Db, userId: number): Promise<void> {
  for (const ref of everyCache) {
    const entry = ref.deref();
    if (entry) forgetUserIn(entry, userId);
    else everyCache.delete(ref);
  }
  await sendAcrossProcesses(db, REVOKED_CHANNEL, String(userId));
}

/**
 * Revokes one token of the user: what signing out of one browser does (issue 13, item 4), leaving their other
 * sessions and integration tokens working. The user's cached tokens are all dropped (the cache forgets by user), which
 * costs the others one database read each.
 */
export async function revokeToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const deleted = await deleteTokenOfUser(db, userId, tokenId);
  if (deleted) await forgetTokensOfUser(db, userId);
  return deleted;
}

/** Revokes every token of the user: sign out everywhere, the API's logout, a password reset, `guild token:revoke`. */
export async function revokeAllTokens(db: Db, userId: number): Promise<number> {
  const count = await deleteTokensOfUser(db, userId);
  await forgetTokensOfUser(db, userId);
  return count;
}
