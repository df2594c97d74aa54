import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * A user's notification deletions counted in `read_versions` (topic `notifications`, subject: the user id), for the
 * kept notification heads (src/modules/notifications/kept-notifications.ts; issue 11). A notification's id, type,
 * title, message, link and data never change once written, so each process keeps their JSON by notification id;
 * but SQLite hands out again the highest id once its row is deleted, so a kept head is used only while its user has
 * deleted nothing since it was kept. Every delete counts — through the API, a user's cascade, an operator's statement
 * — so it is a trigger, as the read versions of 0032 are. The row outlives its user (a user id SQLite hands out again
 * does not start from 0).
 */
export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  if (types.dialect === 'postgres') {
    // read_versions_bump is 0032's. Not deferred: a notification delete is rare and locks only its user's row.
    await sql`
      create function read_versions_on_notification_delete() returns trigger language plpgsql as $$
      begin
        perform read_versions_bump('notifications', old.user_id);
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger read_versions_notification_delete after delete on notifications
      for each row execute function read_versions_on_notification_delete()
    `.execute(db);
  } else {
    await sql`
      create trigger read_versions_notification_delete after delete on notifications begin
        insert into read_versions (topic, subject_id, version) values ('notifications', old.user_id, 1)
          on conflict (topic, subject_id) do update set version = read_versions.version + 1;
      end
    `.execute(db);
  }
}
