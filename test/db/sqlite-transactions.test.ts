import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';

describe('SQLite transactions', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-sqlite-tx-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('take the write lock when they begin, so another process writing in between waits instead of failing the transaction', async () => {
    const file = path.join(dir, 'guild.db');
    const { db, destroy } = createDatabase({ url: `sqlite:${file}` });
    try {
      await sql`create table counter (n integer not null)`.execute(db);
      await sql`insert into counter (n) values (0)`.execute(db);
      // Another process, played by a second connection that does not wait for locks.
      const other = new DatabaseSync(file, { timeout: 0 });
      try {
        await db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
          // With a deferred begin this write would succeed, and the transaction's own write below would then fail
          // at once with SQLITE_BUSY_SNAPSHOT, as its read is stale.
          assert.throws(() => other.exec('update counter set n = 100'), /database is locked/);
          await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
        });
        other.exec('update counter set n = n + 10');
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(db);
        assert.equal(rows[0]!.n, 11);
      } finally {
        other.close();
      }
    } finally {
      await destroy();
    }
  });
});
