import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * The notifications page groups and filters by challenge (issue 13, item 2): `challenge_id` repeats the challenge of
 * the notification's `data` as a column, so a user's list filtered by challenge, and their count per challenge, are
 * read from the `(user_id, challenge_id, id)` index instead of parsing every row's JSON. No foreign key: a
 * notification outlives what it reports on. Existing rows take it from their `data`.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('challenge_id', 'integer').execute();
  const fromData =
    t.dialect === 'postgres'
      ? sql`(data::json ->> 'challenge_id')::integer`
      : sql`cast(json_extract(data, '$.challenge_id') as integer)`;
  await sql`update notifications set challenge_id = ${fromData} where data like '%"challenge_id"%'`.execute(db);
  await db.schema
    .createIndex('notifications_user_challenge')
    .on('notifications')
    .columns(['user_id', 'challenge_id', 'id'])
    .execute();
}
