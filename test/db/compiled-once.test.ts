import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMPILED_LIST_MAX, compiledOnce, compiledOnceForList } from '../../src/db/compiled-once.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDatabase, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 11: the hottest queries are built and compiled once per database (src/db/compiled-once.ts). Each call must
 * still run with its own values, the query's fixed values kept, inside a transaction on the transaction's connection.
 */
class RolledBack extends Error {}

for (const dialect of testDialects()) {
  describe(`queries compiled once [${dialect}]`, () => {
    let database: TestDatabase;
    let dataDir: string;
    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-test-'));
      database = await createTestDatabase(dialect, dataDir);
    });
    after(async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('builds once per database, and each call gets the rows of its own values', async () => {
      const names: string[] = [];
      for (const n of [1, 2, 3])
        names.push((await createUser(database.db, 'contributor', { name: `Compiled ${n}` })).name);
      await createUser(database.db, 'company', { name: 'Compiled company' });
      let builds = 0;
      // A fixed value ('contributor'), two values per call, and a limit.
      const usersNamed = compiledOnce((db: Db, prefix: string, limit: number) => {
        builds++;
        return db
          .selectFrom('users')
          .select('name')
          .where('account_type', '=', 'contributor')
          .where('name', 'like', prefix)
          .orderBy('name')
          .limit(limit);
      });
      const named = async (prefix: string, limit: number) =>
        (await usersNamed(database.db, prefix, limit)).map((row) => row.name);
      assert.deepEqual(await named('Compiled %', 10), names);
      assert.deepEqual(await named('Compiled 2%', 10), ['Compiled 2']);
      assert.deepEqual(await named('Compiled %', 2), names.slice(0, 2));
      assert.deepEqual(await named('Compiled company', 10), [], 'the fixed value still holds');
      assert.equal(builds, 1);
    });

    it("runs in a transaction on the transaction's connection, and sees what it wrote", async () => {
      const byName = compiledOnce((db: Db, name: string) =>
        db.selectFrom('users').select('name').where('name', '=', name),
      );
      const names = async (db: Db, name: string) => (await byName(db, name)).map((row) => row.name);
      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await createUser(trx, 'contributor', { name: 'Uncommitted' });
          assert.deepEqual(await names(trx, 'Uncommitted'), ['Uncommitted']);
          throw new RolledBack();
        }),
        RolledBack,
      );
      assert.deepEqual(await names(database.db, 'Uncommitted'), []);
    });

    it('compiles a list query once per length, each call with its own list and values', async () => {
      const ids: number[] = [];
      for (const n of [1, 2, 3, 4]) {
        ids.push((await createUser(database.db, 'contributor', { name: `Listed ${n}` })).id);
      }
      let builds = 0;
      const namesOf = compiledOnceForList((db: Db, list, accountType: 'contributor' | 'company') => {
        builds++;
        return db
          .selectFrom('users')
          .select('name')
          .where('id', 'in', list)
          .where('account_type', '=', accountType)
          .orderBy('name');
      });
      const named = async (list: readonly number[], accountType: 'contributor' | 'company' = 'contributor') =>
        (await namesOf(database.db, list, accountType)).map((row) => row.name);
      assert.deepEqual(await named([ids[0]!, ids[2]!]), ['Listed 1', 'Listed 3']);
      assert.deepEqual(await named([ids[1]!, ids[3]!]), ['Listed 2', 'Listed 4']);
      assert.deepEqual(await named([ids[1]!]), ['Listed 2']);
      assert.deepEqual(await named(ids), ['Listed 1', 'Listed 2', 'Listed 3', 'Listed 4']);
      assert.deepEqual(await named([ids[3]!]), ['Listed 4']);
      assert.deepEqual(await named(ids, 'company'), [], 'the value after the list is its own');
      assert.equal(builds, 3, 'lengths 2, 1 and 4 each built once');
      // Longer than the compiled maximum: built on each call, same answer.
      const long = [...Array.from({ length: COMPILED_LIST_MAX }, () => 0), ids[0]!];
      assert.deepEqual(await named(long), ['Listed 1']);
      assert.deepEqual(await named(long), ['Listed 1']);
      assert.equal(builds, 5);
    });

    it('refuses a build that does not hand every argument to the query as a value', async () => {
      const ignoresItsArgument = compiledOnce((db: Db, _id: number) => db.selectFrom('users').select('id').limit(1));
      await assert.rejects(ignoresItsArgument(database.db, 1), /Argument 1 of a query compiled once/);
    });
  });
}
