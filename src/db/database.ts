import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from './column-types.ts';
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts';
import { kyselyPool } from './postgres-pool.ts';
import type { Database } from './schema.ts';
import { type CheckpointOptions, SqliteCheckpoints } from './sqlite-checkpoints.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  destroy: () => Promise<void>;
};

export type DatabaseOptions = {
  url: string;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: run the queries compiled once as named prepared statements (default true). */
  preparedStatements?: boolean;
  /** SQLite only: when the WAL checkpoints move to their own thread (tests shorten the waits). */
  checkpoints?: CheckpointOptions;
};

const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 3_000;

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * pg returns timestamps as Date and 64-bit integers as strings; the application works in ISO strings and numbers on
 * both engines, so the pool parses those types accordingly (per pool, not by mutating pg's global parsers).
 */
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) return (value: string) => new Date(value).toISOString();
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect = dialectOf(options.url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // While the database is unreachable a request fails after this wait instead of hanging on the connect; TCP
      // keep-alive notices a connection whose peer vanished without closing it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // A transaction's opening goes out with its first statement, which must not wait for the opening's answer
      // (postgres-pool.ts). Kysely sends one statement at a time on a connection, so nothing else is pipelined.
      pipeline: true,
      // A schema other than the default is set per connection. Parallel query workers re-check that search_path on
      // start-up and have been seen failing with "schema does not exist" on a schema created moments before by
      // another connection, so these pools (tests, one schema each) plan without parallel workers.
      ...(options.schema ? { options: `-c search_path=${options.schema} -c max_parallel_workers_per_gather=0` } : {}),
    });
    // A connection the server closes or the network cuts (a restart, a failover, `pg_terminate_backend`) is reported
    // as an 'error' event: on the pool while the connection is idle, on the client while a query holds it. Either
    // event unhandled would end the process. pg drops the broken connection itself and the next query opens a new
    // one; the query that was running fails and its request gets a 503 (see `isDatabaseUnavailable`).
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: an idle connection was closed (${error.message}); it will be replaced.`);
    });
    // The client listener stays for the connection's life; it speaks only while the connection is checked out, as
    // the pool reports idle ones.
    const inUse = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => inUse.add(client));
    pool.on('release', (_error, client) => inUse.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!inUse.has(client)) return;
        console.warn(`PostgreSQL: a connection in use was closed (${error.message}); it will be replaced.`);
      });
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: kyselyPool(pool, { prepared: options.preparedStatements !== false }) }),
    });
    opened.set(db.getExecutor().adapter, db);
    pools.set(db, pool);
    const listeners = new PostgresListeners(options.url);
    brokers.set(db, listeners);
    return {
      db,
      dialect,
      destroy: async () => {
        await runClosingSteps(db);
        await listeners.close();
        await db.destroy();
      },
    };
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') {
    // Owner-only (issue 10, low list): the file is created here, 0600, before SQLite opens it; SQLite gives its -wal
    // and -shm files the database file's mode.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(file) });
  opened.set(db.getExecutor().adapter, db);
  const optimizer = setInterval(() => void optimizeSqlite(db), SQLITE_OPTIMIZE_INTERVAL_MS).unref();
  const checkpoints =
    file === ':memory:'
      ? null
      : new SqliteCheckpoints(
          file,
          async (pages) => {
            await sql`pragma wal_autocheckpoint = ${sql.raw(String(Math.trunc(pages)))}`.execute(db);
          },
          options.checkpoints,
        );
  const listeners = new SqliteListeners(db);
  brokers.set(db, listeners);
  sqliteListeners.add(listeners);
  return {
    db,
    dialect,
    destroy: async () => {
      await runClosingSteps(db);
      sqliteListeners.delete(listeners);
      clearInterval(optimizer);
      await checkpoints?.close();
      await optimizeSqlite(db);
      await db.destroy();
    },
  };
}

/**
 * The databases `createDatabase` opened, by their adapter: Kysely makes one adapter per database and hands the same
 * object to its transactions (and to `withSchema` and `withPlugin` copies), so it leads from a transaction back to the
 * database it belongs to.
 */
const opened = new WeakMap<object, Db>();

/** The database `createDatabase` opened of which `db` is the database itself or a transaction; undefined otherwise. */
export function databaseOf(db: Db): Db | undefined {
  return opened.get(db.getExecutor().adapter);
}

const closingSteps = new WeakMap<Db, Array<() => Promise<void>>>();

/**
 * Runs `step` when the database `db` (or the database of the transaction `db`) closes, before its connections do:
 * for what a process writes behind (token uses) and must not lose at a shutdown.
 */
export function beforeDatabaseCloses(db: Db, step: () => Promise<void>): void {
  const database = databaseOf(db) ?? db;
  const steps = closingSteps.get(database);
  if (steps) steps.push(step);
  else closingSteps.set(database, [step]);
}

async function runClosingSteps(db: Db): Promise<void> {
  const steps = closingSteps.get(db) ?? [];
  closingSteps.delete(db);
  for (const step of steps) {
    await step().catch((error: unknown) => {
      console.warn(`A write left for the database's close failed (${(error as Error).message}).`);
    });
  }
}

