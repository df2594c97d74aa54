import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Kept counts (issue 11): each user's number of notifications and of unread ones, so that the notification list and
 * the unread badge no longer count a long list on every request. Owned by modules/notifications, which updates them
 * in the transaction of every insert, read and delete; filled here from the rows that exist.
 */
export async function up(db: Kysely<unknown>, _types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('notification_counts')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('unread', 'integer', (column) => column.notNull())
    .execute();
  await sql`
    insert into notification_counts (user_id, total, unread)
    select user_id, count(*), sum(case when read_at is null then 1 else 0 end) from notifications group by user_id
  `.execute(db);
}
