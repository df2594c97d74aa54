import { type Compilable, sql } from 'kysely';
import { compiledOnce, compiledOnceForList, compiledOncePerShape } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { windowFromNearerEnd } from '../../shared/paged-query.ts';

export type NotificationFilters = {
  unreadOnly: boolean;
  type: string | null;
  /** Only those about this challenge; `none`: only those about no challenge; null: any. */
  challenge: number | 'none' | null;
};

/** One user's notifications with the list filters applied; newest first is `id desc` on the (user_id, id) index. */
function usersNotifications(db: Db, userId: number, filters: NotificationFilters) {
  return db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .$if(filters.unreadOnly, (query) => query.where('read_at', 'is', null))
    .$if(filters.type !== null, (query) => query.where('type', '=', filters.type!))
    .$if(filters.challenge === 'none', (query) => query.where('challenge_id', 'is', null))
    .$if(typeof filters.challenge === 'number', (query) =>
      query.where('challenge_id', '=', filters.challenge as number),
    );
}

/**
 * A page of one user's notifications, in one statement. Deep pages of a long list must not cost much more than the
 * first one, so: the page is found on ids alone (an index-only walk of (user_id, id), never reading skipped rows from
 * the table), from whichever end of the list is nearer — the last page of 20,000 is the first 20 in ascending order —
 * and only the rows of the page are read, by the outer select. `kept` is the user's kept counts (`keptCounts`),
 * which the caller has read already for the unread badge.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  page: PageRequest,
  kept: KeptCounts,
): Promise<{ rows: NotificationRow[]; total: number }> {
  return pageOf(db, userId, filters, page, kept, WHOLE_ROWS);
}

/**
 * The page as `listNotifications` finds it, each notification stamped instead of read whole
 * (kept-notifications.ts): its id and what changes (its read state), and the user's notification deletions, read in
 * the same statement so that they describe the same rows.
 */
export async function listNotificationStamps(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  page: PageRequest,
  kept: KeptCounts,
): Promise<{ rows: NotificationStamp[]; total: number }> {
  return pageOf(db, userId, filters, page, kept, STAMPS);
}

export type NotificationStamp = Pick<NotificationRow, 'id' | 'read_at'> & {
  /** The user's notification deletions (migration 0033); null before the first. */
  deletions: number | null;
};

type Columns<Row> = {
  /** The outer select of the page's ids (`userId`: the list's user). */
  select: (db: Db, ids: PageIds, userId: number) => Compilable<Row>;
  unfiltered: Record<'asc' | 'desc', (db: Db, userId: number, limit: number, offset: number) => Promise<Row[]>>;
};

async function pageOf<Row>(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  page: PageRequest,
  kept: KeptCounts,
  columns: Columns<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const total = await countMatching(db, userId, filters, kept);
  const window = windowFromNearerEnd(total, page);
  if (!window) return { rows: [], total };
  const unfiltered = !filters.unreadOnly && filters.type === null && filters.challenge === null;
  const rows = unfiltered
    ? await columns.unfiltered[window.direction](db, userId, window.limit, window.offset)
    : ((
        await db.executeQuery(
          columns
            .select(db, pageIds(db, userId, filters, window.direction, window.limit, window.offset), userId)
            .compile(),
        )
      ).rows as Row[]);
  return { rows, total };
}

/** The ids of a page of the list, walked in `direction`; the outer select reads them newest first. */
function pageIds(
  db: Db,
  userId: number,
  filters: NotificationFilters,
  direction: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  return usersNotifications(db, userId, filters).select('id').orderBy('id', direction).limit(limit).offset(offset);
}
type PageIds = ReturnType<typeof pageIds>;

function wholeRows(db: Db, ids: PageIds) {
  return db.selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('id', 'desc');
}

function stamps(db: Db, ids: PageIds, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .select((eb) =>
      eb
        .selectFrom('read_versions')
        .select('version')
        .where('topic', '=', 'notifications')
        .where('subject_id', '=', userId)
        .as('deletions'),
    )
    .where('id', 'in', ids)
    .orderBy('id', 'desc');
}

const NO_FILTERS: NotificationFilters = { unreadOnly: false, type: null, challenge: null };

