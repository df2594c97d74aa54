import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { preparedNameOf } from './prepared-statements.ts';

type Query = PostgresPoolClient['query'];
type Result = PostgresQueryResult<unknown>;

/** How Kysely opens a transaction (`begin`, or `start transaction` with an isolation level or access mode). */
const OPENING = /^(begin|start transaction)\b/i;

/** The answer to a statement the database was never sent: it changes nothing and returns no rows. */
const unsent = (command: string): Promise<Result> => Promise.resolve({ command, rowCount: 0, rows: [] } as Result);

/**
 * The pool as Kysely's PostgreSQL driver sees it. Each client:
 *
 * - runs a query marked to run prepared under its name (prepared-statements.ts), unless `prepared` is false;
 * - sends a transaction's opening together with the transaction's first statement. Kysely awaits `begin` before the
 *   transaction's first statement, and on this machine every statement sent is a socket write and a wake-up of the
 *   server that cost the process more CPU than the statement's own work (docs/performance.md). The opening is held
 *   until that statement and both go in one write; the pool's clients run in pg's pipeline mode, so the statement
 *   does not wait for the opening's answer. Nothing is lost by the wait: a transaction takes its snapshot at its first
 *   statement, not at `begin`. A transaction that ran no statement sends nothing at all.
 *
 * The driver keeps a connection per client object, so each pg client has one wrapper for its life.
 */
export function kyselyPool(pool: pg.Pool, { prepared }: { prepared: boolean }): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const send = (client: pg.PoolClient, sqlOrCursor: unknown, parameters?: readonly unknown[]): Promise<Result> => {
    const name = prepared && typeof sqlOrCursor === 'string' ? preparedNameOf(sqlOrCursor) : undefined;
    if (name === undefined)
      return client.query(sqlOrCursor as never, parameters as never) as unknown as Promise<Result>;
    return client.query({ name, text: sqlOrCursor as string, values: parameters as unknown[] }) as Promise<Result>;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    /** The opening of a transaction whose first statement has not been sent yet. */
    let opening: string | null = null;
    const query = ((sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (typeof sqlOrCursor !== 'string') return send(client, sqlOrCursor, parameters);
      if (OPENING.test(sqlOrCursor)) {
        opening = sqlOrCursor;
        return unsent('BEGIN');
      }
      const held = opening;
      if (held === null) return send(client, sqlOrCursor, parameters);
      opening = null;
      if (/^(commit|rollback)$/i.test(sqlOrCursor)) return unsent(sqlOrCursor.toUpperCase());
      const { stream } = client.connection;
      stream.cork();
      try {
        const opened = client.query(held);
        const answered = send(client, sqlOrCursor, parameters);
        return Promise.all([opened, answered]).then(([, answer]) => answer);
      } finally {
        stream.uncork();
      }
    }) as Query;
    const release = () => {
      opening = null;
      client.release();
    };
    return { query, release };
  };

  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
