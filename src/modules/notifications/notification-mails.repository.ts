import type { Dialect } from '../../db/column-types.ts';
import { compiledOncePerShape } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

/**
 * The e-mails notifications still owe (table `notification_mails`, an outbox written in the notification's
 * transaction): `instant` rows are queued for sending at once by the relay, `digest` rows wait for the day's digest.
 */
export type MailDelivery = 'instant' | 'digest';

export async function insertNotificationMails(
  db: Db,
  rows: ReadonlyArray<{ notification_id: number; user_id: number; delivery: MailDelivery; created_at: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  // Compiled once per number of rows (one for most writes).
  await mailInserts(
    db,
    String(rows.length),
    (inner, ...values) =>
      inner.insertInto('notification_mails').values(
        rows.map((_, i) => ({
          notification_id: values[4 * i] as number,
          user_id: values[4 * i + 1] as number,
          delivery: values[4 * i + 2] as MailDelivery,
          created_at: values[4 * i + 3] as string,
          queued_at: null,
        })),
      ),
    rows.flatMap((row) => [row.notification_id, row.user_id, row.delivery, row.created_at]),
  );
}

const mailInserts = compiledOncePerShape<never>();

/**
 * Takes up to `limit` instant mails that wait for their job, marking them queued, in the caller's transaction (the
 * jobs are queued in it too). One statement that writes first, as the webhook relay's claim (see
 * claimUnqueuedDeliveries): on SQLite it takes the write lock before it reads; on PostgreSQL rows another relay holds
 * are skipped, so two processes never queue one twice.
 */
export function claimInstantMails(db: Db, dialect: Dialect, limit: number, now: string) {
  return db
    .updateTable('notification_mails')
    .set({ queued_at: now })
    .where('queued_at', 'is', null)
    .where('notification_id', 'in', (eb) =>
      eb
        .selectFrom('notification_mails')
        .select('notification_id')
        .where('delivery', '=', 'instant')
        .where('queued_at', 'is', null)
        .orderBy('notification_id')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning('notification_id')
    .execute();
}

/**
 * Takes every digest mail of notifications created before `before` that waits, marking it queued; returns the users
 * they are for (one digest job each, queued in the caller's transaction).
 */
export async function claimDigestMails(db: Db, before: string, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('notification_mails')
    .set({ queued_at: now })
    .where('delivery', '=', 'digest')
    .where('queued_at', 'is', null)
    .where('created_at', '<', before)
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((row) => row.user_id))].sort((a, b) => a - b);
}

/** An instant mail that is owed, with its notification and recipient; undefined once it went out (or is gone). */
export function findInstantMail(db: Db, notificationId: number) {
  return db
    .selectFrom('notification_mails')
    .innerJoin('notifications', 'notifications.id', 'notification_mails.notification_id')
    .innerJoin('users', 'users.id', 'notification_mails.user_id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.title',
      'notifications.message',
      'users.email',
      'users.name',
      'users.is_active',
      'users.email_verified_at',
    ])
    .where('notification_mails.notification_id', '=', notificationId)
    .where('notification_mails.delivery', '=', 'instant')
    .executeTakeFirst();
}

/** The queued digest mails of one user, oldest first, with their notifications. */
export function queuedDigestMails(db: Db, userId: number) {
  return db
    .selectFrom('notification_mails')
    .innerJoin('notifications', 'notifications.id', 'notification_mails.notification_id')
    .select(['notifications.id', 'notifications.type', 'notifications.title', 'notifications.message'])
    .where('notification_mails.user_id', '=', userId)
    .where('notification_mails.delivery', '=', 'digest')
    .where('notification_mails.queued_at', 'is not', null)
    .orderBy('notifications.id')
    .execute();
}

/** The mails went out (or are not to be sent): their rows go. */
export async function deleteNotificationMails(db: Db, notificationIds: readonly number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await db.deleteFrom('notification_mails').where('notification_id', 'in', notificationIds).execute();
}
