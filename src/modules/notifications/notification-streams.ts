import { once } from 'node:events';
import { type Db, type Listening, listenAcrossProcesses, sendAcrossProcesses } from '../../db/database.ts';
import { listenForRevokedTokens } from '../auth/tokens.service.ts';
import { NotificationStream, type StreamOptions } from './notification-stream.ts';
import { newestNotificationId } from './notifications.repository.ts';

/** The database message that says "this user has a new notification"; its payload is the user's id. */
export const NEWS_CHANNEL = 'guild_notifications';

/**
 * Tells every process's streams that `userId` has a new notification. In the transaction that records it: PostgreSQL
 * delivers the message on commit and drops it on rollback; on SQLite the streams' read waits for the transaction to
 * end (see `sendAcrossProcesses`). Either way a stream only sends what it then reads committed from the table.
 */
export async function announceNotification(db: Db, userId: number): Promise<void> {
  await sendAcrossProcesses(db, NEWS_CHANNEL, String(userId));
}

/** How long a closing application waits for a client to take the end of its stream before cutting it. */
const END_GRACE_MS = 1_000;

/** Who opened a stream: the application that answers it, so that closing one application ends only its streams. */
type Owner = object;

/**
 * This process's open notification streams on one database, by user: counts them for the per-user cap, and wakes
 * them when the database says a user has news (or may have missed some) or that a user's tokens were revoked. It
 * listens only while a stream is open: the last one to close leaves no listener, timer or count behind.
 */
export class NotificationStreams {
  readonly #db: Db;
  readonly #byUser = new Map<number, Set<NotificationStream>>();
  readonly #owners = new Map<NotificationStream, Owner>();
  #listening: Listening[] = [];

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * A new stream for `userId` that sends what comes after `lastEventId` (a reconnect: nothing is lost in between) or,
   * without one, what comes after the user's newest notification now; null when the user already holds `maxPerUser`
   * streams here. It is counted before anything is awaited, so concurrent opens cannot overshoot the cap, and it
   * listens before the newest id is read, so nothing committed after that read is missed.
   */
  async connect(
    owner: Owner,
    maxPerUser: number,
    lastEventId: number | null,
    options: Omit<StreamOptions, 'db' | 'checkForMissed' | 'onEnd'>,
  ): Promise<NotificationStream | null> {
    const stream = this.#open(owner, maxPerUser, options);
    if (!stream) return null;
    try {
      stream.start(lastEventId ?? (await newestNotificationId(this.#db, options.userId)));
    } catch (error) {
      stream.end();
      throw error;
    }
    return stream;
  }

  #open(
    owner: Owner,
    maxPerUser: number,
    options: Omit<StreamOptions, 'db' | 'checkForMissed' | 'onEnd'>,
  ): NotificationStream | null {
    const streams = this.#byUser.get(options.userId) ?? new Set<NotificationStream>();
    if (streams.size >= maxPerUser) return null;
    if (this.#owners.size === 0) this.#listen();
    const stream: NotificationStream = new NotificationStream({
      ...options,
      db: this.#db,
      checkForMissed: () => this.#listening[0]?.checkForMissed() ?? Promise.resolve(),
      onEnd: () => this.#forget(stream),
    });
    streams.add(stream);
    this.#byUser.set(options.userId, streams);
    this.#owners.set(stream, owner);
    return stream;
  }

  /**
   * Ends the streams `owner` opened (the application is closing), so that they do not hold the server open: each
   * response is finished, or cut after a moment if its client does not take the rest of it.
   */
  async endAll(owner: Owner): Promise<void> {
    const ending = [...this.#owners].filter(([, of]) => of === owner).map(([stream]) => stream);
    await Promise.all(
      ending.map(async (stream) => {
        const closed = once(stream.body, 'close').catch(() => {});
        stream.end();
        const cut = setTimeout(() => stream.body.destroy(), END_GRACE_MS);
        await closed;
        clearTimeout(cut);
      }),
    );
  }

  /** What is held now: streams, users with one, and database listeners (for the tests of what closing leaves). */
  stats(): { streams: number; users: number; listeners: number } {
    return { streams: this.#owners.size, users: this.#byUser.size, listeners: this.#listening.length };
  }

  #listen(): void {
    const everyStream = (act: (stream: NotificationStream) => void) => {
      for (const stream of this.#owners.keys()) act(stream);
    };
    const usersStreams = (userId: number, act: (stream: NotificationStream) => void) => {
      for (const stream of this.#byUser.get(userId) ?? []) act(stream);
    };
    this.#listening = [
      listenAcrossProcesses(
        this.#db,
        NEWS_CHANNEL,
        (payload) => usersStreams(Number(payload), (stream) => stream.wake()),
        () => everyStream((stream) => stream.wake()),
      ),
      listenForRevokedTokens(
        this.#db,
        (userId) => usersStreams(userId, (stream) => stream.recheck()),
        () => everyStream((stream) => stream.recheck()),
      ),
    ];
  }

  #forget(stream: NotificationStream): void {
    this.#owners.delete(stream);
    const streams = this.#byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.#byUser.delete(stream.userId);
    if (this.#owners.size === 0) {
      for (const listening of this.#listening) listening.stop();
      this.#listening = [];
    }
  }
}

const hubs = new WeakMap<Db, NotificationStreams>();

/** The process's streams on `db` (the database createDatabase opened; one hub per database, like the token cache). */
export function notificationStreamsOf(db: Db): NotificationStreams {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new NotificationStreams(db);
    hubs.set(db, hub);
  }
  return hub;
}