/**
 * SQLite's planner needs statistics (`ANALYZE`) to pick the right index; without them a plan can depend on luck
 * (docs/performance.md: the challenge list took 26 ms instead of 0.2 ms). SQLite recommends `PRAGMA optimize` when a
 * connection opens (with 0x10002, done in node-sqlite-dialect.ts), every few hours on a long-lived connection, and
 * before it closes: it analyzes only the tables whose statistics are missing or out of date, within
 * `analysis_limit`, so each run costs milliseconds.
 */
const SQLITE_OPTIMIZE_INTERVAL_MS = 3 * 60 * 60 * 1000;

async function optimizeSqlite(db: Db): Promise<void> {
  await sql`pragma optimize`.execute(db).catch(() => {
    // A busy or closing database: the next run will do it.
  });
}

/**
 * Messages between the processes that share a database (a token revoked on one API process clears every process's
 * token cache; a notification committed anywhere reaches the streams every process holds). PostgreSQL carries them
 * with LISTEN/NOTIFY, on one connection per pool whatever the number of listeners. A SQLite database is served by one
 * process, which hears its own messages directly; but the command line (`guild token:revoke`, `user:deactivate`) or
 * a worker process writes to it from another: SQLite cannot carry a message between processes, so a listener asks
 * `checkForMissed` before trusting what it kept, and hears `onInterrupted` if another process has committed since.
 */
type Listeners = {
  /** Whether messages sent now will reach `onMessage` (false while the connection is being made or re-made). */
  listening(): boolean;
  /** Calls `onInterrupted` now if a message may have been missed (SQLite: another process committed). */
  checkForMissed(): Promise<void>;
  add(channel: string, subscriber: Subscriber): void;
  remove(channel: string, subscriber: Subscriber): void;
};

type Subscriber = { onMessage: (payload: string) => void; onInterrupted: () => void };

/** What a listener is handed: its state, and `stop` to hear no more (the channel stays listened to, unused). */
export type Listening = { listening(): boolean; checkForMissed(): Promise<void>; stop(): void };

const brokers = new WeakMap<Db, Listeners>();

export function listenAcrossProcesses(
  db: Db,
  channel: string,
  onMessage: (payload: string) => void,
  onInterrupted: () => void,
): Listening {
  const listeners = brokers.get(db);
  if (!listeners) throw new Error('listenAcrossProcesses needs the database createDatabase opened, not a transaction.');
  const subscriber = { onMessage, onInterrupted };
  listeners.add(channel, subscriber);
  return {
    listening: () => listeners.listening(),
    checkForMissed: () => listeners.checkForMissed(),
    stop: () => listeners.remove(channel, subscriber),
  };
}

/** Whether `db` (a database or a transaction of one) is PostgreSQL's; otherwise it is SQLite's. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Sends `payload` to every process listening on `channel` (this one included). With a transaction as `db` it is
 * delivered when the transaction commits, and not at all if it rolls back. SQLite: delivered to this process's
 * listeners only, at once (a transaction has no link to its database, so to the listeners of every SQLite database
 * the process has open); what they read in answer waits for the sender's transaction to end, since a SQLite database
 * is one connection that a transaction holds until it commits or rolls back.
 */
