import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import type { Db } from '../../src/db/database.ts';
import { ensureCvSkillIds, ensureSkillIds, skillIdsForNames } from '../../src/modules/skills/skills.repository.ts';
import { createTestDatabaseInTempFolder, type TestDatabase, testDialects } from '../helpers/context.ts';

const taxonomy = loadTaxonomy();

async function skillRows(db: Db) {
  return db.selectFrom('skills').select(['id', 'name', 'slug', 'category']).orderBy('slug').execute();
}

const processScript = new URL('./ensure-skills-process.ts', import.meta.url).pathname;

/** A real process: node:sqlite is synchronous, so two connections in one process would only wait on each other. */
function runEnsureProcess(
  database: TestDatabase,
  names: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const args = [processScript, database.url, database.schema ?? '', ...names];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

for (const dialect of testDialects()) {
  describe(`skills on demand (${dialect})`, () => {
    const databases: TestDatabase[] = [];
    after(async () => {
      for (const database of databases) await database.close();
    });
    async function migrated() {
      const database = await createTestDatabaseInTempFolder(dialect);
      databases.push(database);
      return database;
    }

    test('a migrated database holds no skills until something names them, and no alias table', async () => {
      const { db } = await migrated();
      assert.deepEqual(await skillRows(db), []);
      await assert.rejects(sql`select count(*) from skill_aliases`.execute(db));
    });

    test('ensureSkillIds writes the canonical taxonomy skills of names and aliases, in order, once', async () => {
      const { db } = await migrated();
      const ids = await ensureSkillIds(db, ['Postgres', 'JS', 'javascript', 'Underwater basket weaving', ' k8s ', '']);
      const rows = await skillRows(db);
      const expected = ['PostgreSQL', 'JavaScript', 'Kubernetes'].map((name) => taxonomy.resolve(name)!);
      assert.deepEqual(
        rows.map((row) => [row.name, row.slug, row.category]),
        [...expected]
          .sort((a, b) => (a.slug < b.slug ? -1 : 1))
          .map((skill) => [skill.name, skill.slug, skill.category]),
      );
      const idOf = new Map(rows.map((row) => [row.name, row.id]));
      assert.deepEqual(
        ids,
        expected.map((skill) => idOf.get(skill.name)),
      );
      assert.deepEqual(await ensureSkillIds(db, ['postgresql', 'Kubernetes']), [
        idOf.get('PostgreSQL'),
        idOf.get('Kubernetes'),
      ]);
      assert.equal((await skillRows(db)).length, 3);
      assert.deepEqual(await ensureSkillIds(db, ['Underwater basket weaving']), []);
    });

    test('skillIdsForNames only reads: aliases resolve to the rows that exist, nothing is written', async () => {
      const { db } = await migrated();
      assert.deepEqual(await skillIdsForNames(db, ['JavaScript', 'JS']), []);
      const [javascript] = await ensureSkillIds(db, ['JavaScript']);
      assert.deepEqual(await skillIdsForNames(db, ['JS', 'ECMAScript', 'javascript', 'Kubernetes', 'nope', '']), [
        javascript,
      ]);
      assert.equal((await skillRows(db)).length, 1);
    });

    test('ensureCvSkillIds keeps a CV’s own words as one row each, and never a second row for a taxonomy skill', async () => {
      const { db } = await migrated();
      const ids = await ensureCvSkillIds(db, ['JS', 'Foam carving', 'javascript', 'foam  CARVING', 'JavaScript', ' ']);
      const rows = await skillRows(db);
      assert.deepEqual(
        rows.map((row) => [row.name, row.slug, row.category]),
        [
          ['Foam carving', 'foam carving', null],
          ['JavaScript', 'javascript', taxonomy.resolve('JavaScript')!.category],
        ],
      );
      const idOf = new Map(rows.map((row) => [row.name, row.id]));
      const [js, carving] = [idOf.get('JavaScript'), idOf.get('Foam carving')];
      assert.deepEqual(ids, [js, carving, js, carving, js, undefined]);
      assert.deepEqual(await skillIdsForNames(db, ['FOAM carving']), [carving], 'found by its own slug');
      assert.deepEqual(
        await ensureSkillIds(db, ['Foam carving']),
        [],
        'tasks and hand-added skills stay the taxonomy’s',
      );
    });

    test('a row first written for a CV’s own words that the taxonomy now knows becomes that skill’s row', async () => {
      const { db } = await migrated();
      // As a CV listed "kubernetes" before the taxonomy knew it: same slug, no category.
      await db.insertInto('skills').values({ name: 'kubernetes', slug: 'kubernetes', category: null }).execute();
      const [before] = (await skillRows(db)).map((row) => row.id);
      assert.deepEqual(await ensureSkillIds(db, ['k8s']), [before]);
      assert.deepEqual(
        (await skillRows(db)).map((row) => [row.id, row.name, row.category]),
        [[before, 'Kubernetes', taxonomy.resolve('Kubernetes')!.category]],
      );
    });

    test('two processes naming the same new skills at once both succeed and leave one row per skill', async () => {
      const database = await migrated();
      const names = ['React', 'Vue.js', 'PostgreSQL', 'Docker', 'Python', 'Figma', 'Go', 'Rust', 'SQL', 'Git'];
      const runs = await Promise.all([
        runEnsureProcess(database, names),
        runEnsureProcess(database, [...names].reverse()),
      ]);
      for (const run of runs) assert.deepEqual([run.code, run.err], [0, ''], run.err);
      const rows = await skillRows(database.db);
      assert.equal(rows.length, names.length);
      const idOf = new Map(rows.map((row) => [row.name, row.id]));
      const expectedIds = names.map((name) => idOf.get(taxonomy.resolve(name)!.name));
      assert.deepEqual(JSON.parse(runs[0].out), expectedIds);
      assert.deepEqual(JSON.parse(runs[1].out), [...expectedIds].reverse());
    });
  });
}
