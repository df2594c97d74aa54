import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrator.ts';

/**
 * Migration 0010 (email confirmation): accounts made before it could always sign in, so they count as verified, from
 * the time they were created. SQLite only: the statement is one plain UPDATE, the same on PostgreSQL, and a
 * PostgreSQL schema left half-migrated would need the test context's schema lock.
 */
describe('accounts that exist before migration 0010 [sqlite]', () => {
  it('count as verified, from the time they were created', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-migration-'));
    const { db, destroy } = createDatabase({ url: `sqlite:${path.join(dataDir, 'old.sqlite')}` });
    try {
      await migrateUpTo(db, 'sqlite', '0007_web_token_lifetime');
      const createdAt = '2026-01-02T03:04:05.000Z';
      // The row as the schema of that time has it (no email_verified_at yet).
      await sql`insert into users (name, email, account_type, created_at, updated_at)
        values ('Before', 'before@example.test', 'contributor', ${createdAt}, ${createdAt})`.execute(db);
      await migrateToLatest(db, 'sqlite');
      const user = await db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', 'before@example.test')
        .executeTakeFirstOrThrow();
      assert.equal(user.email_verified_at, createdAt);
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
