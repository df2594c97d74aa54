import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Webhooks (docs/api.md, Webhooks), owned by modules/webhooks. `webhooks` are each user's endpoints with their signing
 * secret (kept as given: the service must sign with it); `webhook_deliveries` is both the outbox and the delivery
 * log: one row per event and webhook, written in the transaction of the change that caused the event, then sent by
 * `webhook.deliver` jobs. `queued_at` is null while a row waits for the relay to queue its job.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user_id').on('webhooks').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('response_body_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', t.timestamp)
    .addColumn('queued_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('delivered_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_id')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  // The relay's scan: only the few rows still waiting for their job are in this index.
  await db.schema
    .createIndex('webhook_deliveries_unqueued')
    .on('webhook_deliveries')
    .column('id')
    .where(sql.ref('queued_at'), 'is', null)
    .execute();
}
