import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Mail beyond registration (issue 13, item 2; docs/api.md, Notification e-mail; docs/security.md, Password reset):
 * - `password_resets`: the SHA-256 of each reset link's secret (as `email_confirmations` keeps confirmation links),
 *   deleted when the link is used;
 * - `notification_preferences`: a user's e-mail delivery per notification type, only for the types they changed (the
 *   others follow the type's default in notification-types.ts, so a new type needs no row);
 * - `notification_mails`: the e-mails notifications still owe, an outbox in the transaction of the notification: an
 *   `instant` row is queued for sending at once by the relay, a `digest` row waits for the day's digest; a row is
 *   deleted once its mail went out (or with its notification).
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('email', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('notification_mails')
    .addColumn('notification_id', 'integer', (c) => c.primaryKey().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delivery', 'varchar(10)', (c) => c.notNull())
    .addColumn('queued_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The relay's and the digest's claim: rows of one delivery not queued yet, oldest first.
  await db.schema
    .createIndex('notification_mails_waiting')
    .on('notification_mails')
    .columns(['delivery', 'queued_at', 'notification_id'])
    .execute();
  await db.schema.createIndex('notification_mails_user_id').on('notification_mails').column('user_id').execute();
}
