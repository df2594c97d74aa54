import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * The orphan sweep's schedule (issue 15; docs/development.md, "Stored files"): one row, id 1. Whichever process
 * first finds `next_run_at` passed moves it on and queues `storage.sweep-orphans` in the same transaction, so many
 * workers queue one sweep per period between them. The first sweep is due at once.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('storage_sweeps')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('next_run_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_finished_at', t.timestamp)
    .addColumn('last_removed', 'integer')
    .execute();
  await sql`insert into storage_sweeps (id, next_run_at) values (1, ${new Date(0).toISOString()})`.execute(db);
}
