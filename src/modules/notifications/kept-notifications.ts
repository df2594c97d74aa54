import type { Db } from '../../db/database.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { Kept, KeptItems } from '../../http/kept-items.ts';
import { parseJson } from '../../shared/json.ts';
import { type Contexts, contextsOf } from './notification-actions.ts';
import type { NotificationData } from './notification-types.ts';
import { toNotificationHead, toNotificationTail } from './notifications.mapper.ts';
import { type NotificationStamp, notificationsOfUserByIds } from './notifications.repository.ts';
import type { NotificationHead, NotificationTail } from './notifications.schemas.ts';

/** Writes a notification's two parts as JSON through their schemas (the route's serializer compiler). */
export type NotificationSerializers = {
  head: (head: NotificationHead) => string;
  tail: (tail: NotificationTail) => string;
};

/** What is kept beside a head: the rest of what never changes, which the tail is written from. */
type Facts = { type: string; data: NotificationData; created_at: string };

/**
 * A page's notifications as JSON (issue 11). A notification's head — id, type, title, message, link and data, most
 * of its bytes — never changes once written, so each process keeps its JSON (src/http/kept-items.ts), with its type,
 * data and time, and reads and writes only the tail on each request: the read state from the stamp, the action
 * state and the challenge from its targets as they are now (notification-actions.ts). The two parts' JSON joined is
 * the `Notification`'s (notifications.schemas.ts).
 *
 * A head is kept under the user's count of deletions, read with the stamps in one statement: SQLite hands out again
 * the highest id once its row is deleted, and a deletion (migration 0033's trigger) makes every head of the user
 * kept before it unused. The key holds the user too, as the id handed out again may be another user's. A notification
 * gone since its stamp was read is left out. Besides the items: what their tails were read from (`contextsOf`).
 */
export async function notificationsJson(
  db: Db,
  kept: KeptItems,
  userId: number,
  stamps: readonly NotificationStamp[],
  serialize: NotificationSerializers,
): Promise<{ items: string[] } & Omit<Contexts, 'contexts'>> {
  const heads = await kept.keptOf(
    stamps.map((stamp) => ({
      key: `notification:${stamp.id}:${userId}`,
      version: stamp.deletions ?? 0,
      id: stamp.id,
    })),
    (missing) => rowsInOrder(db, userId, missing),
    (row): Kept<Facts> => ({
      json: serialize.head(toNotificationHead(row)),
      facts: { type: row.type, data: parseJson<NotificationData>(row.data, {}), created_at: row.created_at },
      factsChars: row.type.length + row.data.length + row.created_at.length,
    }),
  );
  const present = stamps.flatMap((stamp, i) => {
    const head = heads[i];
    return head === undefined ? [] : [{ stamp, head }];
  });
  const { contexts, ...readFrom } = await contextsOf(
    db,
    userId,
    present.map(({ head }) => head.facts),
  );
  const items = present.map(({ stamp, head }, i) =>
    joinParts(
      head.json,
      serialize.tail(toNotificationTail({ read_at: stamp.read_at, created_at: head.facts.created_at }, contexts[i]!)),
    ),
  );
  return { items, ...readFrom };
}

async function rowsInOrder(db: Db, userId: number, stamps: readonly { id: number }[]) {
  const rows = await notificationsOfUserByIds(
    db,
    stamps.map((stamp) => stamp.id),
    userId,
  );
  const byId = new Map<number, NotificationRow>(rows.map((row) => [row.id, row]));
  return stamps.map((stamp) => byId.get(stamp.id));
}

/** Two objects' JSON as one: the head reopened before its closing brace, the tail's properties after a comma. */
function joinParts(head: string, tail: string): string {
  return `${head.slice(0, -1)},${tail.slice(1)}`;
}
