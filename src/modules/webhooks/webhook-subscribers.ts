import { type Db, databaseOf, listenAcrossProcesses, sendAcrossProcesses } from '../../db/database.ts';

/** Reads every user with an active webhook (the repository's, which owns the table). */
export type ReadSubscribers = (db: Db) => Promise<Set<number>>;

/**
 * Which users have an active webhook, kept per process (issue 11): nearly every write records a webhook event or a
 * notification, nearly none of their recipients subscribes, and without this each such write paid a lookup (on
 * PostgreSQL a round trip) to learn that nobody listens.
 *
 * Only "nobody here has one" is answered from memory: a user in the set has their webhooks read in the write's own
 * transaction as before, so a webhook switched off, deleted or changed is never served from here. What could go wrong
 * is a user missing from the set while a webhook of theirs is active. A user gains one only through the API (a new
 * webhook, or one switched on again), which adds them here at once, and in every other process when its
 * transaction commits (PostgreSQL NOTIFY). Until this process listens for that news, or while the listening
 * connection is being remade, nothing is answered from memory; on SQLite, where no message travels, the set is
 * dropped whenever another process has committed to the file. A set is read afresh after SET_TTL_MS, so a webhook
 * written behind the service's back (SQL by hand) counts within that time.
 */
const SET_TTL_MS = 30_000;
const SUBSCRIBED_CHANNEL = 'guild_webhook_subscribers';

class SubscriberSet {
  #users: Set<number> | null = null;
  #readAt = 0;
  /** Moves on every change heard: a read that began before one does not store what it read. */
  #generation = 0;
  readonly #listening: () => boolean;
  readonly #checkForMissed: () => Promise<void>;

  constructor(database: Db) {
    const { listening, checkForMissed } = listenAcrossProcesses(
      database,
      SUBSCRIBED_CHANNEL,
      (payload) => this.add(Number(payload)),
      () => this.forget(),
    );
    this.#listening = listening;
    this.#checkForMissed = checkForMissed;
  }

  add(userId: number): void {
    this.#generation++;
    this.#users?.add(userId);
  }

  forget(): void {
    this.#generation++;
    this.#users = null;
  }

  /**
   * Those of `userIds` who may have an active webhook: all of them when the set cannot be trusted. `db` may be a
   * transaction (the write's own), through which the set is read when it is missing.
   */
  async mayHaveWebhooks(db: Db, userIds: readonly number[], read: ReadSubscribers): Promise<readonly number[]> {
    // On SQLite the check is a statement on the database's one connection, which a transaction holds: there the
    // request's authentication has just made it.
    if (!db.isTransaction) await this.#checkForMissed();
    if (!this.#listening()) return userIds;
    const now = Date.now();
    if (this.#users === null || now - this.#readAt >= SET_TTL_MS) {
      const generation = this.#generation;
      const users = await read(db);
      if (generation !== this.#generation) return userIds;
      this.#users = users;
      this.#readAt = now;
    }
    const users = this.#users;
    return userIds.filter((userId) => users.has(userId));
  }
}

const sets = new WeakMap<Db, SubscriberSet>();

function setOf(db: Db): SubscriberSet | null {
  const database = databaseOf(db);
  if (!database) return null;
  let set = sets.get(database);
  if (!set) {
    set = new SubscriberSet(database);
    sets.set(database, set);
  }
  return set;
}

/** Those of `userIds` whose webhooks must be read: the others have none (see above). */
export function usersWhoMayHaveWebhooks(
  db: Db,
  userIds: readonly number[],
  read: ReadSubscribers,
): Promise<readonly number[]> {
  const set = setOf(db);
  return set ? set.mayHaveWebhooks(db, userIds, read) : Promise.resolve(userIds);
}

/**
 * A user has (or may have) an active webhook from now on: the repository calls it in the statement's transaction
 * whenever it writes an active webhook. This process knows at once; the others when that transaction commits.
 */
export async function announceSubscriber(db: Db, userId: number): Promise<void> {
  setOf(db)?.add(userId);
  await sendAcrossProcesses(db, SUBSCRIBED_CHANNEL, String(userId));
}
