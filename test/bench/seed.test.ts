import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scaledSize, seedDatabase } from '../../bench/seed.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';
import { createChallenge } from '../helpers/factories.ts';

/**
 * The benchmark's bulk seed writes rows as they are; on PostgreSQL it does so with the tables' own triggers off
 * (bench/seed.ts says why). What those triggers keep must still be right once it has committed, and the triggers
 * must be on again for the writes the benchmark then measures.
 */
for (const dialect of testDialects()) {
  describe(`the benchmark's seed [${dialect}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
      await seedDatabase(database.db, dialect, scaledSize(0.002), false);
    });
    after(() => database.close());

    const keptCounts = async () =>
      (
        await database.db
          .selectFrom('challenge_counts')
          .select(['company_id', 'status', 'total'])
          .where('total', '>', 0)
          .orderBy('company_id')
          .orderBy('status')
          .execute()
      ).map((row) => ({ ...row }));
    const recounted = async () =>
      (
        await database.db
          .selectFrom('challenges')
          .select(['company_id', 'status', (eb) => eb.fn.countAll<number>().as('total')])
          .groupBy(['company_id', 'status'])
          .orderBy('company_id')
          .orderBy('status')
          .execute()
      ).map((row) => ({ ...row, total: Number(row.total) }));

    it('leaves the kept challenge counts equal to a count of the challenges', async () => {
      const counts = await recounted();
      assert.ok(counts.length > 1, 'the seed wrote challenges in several statuses');
      assert.deepEqual(await keptCounts(), counts);
    });

    it('leaves the triggers on: a challenge written after it moves its count and its read version', async () => {
      const challenge = await createChallenge(database.db, 1, { status: 'active' });
      assert.deepEqual(await keptCounts(), await recounted());
      const version = await database.db
        .selectFrom('read_versions')
        .select('version')
        .where('topic', '=', 'challenge')
        .where('subject_id', '=', challenge.id)
        .executeTakeFirst();
      assert.ok(version && version.version > 0, 'the insert bumped the new challenge’s read version');
    });
  });
}
