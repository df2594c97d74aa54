import type { Db } from '../../db/database.ts';
import type { NotificationRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { KeptItems } from '../../http/kept-items.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import { dependenciesOf, KEEP_NOTHING, type OwnRows, ownVersion, type PageVersion } from '../../http/user-pages.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { type NotificationSerializers, notificationsJson } from './kept-notifications.ts';
import { describeNotifications } from './notification-actions.ts';
import {
  countUnread,
  deleteNotification,
  findNotification,
  keptCounts,
  listNotificationStamps,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationFilters,
  notificationGroups,
} from './notifications.repository.ts';

/** A notification is only ever its recipient's: unknown is 404, someone else's is 403 (docs/contract.md §4). */
async function ownNotification(db: Db, caller: AuthUser, id: number): Promise<NotificationRow> {
  const notification = await findNotification(db, id);
  if (!notification) throw AppError.notFound('Notification');
  if (notification.user_id !== caller.id) {
    throw AppError.forbidden('Only the recipient of this notification can do this.');
  }
  return notification;
}

/** The page, its total and the unread badge, the last two from one read of the kept counts. */
export async function listMyNotifications(db: Db, caller: AuthUser, filters: NotificationFilters, page: PageRequest) {
  const counts = await keptCounts(db, caller.id);
  const { rows, total } = await listNotifications(db, caller.id, filters, page, counts);
  return { data: await describeNotifications(db, caller.id, rows), total, unreadCount: counts.unread };
}

/**
 * `GET /api/notifications`'s items as JSON, each notification's head kept (kept-notifications.ts), with its total
 * and the unread badge; and what the page shows was read from, so that it may be kept whole (src/http/user-pages.ts):
 * the user's own notifications' version (migration 0035), read before the page's rows, and the versions of its
 * targets, read with them. A page naming a target that is gone is not kept, nor is one past its first open
 * invitation's expiry.
 */
export async function myNotificationsJson(
  db: Db,
  kept: KeptItems,
  caller: AuthUser,
  filters: NotificationFilters,
  page: PageRequest,
  serialize: NotificationSerializers,
): Promise<PageOf<string> & PageVersion & { unreadCount: number; until: number }> {
  const own: OwnRows = { topic: 'notification_page', subject: caller.id };
  const ownRowsVersion = await ownVersion(db, own);
  const counts = await keptCounts(db, caller.id);
  const { rows, total } = await listNotificationStamps(db, caller.id, filters, page, counts);
  const { items, versions, someGone, until } = await notificationsJson(db, kept, caller.id, rows, serialize);
  return {
    data: items,
    total,
    unreadCount: counts.unread,
    until,
    ...(someGone ? KEEP_NOTHING : dependenciesOf(own, ownRowsVersion, versions)),
  };
}

/** The caller's notifications counted per challenge (`GET /api/notifications/groups`). */
export async function groupsOf(db: Db, caller: AuthUser) {
  const rows = await notificationGroups(db, caller.id);
  return {
    groups: rows.map((row) => ({
      challenge: row.challenge_id === null ? null : { id: row.challenge_id, title: row.title ?? 'A removed challenge' },
      total: Number(row.total),
      unread: Number(row.unread),
      latest_at: String(row.latest_at),
    })),
  };
}

export async function unreadCountOf(db: Db, caller: AuthUser) {
  return { unread_count: await countUnread(db, caller.id) };
}

export async function markRead(db: Db, caller: AuthUser, id: number) {
  const notification = await ownNotification(db, caller, id);
  // Another request may have marked it in between; then its time stands and the row is read back as it is.
  const updated =
    notification.read_at !== null
      ? notification
      : ((await markNotificationRead(db, id, new Date().toISOString())) ?? (await ownNotification(db, caller, id)));
  const [described] = await describeNotifications(db, caller.id, [updated]);
  return described;
}

export async function markAllRead(db: Db, caller: AuthUser) {
  return { count: await markAllNotificationsRead(db, caller.id, new Date().toISOString()) };
}

export async function removeNotification(db: Db, caller: AuthUser, id: number) {
  await ownNotification(db, caller, id);
  await deleteNotification(db, id);
  return { message: 'Notification deleted.' };
}

/**
 * Opening a notification from a page or an e-mail (`GET /notifications/{id}/open`): marks it read and answers where
 * to go, its `action_url` or the list. Someone else's notification is a 404 here: a link is no place to learn that
 * an id exists.
 */
export async function openNotification(db: Db, caller: AuthUser, id: number): Promise<string> {
  const notification = await findNotification(db, id);
  if (notification?.user_id !== caller.id) throw AppError.notFound('Notification');
  if (notification.read_at === null) await markNotificationRead(db, id, new Date().toISOString());
  return notification.action_url ?? '/notifications';
}
