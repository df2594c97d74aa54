import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from './column-types.ts';
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Database } from './schema.ts';

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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, destroy: () => db.destroy() };
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') {
    // Owner-only (issue 10, low list): the file is created here, 0600, before SQLite opens it; SQLite gives its -wal
    // and -shm files the database file's mode.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(file) });
  return { db, dialect, destroy: () => db.destroy() };
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
