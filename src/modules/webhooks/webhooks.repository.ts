import { compiledOnceForList } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookRow } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { announceSubscriber } from './webhook-subscribers.ts';

/** The only file that queries `webhooks` and `webhook_deliveries` (modules/webhooks owns both). */

export type NewWebhook = Pick<WebhookRow, 'user_id' | 'url' | 'events' | 'description' | 'secret'> & { now: string };

/** Pass a transaction: the news that the user subscribes leaves with the row (`announceSubscriber`). */
export async function insertWebhook(db: Db, webhook: NewWebhook): Promise<WebhookRow> {
  forgetLookups(db);
  const { now, ...values } = webhook;
  const row = await db
    .insertInto('webhooks')
    .values({ ...values, active: 1, consecutive_failures: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await announceSubscriber(db, row.user_id);
  return row;
}

export function findWebhook(db: Db, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWebhooksOfUser(
  db: Db,
  userId: number,
  page: PageRequest,
): Promise<{ rows: WebhookRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The active webhooks of these users: the candidates for an event about something they may read. In a transaction,
 * each user's are read once: a move's webhook event and its notification's ask for the same parties, so the second
 * lookup costs no statement. What the transaction itself writes to `webhooks` (every write below) forgets them; what
 * another transaction commits meanwhile is not seen, as if it had committed after this one.
 */
export async function activeWebhooksOfUsers(db: Db, userIds: readonly number[]): Promise<WebhookRow[]> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return [];
  if (!db.isTransaction) return webhooksOfUsers(db, users);
  let known = lookedUpIn.get(db);
  if (!known) {
    known = new Map();
    lookedUpIn.set(db, known);
  }
  const missing = users.filter((userId) => !known.has(userId));
  if (missing.length > 0) {
    const rows = await webhooksOfUsers(db, missing);
    for (const userId of missing) known.set(userId, []);
    for (const row of rows) known.get(row.user_id)?.push(row);
  }
  return users.flatMap((userId) => known.get(userId) ?? []).sort((a, b) => a.id - b.id);
}

/** Every user with an active webhook (src/modules/webhooks/webhook-subscribers.ts keeps them per process). */
export async function usersWithActiveWebhooks(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('webhooks').select('user_id').distinct().where('active', '=', 1).execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Per transaction, each user's active webhooks once read (`activeWebhooksOfUsers`). */
const lookedUpIn = new WeakMap<Db, Map<number, WebhookRow[]>>();

/** A write to `webhooks` in `db`: its transaction reads the webhooks again. */
function forgetLookups(db: Db): void {
  lookedUpIn.delete(db);
}

const webhooksOfUsers = compiledOnceForList((db, users) =>
  db.selectFrom('webhooks').selectAll().where('user_id', 'in', users).where('active', '=', 1).orderBy('id'),
);

export type WebhookChange = Partial<Pick<WebhookRow, 'url' | 'events' | 'description' | 'secret' | 'active'>> & {
  consecutive_failures?: number;
};

/** Pass a transaction: a webhook switched on announces its user as `insertWebhook` does. */
export async function updateWebhook(
  db: Db,
  id: number,
  change: WebhookChange,
  now: string,
): Promise<WebhookRow | undefined> {
  forgetLookups(db);
  const row = await db
    .updateTable('webhooks')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row && change.active === 1) await announceSubscriber(db, row.user_id);
  return row;
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  forgetLookups(db);
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** A delivery ended succeeded: the webhook's run of failures is over. */
export async function resetFailures(db: Db, webhookId: number): Promise<void> {
  forgetLookups(db);
  await db
    .updateTable('webhooks')
    .set({ consecutive_failures: 0 })
    .where('id', '=', webhookId)
    .where('consecutive_failures', '<>', 0)
    .execute();
}

/**
 * A delivery ended failed: one more in the webhook's run. Returns the webhook when this failure deactivated it (the
 * run reached `limit` while it was active), so the caller tells its owner exactly once.
 */
export async function countFailure(db: Db, webhookId: number, limit: number, now: string) {
  forgetLookups(db);
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('id', '=', webhookId)
    .returning(['id', 'user_id', 'url', 'active', 'consecutive_failures'])
    .executeTakeFirst();
  if (row?.active !== 1 || row.consecutive_failures < limit) return null;
  await db.updateTable('webhooks').set({ active: 0, updated_at: now }).where('id', '=', webhookId).execute();
  return row;
}

export type NewDelivery = Pick<WebhookDeliveryRow, 'webhook_id' | 'event_id' | 'event_type' | 'body'> & {
  /** Set when the caller queues the job itself; null leaves the row to the relay. */
  queuedAt: string | null;
  now: string;
};

function deliveryValues(delivery: NewDelivery) {
  return {
    webhook_id: delivery.webhook_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    body: delivery.body,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: delivery.now,
    queued_at: delivery.queuedAt,
    created_at: delivery.now,
  };
}

export async function insertDeliveries(db: Db, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await db.insertInto('webhook_deliveries').values(deliveries.map(deliveryValues)).execute();
}

export function insertDelivery(db: Db, delivery: NewDelivery): Promise<WebhookDeliveryRow> {
  return db.insertInto('webhook_deliveries').values(deliveryValues(delivery)).returningAll().executeTakeFirstOrThrow();
}

export function findDelivery(db: Db, webhookId: number, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

export function findDeliveryWithWebhook(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .select(['webhooks.url', 'webhooks.secret', 'webhooks.active'])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
}

export async function listDeliveries(
  db: Db,
  webhookId: number,
  page: PageRequest,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type AttemptOutcome = {
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
  queuedAt: string | null;
  deliveredAt: string | null;
};

/**
 * Records the outcome of attempt number `attempts + 1`, only if no other run recorded it first (a job run twice after
 * its lease ran out): a compare-and-set on the attempt count. Returns whether it recorded.
 */
export async function recordAttempt(db: Db, id: number, attempts: number, outcome: AttemptOutcome): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: attempts + 1,
      response_status: outcome.responseStatus,
      response_body_excerpt: outcome.responseBodyExcerpt,
      error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      queued_at: outcome.queuedAt,
      delivered_at: outcome.deliveredAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes up to `limit` settled deliveries (succeeded or failed) created before `before`, oldest first, and returns
 * how many. Pending ones stay whatever their age: their retries are still to come. Reads the `created_at` index
 * (migration 0022), so a log with nothing old enough costs one look-up.
 */
export async function deleteSettledDeliveriesBefore(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('created_at', '<', before)
        .where('status', '<>', 'pending')
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A delivery that will not be attempted (its webhook is no longer active): failed, without an attempt. */
export async function abandonDelivery(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error, next_attempt_at: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Takes up to `limit` deliveries that wait for their job, marking them queued, in the caller's transaction (the jobs
 * are queued in it too). On PostgreSQL rows another relay holds are skipped, so two processes never queue one twice.
 */
export async function claimUnqueuedDeliveries(db: Db, dialect: 'sqlite' | 'postgres', limit: number, now: string) {
  // One statement that writes first: on SQLite it so takes the write lock before it reads, where a read followed by
  // a write fails with "database is locked" when another process wrote in between (webhooks-relay.test.ts).
  return db
    .updateTable('webhook_deliveries')
    .set({ queued_at: now })
    .where('queued_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('queued_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning(['id', 'next_attempt_at'])
    .execute();
}
