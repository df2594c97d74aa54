import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';

/**
 * Kysely ships a SQLite dialect written for better-sqlite3, a native addon. Node 24 has SQLite built in
 * (`node:sqlite`), so this adapter gives Kysely the small statement interface it expects and keeps the project
 * free of native builds. Prepared statements are cached: Kysely prepares every query anew otherwise.
 */
const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = wrapStatement(this.#db.prepare(sql));
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue) as never[];
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...bind(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)) as IterableIterator<unknown>,
  };
}

/** node:sqlite refuses booleans and undefined; store them as SQLite would have. */
function toSqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Kysely opens SQLite transactions with a plain (deferred) `begin`, which takes the write lock only at the first
 * write. In WAL mode a transaction that has read and then finds another process has written since cannot upgrade
 * its snapshot, and SQLite fails it at once with SQLITE_BUSY_SNAPSHOT instead of waiting: the API then answered 503
 * to a vote while a worker process was scoring ideas. `begin immediate` takes the write lock at the start, so a
 * second writer waits (up to the busy timeout) rather than invalidating what the first has read.
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteFirstSqliteDriver(this.#config);
  }
}

/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new NodeSqliteDialect({
    database: () => {
      const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA foreign_keys = ON');
      // Planner statistics for the tables that lack them or have changed much (see optimizeSqlite in database.ts);
      // the limit keeps this to milliseconds on a large database.
      db.exec('PRAGMA analysis_limit = 400');
      db.exec('PRAGMA optimize = 0x10002');
      return Promise.resolve(new NodeSqliteDatabase(db));
    },
  });
}
