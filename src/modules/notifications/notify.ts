import type { Db } from '../../db/database.ts';
import { recordEvents } from '../webhooks/webhook-events.ts';
import { describeNotifications } from './notification-actions.ts';
import { insertNotificationMails } from './notification-mails.repository.ts';
import { emailDeliveriesOf } from './notification-preferences.service.ts';
import { announceNotification } from './notification-streams.ts';
import type { NotificationData, NotificationType } from './notification-types.ts';
import { insertNotifications } from './notifications.repository.ts';

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
 * told of a message: the counts, the rows, the e-mail choices, the mails and the webhooks' lookup, each one
 * statement), besides one announcement per notification on PostgreSQL.
 */
export async function notifyAll(db: Db, notifications: readonly NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => notifyAll(trx, notifications));
    return;
  }
  const now = new Date().toISOString();
  const rows = await insertNotifications(
    db,
    notifications.map((notification) => ({
      ...notification,
      data: JSON.stringify(notification.data),
      challengeId: notification.data.challenge_id ?? null,
      now,
    })),
  );
  const deliveries = await emailDeliveriesOf(db, notifications);
  await insertNotificationMails(
    db,
    rows.flatMap((row, i) => {
      const delivery = deliveries[i];
      if (delivery === 'off') return [];
      return [{ notification_id: row.id, user_id: row.user_id, delivery, created_at: row.created_at }];
    }),
  );
  await recordEvents(
    db,
    rows.map((row) => ({
      type: 'notification.created' as const,
      recipients: [row.user_id],
      data: async () => (await describeNotifications(db, row.user_id, [row]))[0],
    })),
  );
  for (const row of rows) await announceNotification(db, row.user_id);
}
