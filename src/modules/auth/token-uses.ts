/**
 * A token's use as the database keeps it: when it was last used, and for a web token the idle end that use moved
 * (`expiresAt`) from the end the database held when the use was made (`seenExpiresAt`). The move is made only if the
 * database still holds that end: an end set after the use (by hand, by another process) is not overwritten.
 */
export type TokenUse = { userId: number; lastUsedAt: string; expiresAt?: string; seenExpiresAt?: string | null };

/**
 * Token uses written behind (issue 11): a request that uses a token due for its once-a-minute touch hands the use to
 * this buffer instead of writing it itself, and the buffer writes every use it holds in one statement about a second
 * later. A request whose token the process had not cached (a new sign-in, another process's token) then costs one
 * statement, not two: on PostgreSQL each statement is a round trip and a share of the process's CPU.
 *
 * What waits here is a hint and a renewal whose deadline lies hours ahead, so little is at stake: the process writes
 * what it holds when its database closes (a shutdown), a failed write is tried again with the next one, and what a
 * crash loses is at most the last second's uses — the next use of such a token, finding its last use over a minute
 * old, writes it again.
 */
export class TokenUses {
  readonly #pending = new Map<number, TokenUse>();
  readonly #write: (uses: ReadonlyMap<number, TokenUse>) => Promise<void>;
  readonly #delayMs: number;
  readonly #maxPending: number;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  #writing: Promise<void> = Promise.resolve();

  constructor(options: {
    write: (uses: ReadonlyMap<number, TokenUse>) => Promise<void>;
    delayMs: number;
    maxPending: number;
    onError: (error: unknown) => void;
  }) {
    this.#write = async (uses) => {
      try {
        await options.write(uses);
      } catch (error) {
        options.onError(error);
        // Tried again with the next write, unless a newer use of the token has come in meanwhile.
        for (const [tokenId, use] of uses) if (!this.#pending.has(tokenId)) this.#hold(tokenId, use);
        this.#schedule();
      }
    };
    this.#delayMs = options.delayMs;
    this.#maxPending = options.maxPending;
  }

  get size(): number {
    return this.#pending.size;
  }

  /** Keeps the token's latest use for the next write, which starts within the delay. */
  add(tokenId: number, use: TokenUse): void {
    if (this.#closed) return;
    const earlier = this.#pending.get(tokenId);
    this.#pending.delete(tokenId);
    // A later renewal of a waiting one starts from the end the database holds, not from the waiting one's.
    const seen = earlier?.expiresAt === undefined ? {} : { seenExpiresAt: earlier.seenExpiresAt };
    this.#hold(tokenId, { ...use, ...seen });
    this.#schedule();
  }

  /** The token's use not yet written, if one waits: newer than what the database holds. */
  pendingFor(tokenId: number): TokenUse | undefined {
    return this.#pending.get(tokenId);
  }

  /** Drops the user's uses not yet written: their tokens were revoked or must be read again (`forgetTokensOfUser`). */
  forgetUser(userId: number): void {
    for (const [tokenId, use] of this.#pending) if (use.userId === userId) this.#pending.delete(tokenId);
  }

  /** Writes every use held now, after any write already under way; resolves when written (or failed and kept). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#writing = this.#writing.then(() => {
      if (this.#pending.size === 0) return;
      const uses = new Map(this.#pending);
      this.#pending.clear();
      return this.#write(uses);
    });
    return this.#writing;
  }

  /** Writes what is held and takes no more: the database is closing. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending.clear();
  }

  #schedule(): void {
    if (this.#pending.size > 0 && !this.#closed)
      this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs).unref();
  }

  #hold(tokenId: number, use: TokenUse): void {
    // Bounded: past the bound the oldest use goes unwritten, which its token's next use makes good.
    if (this.#pending.size >= this.#maxPending) this.#pending.delete(this.#pending.keys().next().value!);
    this.#pending.set(tokenId, use);
  }
}
