import type { AppDeps } from '../../app-deps.ts';
import { notify } from '../notifications/notify.ts';
import { sendWebhook } from './webhook-sender.ts';
import {
  abandonDelivery,
  claimUnqueuedDeliveries,
  countFailure,
  deleteSettledDeliveriesBefore,
  findDeliveryWithWebhook,
  recordAttempt,
  resetFailures,
} from './webhooks.repository.ts';

/** Deliveries that end failed one after another before their webhook is switched off and its owner told. */
const FAILURES_BEFORE_DEACTIVATION = 20;

const RELAY_BATCH = 100;

/** Deliveries one purge run deletes at most: a short transaction; the hourly runs catch up with a backlog. */
const PURGE_BATCH = 5_000;

type DeliveryDeps = Pick<AppDeps, 'db' | 'dialect' | 'queue' | 'config'>;

/**
 * One attempt of a delivery (the `webhook.deliver` job). The HTTP request is made outside any transaction; its
 * outcome is then recorded with a compare-and-set on the attempt count, so a job run twice (its lease ran out)
 * records one attempt. A failed attempt queues the next one after the next of WEBHOOK_RETRY_DELAYS, in the same
 * transaction; after the last the delivery is `failed`, and the webhook's run of failed deliveries grows: at 20 the
 * webhook is deactivated and its owner notified. Any 2xx resets the run.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: number): Promise<void> {
  const delivery = await findDeliveryWithWebhook(deps.db, deliveryId);
  // Gone with its webhook, already settled, or a stray job ahead of the attempt's time: nothing to do.
  if (delivery?.status !== 'pending') return;
  if (delivery.next_attempt_at !== null && Date.parse(delivery.next_attempt_at) > Date.now()) return;
  if (delivery.active !== 1) {
    await abandonDelivery(deps.db, delivery.id, 'The webhook was deactivated before this delivery was sent.');
    return;
  }

  const result = await sendWebhook({
    url: delivery.url,
    secret: delivery.secret,
    eventId: delivery.event_id,
    body: delivery.body,
    allowPrivate: deps.config.webhooks.allowPrivateNetworks,
  });

  const delays = deps.config.webhooks.retryDelaysSeconds;
  const now = new Date();
  const retryAt =
    !result.ok && delivery.attempts < delays.length ? new Date(now.getTime() + delays[delivery.attempts] * 1000) : null;
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordAttempt(trx, delivery.id, delivery.attempts, {
      status: result.ok ? 'succeeded' : retryAt ? 'pending' : 'failed',
      responseStatus: result.status,
      responseBodyExcerpt: result.excerpt,
      error: result.error,
      nextAttemptAt: retryAt?.toISOString() ?? null,
      queuedAt: retryAt ? now.toISOString() : null,
      deliveredAt: result.ok ? now.toISOString() : null,
    });
    if (!recorded) return;
    if (result.ok) return resetFailures(trx, delivery.webhook_id);
    if (retryAt) {
      await deps.queue.enqueue(trx, 'webhook.deliver', { deliveryId: delivery.id }, { runAt: retryAt });
      return;
    }
    const deactivated = await countFailure(trx, delivery.webhook_id, FAILURES_BEFORE_DEACTIVATION, now.toISOString());
    if (deactivated) {
      await notify(trx, {
        userId: deactivated.user_id,
        type: 'webhook_deactivated',
        title: 'Webhook deactivated',
        message:
          `Your webhook to ${deactivated.url} was deactivated after ${FAILURES_BEFORE_DEACTIVATION} deliveries in a ` +
          'row failed. Fix the endpoint, then set it active again.',
        actionUrl: null,
        data: { webhook_id: deactivated.id },
      });
    }
  });
}

/**
 * The outbox relay: queues a `webhook.deliver` job for each delivery an event recorded (recordEvent writes rows
 * only, in the transaction of whatever caused the event, which may have no queue at hand). Rows and jobs change in
 * one transaction, so a delivery is queued exactly once. Returns how many it queued.
 */
export async function relayDeliveries(deps: DeliveryDeps): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const rows = await claimUnqueuedDeliveries(trx, deps.dialect, RELAY_BATCH, now.toISOString());
    for (const row of rows) {
      const runAt = row.next_attempt_at ? new Date(row.next_attempt_at) : now;
      await deps.queue.enqueue(trx, 'webhook.deliver', { deliveryId: row.id }, { runAt });
    }
    return rows.length;
  });
}

/**
 * The `webhooks.purge-deliveries` job: the delivery log keeps settled deliveries for WEBHOOK_DELIVERY_RETENTION_DAYS
 * (their bodies hold the events' data, so they are not kept for ever), then they go; their redelivery is then a 404
 * like any unknown delivery. Returns how many were deleted.
 */
export function purgeOldDeliveries(deps: Pick<AppDeps, 'db' | 'config'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.webhooks.retentionDays * 24 * 3600 * 1000);
  return deleteSettledDeliveriesBefore(deps.db, before.toISOString(), PURGE_BATCH);
}
