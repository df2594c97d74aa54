import type { NotificationRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Notification } from './notifications.schemas.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    action_url: row.action_url,
    data: parseJson<Notification['data']>(row.data, {}),
    is_read: row.read_at !== null,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}
