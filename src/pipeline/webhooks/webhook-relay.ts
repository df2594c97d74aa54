import type { AppDeps } from '../../app-deps.ts';
import type { JobLogger } from '../../jobs/job-queue.ts';
import { relayDeliveries } from '../../modules/webhooks/webhook-delivery.service.ts';

export type WebhookRelay = { stop(): Promise<void> };

/**
 * Runs the webhook outbox relay beside a job worker (server.ts with the embedded worker, worker.ts): every
 * WORKER_POLL_MS it queues the jobs of the deliveries events recorded, at once again while it finds full batches.
 * Every worker process runs one; they never queue a delivery twice (see relayDeliveries).
 */
export function startWebhookRelay(deps: AppDeps, log: JobLogger): WebhookRelay {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      while (!stopped && (await relayDeliveries(deps)) > 0) {
        // A full or partial batch was queued: look again before sleeping, in case more came meanwhile.
      }
    } catch (error) {
      log.error({ err: error }, 'webhook relay failed; trying again at the next poll');
    }
    if (!stopped) timer = setTimeout(schedule, deps.config.workerPollMs);
  };
  const schedule = () => {
    running = tick();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
