/** True when a write failed on a unique constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  // node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555)
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed');
}

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean "the server is away or refusing work for now", not "this statement is wrong": class 08
 * (connection exception), the shutdown codes a restart or `pg_terminate_backend` sends, and too many connections.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;

/** What pg and pg-pool say, without a code, when a connection ends under a query or cannot be opened in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** node:sqlite's SQLITE_BUSY (5) and its extended codes: another process holds the write lock. */
const SQLITE_BUSY = 5;

/**
 * True when a query failed because the database cannot be reached right now (down, restarting, the connection cut,
 * or on SQLite locked by another process) rather than because of the query. Such a request may succeed if retried
 * later: the API answers 503 with Retry-After instead of 500. Follows `cause` and AggregateError members, as a
 * refused connection to a host with several addresses is reported as an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code))) return true;
  if (typeof e.errcode === 'number' && (e.errcode & 0xff) === SQLITE_BUSY) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}
