import assert from 'node:assert/strict';
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
