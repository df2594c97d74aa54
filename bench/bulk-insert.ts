import { CompiledQuery } from 'kysely';
import type { Dialect } from '../src/db/column-types.ts';
import type { Db } from '../src/db/database.ts';

/** SQLite allows 32,766 bound values per statement and PostgreSQL 65,535; stay under both. */
const MAX_VALUES_PER_STATEMENT = 30_000;

/**
 * Multi-row INSERTs of plain rows, chunked under the engines' parameter limits. The SQL is written here rather than
 * built by Kysely: seeding half a million rows through the query builder costs more time than the inserts themselves.
 * Table and column names come from this benchmark's own code, never from input.
 */
export async function bulkInsert(
  db: Db,
  dialect: Dialect,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
  const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = columns.map((column) => {
        parameters.push(row[column] ?? null);
        return dialect === 'postgres' ? `$${parameters.length}` : '?';
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
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
