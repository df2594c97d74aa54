import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { attemptDelivery, purgeOldDeliveries } from '../../modules/webhooks/webhook-delivery.service.ts';

/**
 * One attempt of a webhook delivery. Its retries are the delivery's own (WEBHOOK_RETRY_DELAYS, each a new job queued
 * by the attempt that failed); the queue's retries only cover an attempt that could not record its outcome (the
 * database was unreachable), which the compare-and-set in `attemptDelivery` makes safe to run again.
 */
export const deliverWebhookJob: JobDefinition<AppDeps, 'webhook.deliver'> = {
  handle: (deps, { deliveryId }) => attemptDelivery(deps, deliveryId),
};

/** Queued on a timer (PERIODIC_JOBS): settled deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS leave the log. */
export const purgeWebhookDeliveriesJob: JobDefinition<AppDeps, 'webhooks.purge-deliveries'> = {
  async handle(deps) {
    await purgeOldDeliveries(deps);
  },
};
