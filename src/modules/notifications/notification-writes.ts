import { CompiledQuery } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-statements.ts';
import type { NotificationRow } from '../../db/schema.ts';
import { insertNotificationMails } from './notification-mails.repository.ts';
import { emailDeliveriesOf } from './notification-preferences.service.ts';
import { announceNotification, NEWS_CHANNEL } from './notification-streams.ts';
import { EMAIL_DELIVERIES, type EmailDelivery } from './notification-types.ts';
import { insertNotifications, type NewNotificationRow } from './notifications.repository.ts';

/**
 * A notification to write, with how its recipient gets it by e-mail unless they chose otherwise for its type (the
 * type's default).
 */
export type NotificationToWrite = NewNotificationRow & { defaultDelivery: EmailDelivery };

/**
 * Writes new notifications in the caller's transaction and returns their rows in the order given: the recipients'
 * kept counts first (their row locks make a user's notifications take their ids and commit in turn; see
 * `insertNotifications`), the rows, the e-mail each owes unless its delivery — the recipient's choice for the type, or
 * the default given — is `off`, and one announcement per notification to the streams of every process.
 *
 * SQLite runs a statement in this process in microseconds: one statement per step. On PostgreSQL every statement is
 * a round trip whose messages this process writes and parses (about 0.1 ms of CPU each, docs/performance.md), so the
 * steps are one statement there.
 */
export async function writeNotifications(
  db: Db,
  notifications: readonly NotificationToWrite[],
): Promise<NotificationRow[]> {
  if (notifications.length === 0) return [];
  if (isPostgres(db)) return writeInOneStatement(db, notifications);
  const deliveries = await emailDeliveriesOf(db, notifications);
  const rows = await insertNotifications(db, notifications);
  await insertNotificationMails(
    db,
    rows.flatMap((row, i) => {
      const delivery = deliveries[i];
      if (delivery === 'off') return [];
      return [{ notification_id: row.id, user_id: row.user_id, delivery, created_at: row.created_at }];
    }),
  );
  for (const row of rows) await announceNotification(db, row.user_id);
  return rows;
}

/**
 * The PostgreSQL statement: the notifications as arrays (one text of SQL whatever their number), each with the e-mail
 * delivery its recipient chose for its type or else the default given, then data-modifying CTEs in the order of the
 * steps above. The counts are written in user id order (two transactions that notify the
 * same users lock their counts in the same order, never the opposite one), and the rows are inserted only from the
 * counts' upsert, sorted: every count is locked before the first id is taken. The rows take their ids in the order
 * given, so the n-th id is the n-th notification given, whose mail it writes; `pg_notify` is delivered on commit, once
 * per notification as `announceNotification` sends it.
 */
const WRITE_NOTIFICATIONS = `
  with listed as (
    select * from unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[],
                         $8::timestamptz[], $9::text[])
      with ordinality as listed (user_id, type, title, message, action_url, data, challenge_id, created_at,
                                 default_delivery, position)
  ),
  given as (
    select listed.*, coalesce(chosen.email, listed.default_delivery) as delivery
    from listed
    left join notification_preferences as chosen
      on chosen.user_id = listed.user_id and chosen.type = listed.type and chosen.email = any($11::text[])
  ),
  counted as (
    insert into notification_counts as kept (user_id, total, unread)
    select user_id, count(*), count(*) from given group by user_id order by user_id
    on conflict (user_id) do update set total = kept.total + excluded.total, unread = kept.unread + excluded.unread
    returning user_id
  ),
  inserted as (
    insert into notifications (user_id, type, title, message, action_url, data, challenge_id, read_at, created_at)
    select given.user_id, given.type, given.title, given.message, given.action_url, given.data, given.challenge_id,
           null, given.created_at
    from given join counted on counted.user_id = given.user_id
    order by given.position
    returning *
  ),
  mailed as (
    insert into notification_mails (notification_id, user_id, delivery, created_at, queued_at)
    select numbered.id, numbered.user_id, given.delivery, numbered.created_at, null
    from (select id, user_id, created_at, row_number() over (order by id) as position from inserted) as numbered
    join given on given.position = numbered.position
    where given.delivery <> 'off'
  )
  select inserted.*, pg_notify($10, inserted.user_id::text) as announced from inserted order by inserted.id`;
// Its text never changes (the notifications go as arrays): parsed and planned once per connection.
runPrepared(WRITE_NOTIFICATIONS);

async function writeInOneStatement(db: Db, notifications: readonly NotificationToWrite[]): Promise<NotificationRow[]> {
  const column = <T>(pick: (notification: NotificationToWrite) => T) => notifications.map(pick);
  const result = await db.executeQuery<NotificationRow & { announced: unknown }>(
    CompiledQuery.raw(WRITE_NOTIFICATIONS, [
      column((n) => n.userId),
      column((n) => n.type),
      column((n) => n.title),
      column((n) => n.message),
      column((n) => n.actionUrl),
      column((n) => n.data),
      column((n) => n.challengeId),
      column((n) => n.now),
      column((n) => n.defaultDelivery),
      NEWS_CHANNEL,
      EMAIL_DELIVERIES,
    ]),
  );
  return result.rows.map(({ announced: _announced, ...row }) => row);
}