/** The unfiltered list's page (the notifications page as it opens) walked from either end, compiled once. */
function unfilteredPages<Row>(select: Columns<Row>['select']): Columns<Row>['unfiltered'] {
  const walk = (direction: 'asc' | 'desc') =>
    compiledOnce((db, userId: number, limit: number, offset: number) =>
      select(db, pageIds(db, userId, NO_FILTERS, direction, limit, offset), userId),
    );
  return { asc: walk('asc'), desc: walk('desc') };
}

const WHOLE_ROWS: Columns<NotificationRow> = {
  select: wholeRows,
  unfiltered: unfilteredPages(wholeRows),
};

const STAMPS: Columns<NotificationStamp> = {
  select: stamps,
  unfiltered: unfilteredPages(stamps),
};

/**
 * How many rows the list has: the kept counts, unless it is filtered by type or challenge (then counted, on an
 * index).
 */
async function countMatching(db: Db, userId: number, filters: NotificationFilters, kept: KeptCounts): Promise<number> {
  if (filters.type === null && filters.challenge === null) return filters.unreadOnly ? kept.unread : kept.total;
  const count = await usersNotifications(db, userId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

export type KeptCounts = { total: number; unread: number };

/**
 * A user's notification counts, kept in `notification_counts` by every write below (issue 11): reading them is one
 * primary-key lookup however long the list is. A user who never had a notification has no row.
 */
export async function keptCounts(db: Db, userId: number): Promise<KeptCounts> {
  const [row] = await countsOf(db, userId);
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

const countsOf = compiledOnce((db, userId: number) =>
  db.selectFrom('notification_counts').select(['total', 'unread']).where('user_id', '=', userId),
);

export async function countUnread(db: Db, userId: number): Promise<number> {
  return (await keptCounts(db, userId)).unread;
}

/** The row change and the count change commit together: in the caller's transaction, or in one of their own. */
function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function changeCounts(db: Db, userId: number, change: { total: number; unread: number }): Promise<void> {
  if (change.total === 0 && change.unread === 0) return;
  await db
    .insertInto('notification_counts')
    .values({ user_id: userId, ...change })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        total: eb('notification_counts.total', '+', change.total),
        unread: eb('notification_counts.unread', '+', change.unread),
      })),
    )
    .execute();
}

/**
 * Counts every user's notifications again (`userId`: one user's), for rows written around the writes below: the
 * benchmark's bulk load, and test fixtures that insert rows as they are.
 */
export async function recountNotifications(db: Db, userId?: number): Promise<void> {
  await atomically(db, async (trx) => {
    await trx
      .deleteFrom('notification_counts')
      .$if(userId !== undefined, (query) => query.where('user_id', '=', userId!))
      .execute();
    await trx
      .insertInto('notification_counts')
      .columns(['user_id', 'total', 'unread'])
      .expression(
        trx
          .selectFrom('notifications')
          .select([
            'user_id',
            (eb) => eb.fn.countAll<number>().as('total'),
            sql<number>`sum(case when read_at is null then 1 else 0 end)`.as('unread'),
          ])
          .$if(userId !== undefined, (query) => query.where('user_id', '=', userId!))
          .groupBy('user_id'),
      )
      .execute();
  });
}

/**
 * The user's notifications with these ids, whole, in no order: a page's notifications not kept yet. One that is gone,
 * or whose id is now another user's, is not there.
 */
export const notificationsOfUserByIds = compiledOnceForList((db, ids, userId: number) =>
  db.selectFrom('notifications').selectAll().where('id', 'in', ids).where('user_id', '=', userId),
);

