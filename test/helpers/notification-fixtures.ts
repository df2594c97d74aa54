import { notify } from '../../src/modules/notifications/notify.ts';
import { apiClient } from './client.ts';
import type { TestContext } from './context.ts';

/**
 * A notification as the service writes it (`notify`): its title names its type and data, its message its type and
 * `message` (text a serializer must escape, for one), its link the challenge it is about.
 */
export async function tell(
  ctx: TestContext,
  userId: number,
  type: string,
  data: Record<string, number>,
  message = '',
): Promise<void> {
  await notify(ctx.db, {
    userId,
    type: type as never,
    title: `${type} ${JSON.stringify(data)}`,
    message: `About ${type}. ${message}`,
    actionUrl: data.challenge_id === undefined ? null : `/challenges/${data.challenge_id}`,
    data,
  });
}

/** The user's newest notification, whole. */
export function newestNotification(ctx: TestContext, userId: number) {
  return ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Marks the reader's oldest unread notification read through the API, if they have one. */
export async function markOldestUnreadRead(ctx: TestContext, reader: { user: { id: number }; token: string }) {
  const unread = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', reader.user.id)
    .where('read_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (unread) await apiClient(ctx.app, reader.token).post(`/api/notifications/${unread.id}/mark-read`);
}
