import type { Db } from '../../db/database.ts';
import { recordEvents } from '../webhooks/webhook-events.ts';
import { describeNotifications } from './notification-actions.ts';
import { NOTIFICATION_TYPES, type NotificationData, type NotificationType } from './notification-types.ts';
import { writeNotifications } from './notification-writes.ts';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  data: NotificationData;
};

/**
 * Records a notification, its `notification.created` webhook event and, unless the recipient turned e-mail off for
 * its type, the e-mail it owes (notification-mail.service.ts); pass the transaction of the change it reports, so all
 * of them commit or none does. The open notification streams of every process hear of it when it commits.
 */
export async function notify(db: Db, notification: NewNotification): Promise<void> {
  await notifyAll(db, [notification]);
}

/**
 * Records several notifications as `notify` does each, in the same number of statements as one (a team's members
 * told of a message): the writes (`writeNotifications`: on SQLite the e-mail choices, the counts, the rows and the
 * mails, each one statement; on PostgreSQL one statement with the announcements) and the webhooks' lookup when a
 * recipient has a webhook.
 */
export async function notifyAll(db: Db, notifications: readonly NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => notifyAll(trx, notifications));
    return;
  }
  const now = new Date().toISOString();
  const rows = await writeNotifications(
    db,
    notifications.map((notification) => ({
      ...notification,
      data: JSON.stringify(notification.data),
      challengeId: notification.data.challenge_id ?? null,
      now,
      defaultDelivery: NOTIFICATION_TYPES[notification.type].email,
    })),
  );
  await recordEvents(
    db,
    rows.map((row) => ({
      type: 'notification.created' as const,
      recipients: [row.user_id],
      data: async () => (await describeNotifications(db, row.user_id, [row]))[0],
    })),
  );
}
