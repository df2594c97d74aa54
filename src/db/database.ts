import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
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

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect = dialectOf(options.url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // A schema other than the default is set per connection. Parallel query workers re-check that search_path on
      // start-up and have been seen failing with "schema does not exist" on a schema created moments before by
      // another connection, so these pools (tests, one schema each) plan without parallel workers.
      ...(options.schema ? { options: `-c search_path=${options.schema} -c max_parallel_workers_per_gather=0` } : {}),
    });
    // An idle connection the server closes (a restart, a failover, an administrator) is reported as an 'error' event
    // on the pool; unhandled, that event would crash the process. pg drops the broken connection itself, and the next
    // query opens a new one, so it is only worth a line in the log.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: an idle connection was closed (${error.message}); it will be replaced.`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, destroy: () => db.destroy() };
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(file) });
  return { db, dialect, destroy: () => db.destroy() };
}
