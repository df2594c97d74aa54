import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { describeNotifications } from './notification-actions.ts';
import { notificationsAfter } from './notifications.repository.ts';
import type { Notification } from './notifications.schemas.ts';

/** Rows read at a time; a long replay is read and written in batches, waiting for the client to take each. */
const BATCH = 100;
/** How long a client waits before reconnecting after the stream ends (the SSE `retry` field). */
const RECONNECT_MS = 3_000;

/** Heartbeat timers running now, over every stream of the process: what the tests check closed streams leave. */
let runningHeartbeats = 0;
export const heartbeatsRunning = (): number => runningHeartbeats;

export type StreamOptions = {
  db: Db;
  userId: number;
  heartbeatMs: number;
  /** Whether the caller's token still holds (not revoked, not expired, the account active). */
  authorized: () => Promise<boolean>;
  /** Calls the hub's `onInterrupted` if another process may have written without a message (SQLite). */
  checkForMissed: () => Promise<void>;
  /** The notification as `GET /api/notifications` writes it. */
  serialize: (notification: Notification) => string;
  log: FastifyBaseLogger;
  /** Called once, when the stream has ended for whatever reason. */
  onEnd: () => void;
};

/**
 * One open `GET /api/notifications/stream`: sends the user's notifications with an id above the last one sent, read
 * from the database whenever it is woken, so what reaches the client is only ever committed, and never twice. Its
 * `body` is the response's payload; `end` finishes it (the client went away, the token ended, the server closes).
 */
export class NotificationStream {
  readonly userId: number;
  readonly body = new PassThrough();
  readonly #options: StreamOptions;
  readonly #stopped = new AbortController();
  #cursor = 0;
  #started = false;
  #reading = false;
  #readAgain = false;
  #checking = false;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: StreamOptions) {
    this.userId = options.userId;
    this.#options = options;
  }

  get ended(): boolean {
    return this.#stopped.signal.aborted;
  }

  /** Starts sending what comes after `cursor` (the Last-Event-ID, or the newest id when the stream opened). */
  start(cursor: number): void {
    if (this.ended) return;
    this.#cursor = cursor;
    this.#started = true;
    this.body.write(`retry: ${RECONNECT_MS}\n\n`);
    this.#heartbeat = setInterval(() => this.#beat(), this.#options.heartbeatMs);
    runningHeartbeats++;
    this.wake();
  }

  /** The user may have something new: read it (once more after the current read, if one is running). */
  wake(): void {
    if (!this.#started || this.ended) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    void this.#read();
  }

  /** Ends the stream unless its token still holds. */
  recheck(): void {
    if (this.ended || this.#checking) return;
    this.#checking = true;
    this.#options
      .authorized()
      .then((authorized) => {
        if (!authorized) this.end();
      })
      .catch((error: unknown) => this.#fail(error))
      .finally(() => {
        this.#checking = false;
      });
  }

  end(): void {
    if (this.ended) return;
    this.#stopped.abort();
    if (this.#heartbeat) {
      clearInterval(this.#heartbeat);
      runningHeartbeats--;
    }
    this.body.end();
    this.#options.onEnd();
  }

  async #read(): Promise<void> {
    const { db, userId, serialize } = this.#options;
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        let rows: Awaited<ReturnType<typeof notificationsAfter>>;
        do {
          rows = await notificationsAfter(db, userId, this.#cursor, BATCH);
          for (const notification of await describeNotifications(db, userId, rows)) {
            if (this.ended) return;
            const frame = `id: ${notification.id}\nevent: notification\ndata: ${serialize(notification)}\n\n`;
            this.#cursor = notification.id;
            if (!this.body.write(frame)) await once(this.body, 'drain', { signal: this.#stopped.signal });
          }
        } while (rows.length === BATCH && !this.ended);
      } while (this.#readAgain && !this.ended);
    } catch (error) {
      this.#fail(error);
    } finally {
      this.#reading = false;
    }
  }

  /** A comment line keeps the connection open through proxies; each beat also checks the token and other writers. */
  #beat(): void {
    this.body.write(': heartbeat\n\n');
    this.recheck();
    this.#options.checkForMissed().catch((error: unknown) => this.#fail(error));
  }

  /**
   * A read or check failed (the database is away): the stream ends, and the client's reconnect with Last-Event-ID
   * picks up where it stopped, or gets the 503 until the database is back.
   */
  #fail(error: unknown): void {
    if (this.ended) return;
    this.#options.log.warn({ err: error }, 'notification stream ended: the database could not be read');
    this.end();
  }
}
