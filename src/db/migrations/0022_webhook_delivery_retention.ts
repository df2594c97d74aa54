import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * The delivery log is purged after WEBHOOK_DELIVERY_RETENTION_DAYS (the `webhooks.purge-deliveries` job): this index
 * lets the purge read only the rows old enough to go, however long the log is.
 */
export async function up(db: Kysely<unknown>, _types: ColumnTypes): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_created_at')
    .on('webhook_deliveries')
    .columns(['created_at'])
    .execute();
}
