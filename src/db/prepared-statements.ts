import crypto from 'node:crypto';

/**
 * On PostgreSQL the queries the service runs on most requests (those compiled once, compiled-once.ts) go as named
 * prepared statements: each connection parses and plans such a query once and then only binds its values, where an
 * unnamed statement sends its text and is parsed and planned again on every run. For the access check of an
 * assignment (six tables joined) that planning was most of the statement's time: a transaction of two such statements
 * took 2.6–3.5 ms unnamed and 0.4–0.8 ms named, and half the process's CPU (docs/performance.md). After five runs
 * PostgreSQL may keep one generic plan for the statement (`plan_cache_mode`), which suits these queries: each looks
 * rows up by key, so no value of theirs calls for another plan.
 *
 * The name is a digest of the SQL, so one query has one name in every process and on every connection. A connection
 * that never ran a named query prepares it on its first run (pg remembers which it has prepared). A pooler in
 * transaction mode (PgBouncer before 1.21) cannot keep statements per connection: there, turn this off
 * (`DATABASE_PREPARED_STATEMENTS=false`).
 */
const names = new Map<string, string>();
/** A bound on what each connection keeps prepared (a query compiled per list length counts once per length). */
const PREPARED_MAX = 2000;

/** Marks a query's SQL as one to run prepared: it is run often and its text never changes. */
export function runPrepared(sql: string): void {
  if (names.size >= PREPARED_MAX || names.has(sql)) return;
  names.set(sql, `guild_${crypto.createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
}

/** The statement name a query runs under, or undefined for one that runs unnamed. */
export function preparedNameOf(sql: string): string | undefined {
  return names.get(sql);
}
