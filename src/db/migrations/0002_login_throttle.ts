import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Failed web logins per (lower-cased email, IP address), so that the 5-attempt lock holds across API processes.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', t.timestamp, (c) => c.notNull())
    .execute();
}
