import type { Db } from '../../db/database.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { describeNotifications } from './notification-actions.ts';
import { insertNotificationMail } from './notification-mails.repository.ts';
import { emailDeliveryOf } from './notification-preferences.service.ts';
import { announceNotification } from './notification-streams.ts';
import type { NotificationData, NotificationType } from './notification-types.ts';
import { insertNotification } from './notifications.repository.ts';

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
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => notify(trx, notification));
    return;
  }
  const row = await insertNotification(db, {
    ...notification,
    data: JSON.stringify(notification.data),
    challengeId: notification.data.challenge_id ?? null,
    now: new Date().toISOString(),
  });
  const delivery = await emailDeliveryOf(db, row.user_id, notification.type);
  if (delivery !== 'off') {
    await insertNotificationMail(db, {
      notification_id: row.id,
      user_id: row.user_id,
      delivery,
      created_at: row.created_at,
    });
  }
  await recordEvent(db, {
    type: 'notification.created',
    recipients: [row.user_id],
    data: async () => (await describeNotifications(db, row.user_id, [row]))[0],
  });
  await announceNotification(db, row.user_id);
}
