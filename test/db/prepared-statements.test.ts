import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { compiledOnce } from '../../src/db/compiled-once.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { preparedNameOf } from '../../src/db/prepared-statements.ts';
import { changeSchemaInTurn, createTestContext, POSTGRES_URL, type TestContext } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';

/**
 * Issue 11: on PostgreSQL the queries compiled once run as named prepared statements, parsed and planned once per
 * connection (src/db/prepared-statements.ts); other queries run unnamed, and DATABASE_PREPARED_STATEMENTS=false
 * turns the naming off.
 */
const userName = compiledOnce((db, id: number) => db.selectFrom('users').select('name').where('id', '=', id));

async function preparedOn(connection: Db): Promise<Array<{ name: string; statement: string }>> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements`.execute(connection);
  return rows;
}

describe('prepared statements [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let ctx: TestContext;
  let ids: number[];
  /** The test database's schema, for pools of the tests' own. */
  let schema: string;
  before(async () => {
    ctx = await createTestContext('postgres');
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db)).rows[0].schema;
    ids = [];
    for (const name of ['Ada Prepared', 'Grace Prepared']) {
      ids.push((await createVolunteer(ctx.db, { user: { name } })).user.id);
    }
  });
  after(() => ctx.close());

  it('a query compiled once is prepared under its name and answers each run with its own values', async () => {
    await ctx.db.connection().execute(async (connection) => {
      assert.deepEqual(await userName(connection, ids[0]), [{ name: 'Ada Prepared' }]);
      assert.deepEqual(await userName(connection, ids[1]), [{ name: 'Grace Prepared' }]);
      const mine = (await preparedOn(connection)).filter((row) => row.statement.includes('from "users"'));
      assert.equal(mine.length, 1, 'one statement, prepared once for both runs');
      assert.equal(mine[0].name, preparedNameOf(mine[0].statement));
      assert.match(mine[0].name, /^guild_[0-9a-f]{24}$/);
    });
  });

  it('a query built on each call runs unnamed', async () => {
    await ctx.db.connection().execute(async (connection) => {
      const built = connection.selectFrom('users').select('email').where('id', '=', ids[0]);
      await built.execute();
      const sqlText = built.compile().sql;
      assert.equal(preparedNameOf(sqlText), undefined);
      assert.ok(!(await preparedOn(connection)).some((row) => row.statement === sqlText));
    });
  });

  it('a table renamed away fails the prepared query, and it answers again once the table is back', async () => {
    await userName(ctx.db, ids[0]);
    await changeSchemaInTurn(ctx, async (connection) => {
      await userName(connection, ids[0]);
      await sql`alter table users rename to users_away`.execute(connection);
      try {
        await assert.rejects(userName(connection, ids[0]), /relation "users" does not exist/);
      } finally {
        await sql`alter table users_away rename to users`.execute(connection);
      }
      assert.deepEqual(await userName(connection, ids[0]), [{ name: 'Ada Prepared' }]);
    });
  });

  it('a connection the server closed is replaced, and the new one prepares the query again', async () => {
    const database = createDatabase({ url: POSTGRES_URL!, schema, poolSize: 1 });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      assert.deepEqual(await userName(database.db, ids[1]), [{ name: 'Grace Prepared' }]);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      await sql`select pg_terminate_backend(${rows[0].pid})`.execute(ctx.db);
      for (let i = 0; i < 100 && warnings.length === 0; i++) await sleep(20);
      assert.match(warnings[0] ?? '', /an idle connection was closed/);
      assert.deepEqual(await userName(database.db, ids[1]), [{ name: 'Grace Prepared' }]);
      const { rows: again } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      assert.notEqual(again[0].pid, rows[0].pid, 'a new connection');
    } finally {
      console.warn = warn;
      await database.destroy();
    }
  });

  it('with prepared statements turned off, nothing is prepared', async () => {
    const database = createDatabase({
      url: POSTGRES_URL!,
      schema,
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      assert.deepEqual(await userName(database.db, ids[0]), [{ name: 'Ada Prepared' }]);
      assert.deepEqual(await preparedOn(database.db), []);
    } finally {
      await database.destroy();
    }
  });
});
