import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { syncTaxonomy } from '../../src/ai/taxonomy/taxonomy.repository.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import type { Db } from '../../src/db/database.ts';
import { skillIdsForNames } from '../../src/modules/tasks/skills.repository.ts';
import { createTestDatabase, type TestDatabase, testDialects } from '../helpers/context.ts';
import { ensureSkill } from '../helpers/factories.ts';

const taxonomy = loadTaxonomy();
const aliasCount = new Set(
  taxonomy.skills.flatMap((skill) => skill.aliases.map((alias) => alias.toLowerCase()).filter((a) => a !== skill.slug)),
).size;

async function counts(db: Db) {
  const skills = await db
    .selectFrom('skills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const aliases = await db
    .selectFrom('skill_aliases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { skills: Number(skills.n), aliases: Number(aliases.n) };
}

const syncScript = new URL('./sync-taxonomy-process.ts', import.meta.url).pathname;

/** A real process: node:sqlite is synchronous, so two connections in one process would only wait on each other. */
function runSyncProcess(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [syncScript, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

for (const dialect of testDialects()) {
  describe(`syncTaxonomy (${dialect})`, () => {
    const dirs: string[] = [];
    const databases: TestDatabase[] = [];
    after(async () => {
      for (const database of databases) await database.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });
    async function migrated() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-taxonomy-'));
      dirs.push(dir);
      const database = await createTestDatabase(dialect, dir);
      databases.push(database);
      return database;
    }

    test('a migrated database holds every taxonomy skill and alias', async () => {
      const { db } = await migrated();
      assert.deepEqual(await counts(db), { skills: taxonomy.skills.length, aliases: aliasCount });
      const go = await db.selectFrom('skills').selectAll().where('slug', '=', 'go').executeTakeFirstOrThrow();
      assert.deepEqual([go.name, go.category], ['Go', 'technical']);
      const golang = await db.selectFrom('skill_aliases').selectAll().where('alias', '=', 'golang').executeTakeFirst();
      assert.equal(golang?.skill_id, go.id);
    });

    test('aliases resolve through the skills repository, as tasks and matching look them up', async () => {
      const { db } = await migrated();
      const ids = await skillIdsForNames(db, ['JS', 'javascript', 'ECMAScript', 'Postgres', 'k8s']);
      const expected = await db
        .selectFrom('skills')
        .select('id')
        .where('slug', 'in', ['javascript', 'postgresql', 'kubernetes'])
        .execute();
      assert.deepEqual([...ids].sort(), expected.map((row) => row.id).sort());
    });

    test('is idempotent, restores what the taxonomy says and keeps skills added by hand', async () => {
      const { db } = await migrated();
      const handMade = await ensureSkill(db, 'Basket weaving', 'domain');
      const react = await ensureSkill(db, 'React');
      await db.updateTable('skills').set({ category: null, name: 'react' }).where('id', '=', react.id).execute();
      await db.deleteFrom('skill_aliases').where('alias', '=', 'reactjs').execute();

      await syncTaxonomy(db);
      await syncTaxonomy(db);

      assert.deepEqual(await counts(db), { skills: taxonomy.skills.length + 1, aliases: aliasCount });
      const restored = await db.selectFrom('skills').selectAll().where('id', '=', react.id).executeTakeFirstOrThrow();
      assert.deepEqual([restored.name, restored.category], ['React', 'technical']);
      const kept = await db.selectFrom('skills').selectAll().where('id', '=', handMade.id).executeTakeFirst();
      assert.equal(kept?.name, 'Basket weaving');
    });

    test('two processes syncing at once both succeed and leave one row per skill and alias', async () => {
      const database = await migrated();
      await database.db.deleteFrom('skills').where('slug', 'in', ['react', 'vue.js', 'postgresql']).execute();
      const args = [database.url, ...(database.schema ? [database.schema] : [])];
      const results = await Promise.all([runSyncProcess(args), runSyncProcess(args)]);
      assert.deepEqual(results, [
        { code: 0, stderr: '' },
        { code: 0, stderr: '' },
      ]);
      assert.deepEqual(await counts(database.db), { skills: taxonomy.skills.length, aliases: aliasCount });
    });
  });
}