export function findNotification(db: Db, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets read_at only if it is not set yet, so the first read time is kept. Returns the row if this call set it. */
export function markNotificationRead(db: Db, id: number, now: string) {
  return atomically(db, async (trx) => {
    const row = await trx
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (row) await changeCounts(trx, row.user_id, { total: 0, unread: -1 });
    return row;
  });
}

export function markAllNotificationsRead(db: Db, userId: number, now: string): Promise<number> {
  return atomically(db, async (trx) => {
    const result = await trx
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    await changeCounts(trx, userId, { total: 0, unread: -count });
    return count;
  });
}

export function deleteNotification(db: Db, id: number): Promise<void> {
  return atomically(db, async (trx) => {
    const row = await trx
      .deleteFrom('notifications')
      .where('id', '=', id)
      .returning(['user_id', 'read_at'])
      .executeTakeFirst();
    if (row) await changeCounts(trx, row.user_id, { total: -1, unread: row.read_at === null ? -1 : 0 });
  });
}

export type NewNotificationRow = {
  userId: number;
  type: string;
  title: string;
  message: string;
  actionUrl: string | null;
  /** The notification's `data` as JSON text. */
  data: string;
  /** Its `data.challenge_id`, kept as a column too (the list's challenge filter and groups). */
  challengeId: number | null;
  now: string;
};

/**
 * Inserts unread notifications and returns their rows, in the order given; `notify` is the helper every module
 * calls. The recipients' counts rows are changed first, in one statement: their row locks, held until the
 * transaction ends, make a user's notifications take their ids and commit one after the other, so a notification
 * never becomes visible below an id a stream has already passed (docs/api.md, Notification stream).
 */
export function insertNotifications(db: Db, notifications: readonly NewNotificationRow[]): Promise<NotificationRow[]> {
  if (notifications.length === 0) return Promise.resolve([]);
  return atomically(db, async (trx) => {
    await addUnread(
      trx,
      notifications.map((notification) => notification.userId),
    );
    // Compiled once per number of rows (one for most writes).
    const rows = await notificationInserts(
      trx,
      String(notifications.length),
      (inner, ...values) =>
        inner
          .insertInto('notifications')
          .values(
            notifications.map((_, i) => {
              const [userId, type, title, message, actionUrl, data, challengeId, now] = values.slice(
                i * NOTIFICATION_VALUES,
                (i + 1) * NOTIFICATION_VALUES,
              );
              return {
                user_id: userId as number,
                type: type as string,
                title: title as string,
                message: message as string,
                action_url: actionUrl as string | null,
                data: data as string,
                challenge_id: challengeId as number | null,
                read_at: null,
                created_at: now as string,
              };
            }),
          )
          .returningAll(),
      notifications.flatMap((notification) => [
        notification.userId,
        notification.type,
        notification.title,
        notification.message,
        notification.actionUrl,
        notification.data,
        notification.challengeId,
        notification.now,
      ]),
    );
    // Both engines number the rows of one insert in the order of its values; by id, they line up with the input.
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** The values of one notification row an insert takes (`insertNotifications`). */
const NOTIFICATION_VALUES = 8;
const notificationInserts = compiledOncePerShape<NotificationRow>();

/**
 * One more unread notification for each of `userIds` (a user named twice gets two), in one upsert. The rows are
 * written in user id order, so two transactions that notify overlapping users lock their counts in the same order
 * (on PostgreSQL, the opposite orders could deadlock).
 */
async function addUnread(db: Db, userIds: readonly number[]): Promise<void> {
  const added = new Map<number, number>();
  for (const userId of userIds) added.set(userId, (added.get(userId) ?? 0) + 1);
  const counts = [...added].sort(([a], [b]) => a - b);
  // Compiled once per number of users (one for most writes).
  await unreadAdditions(
    db,
    String(counts.length),
    (inner, ...values) =>
      inner
        .insertInto('notification_counts')
        .values(
          counts.map((_, i) => ({
            user_id: values[2 * i] as number,
            total: values[2 * i + 1] as number,
            unread: values[2 * i + 1] as number,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((eb) => ({
            total: eb('notification_counts.total', '+', eb.ref('excluded.total')),
            unread: eb('notification_counts.unread', '+', eb.ref('excluded.unread')),
          })),
        ),
    counts.flat(),
  );
}

const unreadAdditions = compiledOncePerShape<never>();

/** A user's notifications with an id above `afterId`, oldest first: what a stream has not sent yet. */
export function notificationsAfter(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** The id of a user's newest notification (0 without one): where a stream that replays nothing starts. */
export async function newestNotificationId(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('newest'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/**
 * A user's notifications counted per challenge, with its title (null for those about no challenge), the challenge
 * with the newest notification first: the notifications page's groups. One pass over the user's
 * `(user_id, challenge_id, id)` index.
 */
export function notificationGroups(db: Db, userId: number) {
  return db
    .selectFrom('notifications')
    .leftJoin('challenges', 'challenges.id', 'notifications.challenge_id')
    .select((eb) => [
      'notifications.challenge_id',
      'challenges.title',
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when notifications.read_at is null then 1 else 0 end)`.as('unread'),
      eb.fn.max('notifications.id').as('newest_id'),
      eb.fn.max('notifications.created_at').as('latest_at'),
    ])
    .where('notifications.user_id', '=', userId)
    .groupBy(['notifications.challenge_id', 'challenges.title'])
    .orderBy('newest_id', 'desc')
    .execute();
}
