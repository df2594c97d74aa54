import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrator.ts';
import { canSeeChallenge } from '../../src/modules/challenges/challenge-visibility.ts';
import { type ChallengeScope, listChallenges } from '../../src/modules/challenges/challenges.repository.ts';
import { CHALLENGE_STATUSES, type ChallengeStatus } from '../../src/modules/challenges/challenges.state.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany } from '../helpers/factories.ts';

/**
 * Issue 11: the challenge list's total comes from counts kept by triggers (migration 0021), not from counting every
 * visible challenge. Whatever writes run — inserts, status moves, a challenge handed to another company, deletions,
 * an insert rolled back — the kept counts equal a recount, and every list scope's total equals the number of
 * challenges it may show.
 */
type Write =
  | { kind: 'insert'; company: number; status: number }
  | { kind: 'move'; pick: number; status: number }
  | { kind: 'handOver'; pick: number; company: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'insertRolledBack'; company: number; status: number };

const COMPANIES = 3;
const company = fc.nat(COMPANIES - 1);
const status = fc.nat(CHALLENGE_STATUSES.length - 1);
const write: fc.Arbitrary<Write> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), company, status }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), status }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('handOver' as const), pick: fc.nat(), company }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('insertRolledBack' as const), company, status }), weight: 1 },
);

class RolledBack extends Error {}

for (const dialect of testDialects()) {
  describe(`kept challenge counts [${dialect}]`, () => {
    let ctx: TestContext;
    let companies: number[];
    before(async () => {
      ctx = await createTestContext(dialect);
      companies = [];
      for (let n = 0; n < COMPANIES; n++) companies.push((await createCompany(ctx.db)).company.id);
    });
    after(() => ctx.close());

    const challengeIds = async () =>
      (await ctx.db.selectFrom('challenges').select('id').orderBy('id').execute()).map((row) => row.id);

    async function apply(step: Write): Promise<void> {
      switch (step.kind) {
        case 'insert':
          await createChallenge(ctx.db, companies[step.company], { status: CHALLENGE_STATUSES[step.status] });
          return;
        case 'insertRolledBack':
          await ctx.db
            .transaction()
            .execute(async (trx) => {
              await createChallenge(trx, companies[step.company], { status: CHALLENGE_STATUSES[step.status] });
              throw new RolledBack();
            })
            .catch((error) => {
              if (!(error instanceof RolledBack)) throw error;
            });
          return;
        case 'move':
        case 'handOver':
        case 'delete': {
          const ids = await challengeIds();
          if (ids.length === 0) return;
          const id = ids[step.pick % ids.length];
          if (step.kind === 'delete') await ctx.db.deleteFrom('challenges').where('id', '=', id).execute();
          else {
            const change =
              step.kind === 'move'
                ? { status: CHALLENGE_STATUSES[step.status] }
                : { company_id: companies[step.company] };
            await ctx.db.updateTable('challenges').set(change).where('id', '=', id).execute();
          }
        }
      }
    }

    async function assertTotalsMatchRecount(): Promise<void> {
      const rows = await ctx.db.selectFrom('challenges').select(['company_id', 'status']).execute();
      const kept = await ctx.db
        .selectFrom('challenge_counts')
        .select(['company_id', 'status', 'total'])
        .where('total', '<>', 0)
        .orderBy('company_id')
        .orderBy('status')
        .execute();
      const recount = new Map<string, number>();
      for (const row of rows)
        recount.set(`${row.company_id} ${row.status}`, (recount.get(`${row.company_id} ${row.status}`) ?? 0) + 1);
      assert.deepEqual(
        Object.fromEntries(kept.map((row) => [`${row.company_id} ${row.status}`, Number(row.total)])),
        Object.fromEntries(recount),
      );

      const scopes: ChallengeScope[] = [
        { visibleToCompanyId: null },
        ...companies.map((id) => ({ visibleToCompanyId: id })),
        ...companies.map((id) => ({ ownedByCompanyId: id })),
      ];
      const page = { page: 1, perPage: 1, offset: 0 };
      for (const scope of scopes) {
        for (const filter of [undefined, ...CHALLENGE_STATUSES] as (ChallengeStatus | undefined)[]) {
          const expected = rows.filter(
            (row) =>
              (filter === undefined || row.status === filter) &&
              ('ownedByCompanyId' in scope
                ? row.company_id === scope.ownedByCompanyId
                : canSeeChallenge(row, scope.visibleToCompanyId)),
          ).length;
          const { total } = await listChallenges(ctx.db, scope, filter ? { status: filter } : {}, page);
          assert.equal(total, expected, `${JSON.stringify(scope)} status=${filter ?? 'any'}`);
        }
      }
    }

    it('equal a recount after any sequence of writes, for every list scope and status filter', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(write, { maxLength: 20 }), async (steps) => {
          await ctx.db.deleteFrom('challenges').execute();
          for (const step of steps) await apply(step);
          await assertTotalsMatchRecount();
        }),
        { numRuns: dialect === 'postgres' ? 15 : 30 },
      );
    });

    it('a filter other than the status is counted, not read from the kept counts', async () => {
      await ctx.db.deleteFrom('challenges').execute();
      await createChallenge(ctx.db, companies[0], { status: 'active', field: 'Bakery' });
      await createChallenge(ctx.db, companies[1], { status: 'active', field: 'Legal' });
      const page = { page: 1, perPage: 15, offset: 0 };
      const { total } = await listChallenges(ctx.db, { visibleToCompanyId: null }, { field: 'bakery' }, page);
      assert.equal(total, 1);
    });
  });
}

/** SQLite only, as the other migration tests: the backfill is one plain INSERT … SELECT, the same on PostgreSQL. */
describe('challenges that exist before migration 0021 [sqlite]', () => {
  it('are counted by the migration, and kept from then on', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-migration-'));
    const { db, destroy } = createDatabase({ url: `sqlite:${path.join(dataDir, 'old.sqlite')}` });
    try {
      await migrateUpTo(db, 'sqlite', '0013_storage_sweeps');
      const { company } = await createCompany(db);
      for (const status of ['active', 'active', 'submitted']) await createChallenge(db, company.id, { status });
      await migrateToLatest(db, 'sqlite');
      const counts = async () =>
        Object.fromEntries(
          (
            await db
              .selectFrom('challenge_counts')
              .select(['status', 'total'])
              .where('company_id', '=', company.id)
              .execute()
          ).map((row) => [row.status, Number(row.total)]),
        );
      assert.deepEqual(await counts(), { active: 2, submitted: 1 });
      await createChallenge(db, company.id, { status: 'submitted' });
      assert.deepEqual(await counts(), { active: 2, submitted: 2 });
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
