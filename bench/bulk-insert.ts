import { CompiledQuery } from 'kysely';
import type { Dialect } from '../src/db/column-types.ts';
import type { Db } from '../src/db/database.ts';

/** SQLite allows 32,766 bound values per statement and PostgreSQL 65,535; stay under both. */
const MAX_VALUES_PER_STATEMENT = 30_000;

/**
 * Multi-row INSERTs of plain rows, chunked under the engines' parameter limits; `rows` may be a generator, read one
 * statement's worth at a time. The SQL is written here rather than
 * built by Kysely: seeding half a million rows through the query builder costs more time than the inserts themselves.
 * Table and column names come from this benchmark's own code, never from input.
 */
export async function bulkInsert(
  db: Db,
  dialect: Dialect,
  table: string,
  rows: Iterable<Record<string, unknown>>,
): Promise<void> {
  let insert: ((chunk: Record<string, unknown>[]) => Promise<unknown>) | null = null;
  let perStatement = 1;
  let chunk: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (!insert) {
      const columns = Object.keys(row);
      perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
      insert = (part) => db.executeQuery(insertStatement(dialect, table, columns, part));
    }
    chunk.push(row);
    if (chunk.length === perStatement) {
      await insert(chunk);
      chunk = [];
    }
  }
  if (insert && chunk.length > 0) await insert(chunk);
}

function insertStatement(dialect: Dialect, table: string, columns: string[], rows: Record<string, unknown>[]) {
  const parameters: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      parameters.push(row[column] ?? null);
      return dialect === 'postgres' ? `$${parameters.length}` : '?';
    });
    return `(${placeholders.join(', ')})`;
  });
  const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `;
  return CompiledQuery.raw(head + tuples.join(', '), parameters);
}

/** Rows were inserted with explicit ids; move each PostgreSQL sequence past them so the server's inserts succeed. */
export async function resetSequences(db: Db, dialect: Dialect, tables: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await db.executeQuery(
      CompiledQuery.raw(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      ),
    );
  }
}