export async function sendAcrossProcesses(db: Db, channel: string, payload: string): Promise<void> {
  if (!isPostgres(db)) {
    for (const listeners of sqliteListeners) listeners.deliver(channel, payload);
    return;
  }
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const RELISTEN_DELAY_MS = 1_000;
/**
 * `PRAGMA data_version` changes when another connection (another process) has committed to the database file; this
 * connection's own commits leave it alone. Read before a listener trusts what it kept (`checkForMissed`): one cheap
 * statement instead of the lookup it saves.
 */
const DATA_VERSION = CompiledQuery.raw('pragma data_version');

/** The channels' subscribers: a channel, once asked for, stays (an empty set) so it is not listened to again. */
class Subscribers {
  readonly #channels = new Map<string, Set<Subscriber>>();

  /** Adds the subscriber; true when the channel is new. */
  add(channel: string, subscriber: Subscriber): boolean {
    const known = this.#channels.get(channel);
    if (known) known.add(subscriber);
    else this.#channels.set(channel, new Set([subscriber]));
    return !known;
  }

  remove(channel: string, subscriber: Subscriber): void {
    this.#channels.get(channel)?.delete(subscriber);
  }

  channels(): string[] {
    return [...this.#channels.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const subscriber of this.#channels.get(channel) ?? []) subscriber.onMessage(payload);
  }

  interrupt(channel?: string): void {
    for (const [name, subscribers] of this.#channels)
      if (channel === undefined || name === channel) for (const subscriber of subscribers) subscriber.onInterrupted();
  }
}

/** The SQLite databases this process has open, for `sendAcrossProcesses`; each leaves when destroyed. */
const sqliteListeners = new Set<SqliteListeners>();

class SqliteListeners implements Listeners {
  readonly #db: Db;
  readonly #subscribers = new Subscribers();
  #version: number | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  listening(): boolean {
    return true;
  }

  add(channel: string, subscriber: Subscriber): void {
    this.#subscribers.add(channel, subscriber);
  }

  remove(channel: string, subscriber: Subscriber): void {
    this.#subscribers.remove(channel, subscriber);
  }

  /** In this process, after the sender's statement returns (listeners must never run inside the sender's call). */
  deliver(channel: string, payload: string): void {
    queueMicrotask(() => this.#subscribers.deliver(channel, payload));
  }

  async checkForMissed(): Promise<void> {
    const result = await this.#db.executeQuery<{ data_version: number }>(DATA_VERSION);
    const version = result.rows[0]?.data_version ?? null;
    if (this.#version !== null && version !== this.#version) this.#subscribers.interrupt();
    this.#version = version;
  }
}

/**
 * One dedicated connection per pool, LISTENing on every channel asked for; remade after it drops. Whatever was sent
 * while it was not listening is lost, so every subscriber hears `onInterrupted` when it drops and again once it
 * listens (anew, or on a channel just added).
 */
class PostgresListeners implements Listeners {
  readonly #url: string;
  readonly #subscribers = new Subscribers();
  #client: pg.Client | null = null;
  #connected = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(url: string) {
    this.#url = url;
  }

  listening(): boolean {
    return this.#connected;
  }

  /** NOTIFY delivers every message while connected; a dropped connection calls `onInterrupted` itself. */
  async checkForMissed(): Promise<void> {}

  add(channel: string, subscriber: Subscriber): void {
    if (!this.#subscribers.add(channel, subscriber)) return;
    const client = this.#client;
    if (!client) {
      this.#connect();
      return;
    }
    void client
      .query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      .then(() => this.#subscribers.interrupt(channel))
      .catch(() => this.#drop());
  }

  remove(channel: string, subscriber: Subscriber): void {
    this.#subscribers.remove(channel, subscriber);
  }

  #connect(): void {
    if (this.#closed || this.#client) return;
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.#client = client;
    client.on('notification', (message) => this.#subscribers.deliver(message.channel, message.payload ?? ''));
    client.on('error', () => this.#drop());
    client.on('end', () => this.#drop());
    const channels = this.#subscribers.channels();
    client
      .connect()
      .then(() => Promise.all(channels.map((channel) => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`))))
      .then(() => {
        if (this.#client !== client) return;
        this.#connected = true;
        this.#subscribers.interrupt();
      })
      .catch(() => this.#drop());
  }

  /** Messages may have been missed: every listener hears so, and the connection is remade shortly. */
  #drop(): void {
    const client = this.#client;
    if (!client) return;
    this.#client = null;
    this.#connected = false;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    this.#subscribers.interrupt();
    if (!this.#closed) this.#retry = setTimeout(() => this.#connect(), RELISTEN_DELAY_MS).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    this.#connected = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The PostgreSQL pool's connections (open, idle, and queries waiting for one), for the metrics; null on SQLite,
 * which has one connection and no pool.
 */
export function databasePoolStats(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * Whether the database answers a trivial query within a few seconds (the readiness check). Never throws: a database
 * that is away, or one that does not answer in time, is `false`.
 */
export async function pingDatabase(db: Db, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
