import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';
import { POSTGRES_URL } from '../helpers/context.ts';

describe('PostgreSQL pool', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  it('survives the server closing an idle connection, and the next query reconnects', async () => {
    const database = createDatabase({ url: POSTGRES_URL!, poolSize: 1 });
    const admin = createDatabase({ url: POSTGRES_URL!, poolSize: 1 });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      await sql`select pg_terminate_backend(${rows[0].pid})`.execute(admin.db);
      for (let i = 0; i < 100 && warnings.length === 0; i++) await sleep(20);
      assert.match(warnings[0] ?? '', /an idle connection was closed/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      assert.equal(again.rows[0].one, 1);
    } finally {
      console.warn = warn;
      await database.destroy();
      await admin.destroy();
    }
  });
});

/**
 * Counts the socket writes this process makes to the PostgreSQL server while `run` runs (every write to its port:
 * the pool's connections are the only ones open to it here).
 */
async function writesTo(port: number, run: () => Promise<unknown>): Promise<number> {
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const originals = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    socket[method] = function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes++;
      return originals[method].apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    Object.assign(socket, originals);
  }
  return writes;
}

describe('a transaction opened with its first statement', {
  skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set',
}, () => {
  const port = Number(new URL(POSTGRES_URL ?? 'postgres://localhost').port || 5432);

  for (const prepared of [true, false]) {
    it(`sends begin in the first statement's write, and nothing for a transaction that ran none (prepared statements ${prepared ? 'on' : 'off'})`, async () => {
      const database = createDatabase({ url: POSTGRES_URL!, poolSize: 1, preparedStatements: prepared });
      try {
        await sql`select 1`.execute(database.db);
        const twoStatements = await writesTo(port, () =>
          database.db.transaction().execute(async (trx) => {
            await sql`select 1 as one`.execute(trx);
            await sql`select 2 as two`.execute(trx);
          }),
        );
        // begin with the first select, the second select, commit.
        assert.equal(twoStatements, 3);
        assert.equal(await writesTo(port, () => database.db.transaction().execute(async () => 'nothing asked')), 0);
      } finally {
        await database.destroy();
      }
    });
  }

  it('is still one transaction: it sees its own writes, others do not until it commits, and a failure undoes it', async () => {
    const database = createDatabase({ url: POSTGRES_URL!, poolSize: 2 });
    const table = sql.table(`opening_${process.pid}`);
    try {
      await sql`create table ${table} (n int)`.execute(database.db);
      const count = async (db: typeof database.db) =>
        Number((await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(db)).rows[0].n);
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into ${table} values (1)`.execute(trx);
        assert.equal(await count(trx), 1);
        assert.equal(await count(database.db), 0, 'another connection sees nothing before the commit');
      });
      assert.equal(await count(database.db), 1);

      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into ${table} values (2)`.execute(trx);
          await sql`select 1 / 0`.execute(trx);
        }),
        /division by zero/,
      );
      // A failing first statement: the opening went, the transaction failed, the connection is usable again.
      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into ${table} values (1 / 0)`.execute(trx);
        }),
        /division by zero/,
      );
      assert.equal(await count(database.db), 1, 'both failed transactions were undone');
    } finally {
      await sql`drop table if exists ${table}`.execute(database.db);
      await database.destroy();
    }
  });

  it('opens the transaction Kysely asked for: its isolation level reaches the first statement', async () => {
    const database = createDatabase({ url: POSTGRES_URL!, poolSize: 1 });
    try {
      const level = await database.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(
          async (trx) =>
            (await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(trx))
              .rows[0].level,
        );
      assert.equal(level, 'serializable');
      const outside = await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(
        database.db,
      );
      assert.equal(outside.rows[0].level, 'read committed');
    } finally {
      await database.destroy();
    }
  });
});
