import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * E-mail confirmation (issue 10, registration without revealing addresses; docs/security.md). `users.email_verified_at`
 * is when the address was proved: accounts made before this migration count as verified, as they always could sign
 * in. `email_confirmations` holds the SHA-256 of each link's secret (never the secret), one row per link, deleted
 * when the link is used.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', t.timestamp).execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_confirmations_user_id').on('email_confirmations').column('user_id').execute();
}
