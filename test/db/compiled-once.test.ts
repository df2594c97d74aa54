import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  COMPILED_LIST_MAX,
  COMPILED_SHAPES_MAX,
  compiledOnce,
  compiledOnceForList,
  compiledOncePerShape,
} from '../../src/db/compiled-once.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Issue 11: the hottest queries are built and compiled once per database (src/db/compiled-once.ts). Each call must
 * still run with its own values, the query's fixed values kept, inside a transaction on the transaction's connection.
 */
class RolledBack extends Error {}

for (const dialect of testDialects()) {
  describe(`queries compiled once [${dialect}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
    });
    after(async () => {
      await database.close();
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

    it("a transaction uses its database's compiled SQL: built once across transactions", async () => {
      let builds = 0;
      const byName = compiledOnce((db: Db, name: string) => {
        builds++;
        return db.selectFrom('users').select('name').where('name', '=', name);
      });
      for (const name of ['Shared 1', 'Shared 2']) {
        await database.db.transaction().execute(async (trx) => {
          await createUser(trx, 'contributor', { name });
          assert.deepEqual(
            (await byName(trx, name)).map((row) => row.name),
            [name],
          );
        });
      }
      assert.deepEqual(
        (await byName(database.db, 'Shared 1')).map((row) => row.name),
        ['Shared 1'],
      );
      assert.equal(builds, 1);
    });

    it('compiles a write once per shape, each call with its own values (null written as a value)', async () => {
      const user = await createUser(database.db, 'contributor', { name: 'Shaped' });
      let builds = 0;
      const renames = compiledOncePerShape<{ id: number }>();
      const rename = (changes: { name?: string; linkedin_id?: string | null }) => {
        const set = Object.entries(changes);
        return renames(
          database.db,
          set.map(([column]) => column).join(','),
          (db, ...values) => {
            builds++;
            return db
              .updateTable('users')
              .set(Object.fromEntries(set.map(([column], i) => [column, values[i]])))
              .where('id', '=', values[set.length] as number)
              .returning('id');
          },
          [...set.map(([, value]) => value ?? null), user.id],
        );
      };
      const row = () =>
        database.db.selectFrom('users').select(['name', 'linkedin_id']).where('id', '=', user.id).executeTakeFirst();
      assert.deepEqual(
        (await rename({ name: 'Shaped 2' })).map((row) => row.id),
        [user.id],
      );
      assert.deepEqual(
        (await rename({ name: 'Shaped 3' })).map((row) => row.id),
        [user.id],
      );
      assert.equal((await row())?.name, 'Shaped 3');
      await rename({ name: 'Shaped 4', linkedin_id: 'li-1' });
      assert.deepEqual({ ...(await row()) }, { name: 'Shaped 4', linkedin_id: 'li-1' });
      await rename({ name: 'Shaped 5', linkedin_id: null });
      assert.deepEqual({ ...(await row()) }, { name: 'Shaped 5', linkedin_id: null });
      assert.equal(builds, 2, 'two shapes, each built once');
      // Past the kept shapes, each call is built anew and still right.
      for (let n = 0; n < COMPILED_SHAPES_MAX; n++) {
        await renames(
          database.db,
          `other ${n}`,
          (db, id) =>
            db
              .selectFrom('users')
              .select('id')
              .where('id', '=', id as number),
          [user.id],
        );
      }
      const before = builds;
      await rename({ linkedin_id: 'li-2' });
      await rename({ linkedin_id: 'li-3' });
      assert.equal(builds, before + 2);
      assert.equal((await row())?.linkedin_id, 'li-3');
    });

    it('refuses a build that does not hand every argument to the query as a value', async () => {
      const ignoresItsArgument = compiledOnce((db: Db, _id: number) => db.selectFrom('users').select('id').limit(1));
      await assert.rejects(ignoresItsArgument(database.db, 1), /Argument 1 of a query compiled once/);
    });
  });
}
