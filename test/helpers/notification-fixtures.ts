import { notify } from '../../src/modules/notifications/notify.ts';
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
