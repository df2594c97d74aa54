import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

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

export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: () => {
      const db = new DatabaseSync(file, { timeout: 5000 });
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
