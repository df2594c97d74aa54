import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import type { ReadVersionsTable } from '../../src/db/schema.ts';
import {
  challengeListVersion,
  challengeReadStamp,
  pageVersion,
} from '../../src/modules/challenges/read-versions.repository.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-count.ts';

/**
 * Issue 11: the version checks that decide whether a kept body is still right (src/http/shared-reads.ts). On
 * PostgreSQL the checks of concurrent requests go together, one statement per batch; either way each answers the
 * versions committed before it was asked, and inside a transaction what that transaction sees.
 */
type Topic = ReadVersionsTable['topic'];

for (const dialect of testDialects()) {
  describe(`read-version checks [${dialect}]`, () => {
    let database: TestDatabase;
    let challengeIds: number[];
    let companyId: number;
    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
      const { company } = await createCompany(database.db);
      companyId = company.id;
      challengeIds = [];
      for (let n = 0; n < 6; n++) challengeIds.push((await createChallenge(database.db, company.id)).id);
    });
    after(async () => {
      await database.close();
    });

    /** Sets a version as a committed write's trigger would leave it. */
    async function setVersion(db: Db, topic: Topic, subject: number, version: number) {
      await db
        .insertInto('read_versions')
        .values({ topic, subject_id: subject, version })
        .onConflict((conflict) => conflict.columns(['topic', 'subject_id']).doUpdateSet({ version }))
        .execute();
    }

    async function versionOf(topic: Topic, subject: number): Promise<number> {
      const row = await database.db
        .selectFrom('read_versions')
        .select('version')
        .where('topic', '=', topic)
        .where('subject_id', '=', subject)
        .executeTakeFirst();
      return row?.version ?? 0;
    }

    it('answers each of many concurrent pages the sum of its own versions, in one statement on PostgreSQL', async () => {
      await setVersion(database.db, 'feed', 7001, 3);
      await setVersion(database.db, 'notifications', 7002, 11);
      await setVersion(database.db, 'team', 7003, 5);
      const pages = Array.from({ length: 24 }, (_, n) => ({
        topic: (n % 2 === 0 ? 'feed' : 'notifications') as Topic,
        subject: n % 2 === 0 ? 7001 : 7002,
        challenges: challengeIds.slice(0, n % challengeIds.length),
        ...(n % 3 === 0 ? { others: { team: [7003, 7004] } } : {}),
      }));
      const expected: number[] = [];
      for (const page of pages) {
        let sum = await versionOf(page.topic, page.subject);
        for (const id of page.challenges) sum += await versionOf('challenge', id);
        for (const subject of page.others?.team ?? []) sum += await versionOf('team', subject);
        expected.push(sum);
      }
      assert.ok(new Set(expected).size > 3, 'the pages differ in what they sum');
      const { result, queries } = await countQueries(database.db, (db) =>
        Promise.all([...pages.map((page) => pageVersion(db, page)), challengeListVersion(db)]),
      );
      assert.deepEqual(result.slice(0, -1), expected);
      assert.equal(result.at(-1), await versionOf('challenge_list', 0));
      if (dialect === 'postgres') assert.equal(queries, 1, 'the checks asked together went as one statement');
    });

    it('answers a version committed before the check was asked, never one remembered', async () => {
      const page = { topic: 'assignments' as Topic, subject: 7101, challenges: [challengeIds[0] as number] };
      const before = await pageVersion(database.db, page);
      await setVersion(database.db, 'assignments', 7101, (await versionOf('assignments', 7101)) + 1);
      assert.equal(await pageVersion(database.db, page), before + 1);
      const listBefore = await challengeListVersion(database.db);
      await setVersion(database.db, 'challenge_list', 0, listBefore + 4);
      assert.equal(await challengeListVersion(database.db), listBefore + 4);
    });

    it('stamps each challenge asked together with its company, type and version; none for a missing one', async () => {
      const [first, second] = challengeIds as [number, number];
      await setVersion(database.db, 'challenge', second, 9);
      const { result, queries } = await countQueries(database.db, (db) =>
        Promise.all([challengeReadStamp(db, first), challengeReadStamp(db, second), challengeReadStamp(db, 99_999)]),
      );
      const [firstStamp, secondStamp, missing] = result;
      assert.equal(firstStamp?.companyId, companyId);
      assert.equal(firstStamp?.version, await versionOf('challenge', first));
      assert.deepEqual(secondStamp, { companyId, challengeType: firstStamp?.challengeType ?? null, version: 9 });
      assert.equal(missing, undefined);
      if (dialect === 'postgres') assert.equal(queries, 1);
    });

    it('inside a transaction, answers what the transaction sees', async () => {
      const page = { topic: 'team' as Topic, subject: 7201, challenges: [] };
      await database.db.transaction().execute(async (trx) => {
        await setVersion(trx, 'team', 7201, 42);
        assert.equal(await pageVersion(trx, page), 42);
        assert.equal((await challengeReadStamp(trx, challengeIds[1] as number))?.companyId, companyId);
      });
    });
  });
}
