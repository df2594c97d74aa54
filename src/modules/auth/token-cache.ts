import type { AuthUser } from './auth-user.ts';

/**
 * What a cached token holds: the caller, and what the lifetime checks read (issue 11). The expiry fields are the
 * database's as last read or written by this process.
 */
export type CachedToken = {
  user: AuthUser;
  expiresAt: string | null;
  lastUsedAt: string | null;
  idleSeconds: number | null;
  maxExpiresAt: string | null;
};

/**
 * Token hash → caller, for a short time, so that most requests authenticate without a query. Bounded in size and
 * age. `forgetUser` drops a user's entries; a lookup that began before a `forget` does not store what it read
 * (`generation`), so a token revoked while a request was reading it is never cached afterwards.
 */
export class TokenCache {
  readonly #entries = new Map<string, { token: CachedToken; cachedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  /** A counter that moves on every forget: read it before a lookup, hand it to `store`. */
  get generation(): number {
    return this.#generation;
  }

  get(hash: string, nowMs: number): CachedToken | undefined {
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    if (nowMs - entry.cachedAt >= this.#ttlMs) {
      this.#entries.delete(hash);
      return undefined;
    }
    return entry.token;
  }

  /**
   * Stores `token` unless something was forgotten since `generation` was read. The object itself is kept: what the
   * caller later writes into it (a use, a renewed idle end) is what the next hit reads.
   */
  store(hash: string, token: CachedToken, generation: number, nowMs: number): void {
    if (generation !== this.#generation) return;
    this.#entries.delete(hash);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(hash, { token, cachedAt: nowMs });
  }

  forgetUser(userId: number): void {
    this.#generation++;
    for (const [hash, entry] of this.#entries) if (entry.token.user.id === userId) this.#entries.delete(hash);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
