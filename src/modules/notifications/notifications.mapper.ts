import type { NotificationRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Notification, NotificationHead, NotificationTail } from './notifications.schemas.ts';

/** What the row alone does not say: whether its action is still possible, and its challenge (notification-actions.ts). */
export type NotificationContext = Pick<Notification, 'actionable' | 'inactive_reason' | 'challenge'>;

export function toNotification(row: NotificationRow, context: NotificationContext): Notification {
  return { ...toNotificationHead(row), ...toNotificationTail(row, context) };
}

/** What never changes once the notification is written. */
export function toNotificationHead(
  row: Pick<NotificationRow, 'id' | 'type' | 'title' | 'message' | 'action_url' | 'data'>,
): NotificationHead {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    action_url: row.action_url,
    data: parseJson<Notification['data']>(row.data, {}),
  };
}

/** What each read decides: the read state from the row as it is now, the rest from the context. */
export function toNotificationTail(
  row: Pick<NotificationRow, 'read_at' | 'created_at'>,
  context: NotificationContext,
): NotificationTail {
  return {
    challenge: context.challenge,
    actionable: context.actionable,
    inactive_reason: context.inactive_reason,
    is_read: row.read_at !== null,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}
