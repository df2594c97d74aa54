import type { Db } from '../../db/database.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { windowFromNearerEnd } from '../../shared/paged-query.ts';

export type NotificationFilters = { unreadOnly: boolean; type: string | null };

/** One user's notifications with the list filters applied; newest first is `id desc` on the (user_id, id) index. */
function usersNotifications(db: Db, userId: number, filters: NotificationFilters) {
  return db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .$if(filters.unreadOnly, (query) => query.where('read_at', 'is', null))
    .$if(filters.type !== null, (query) => query.where('type', '=', filters.type!));
}

/**
 * A page of one user's notifications. Deep pages of a long list must not cost much more than the first one, so:
 * the page is found on ids alone (an index-only walk of (user_id, id), never reading skipped rows from the table),
 * from whichever end of the list is nearer — the last page of 20,000 is the first 20 in ascending order — and only
 * the rows of the page are then read whole.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  page: PageRequest,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const count = await usersNotifications(db, userId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(count.total);
  const window = windowFromNearerEnd(total, page);
  if (!window) return { rows: [], total };
  const pageIds = await usersNotifications(db, userId, filters)
    .select('id')
    .orderBy('id', window.direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const ids = pageIds.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
  return { rows, total };
}

/** Counted on the partial index `notifications_user_unread` (user_id, id) where read_at is null. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export function findNotification(db: Db, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets read_at only if it is not set yet, so the first read time is kept. Returns the row as it now is. */
export function markNotificationRead(db: Db, id: number, now: string) {
  return db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markAllNotificationsRead(db: Db, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).execute();
}

export type NewNotificationRow = {
  userId: number;
  type: string;
  title: string;
  message: string;
  actionUrl: string | null;
  /** The notification's `data` as JSON text. */
  data: string;
  now: string;
};

/** Inserts an unread notification; `notify` is the helper every module calls. */
export async function insertNotification(db: Db, notification: NewNotificationRow): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      action_url: notification.actionUrl,
      data: notification.data,
      read_at: null,
      created_at: notification.now,
    })
    .execute();
}
