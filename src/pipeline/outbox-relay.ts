import type { AppDeps } from '../app-deps.ts';
import type { JobLogger } from '../jobs/job-queue.ts';
import { relayNotificationMails } from '../modules/notifications/notification-mail.service.ts';
import { relayDeliveries } from '../modules/webhooks/webhook-delivery.service.ts';

export type OutboxRelay = { stop(): Promise<void> };

/**
 * The outboxes that writes fill in their own transaction, and whose rows become jobs here: webhook deliveries and
 * notifications' instant e-mails. Each step queues the jobs of one batch and says how many; none queues a row twice.
 */
const OUTBOXES: ReadonlyArray<{ name: string; relay: (deps: AppDeps) => Promise<number> }> = [
  { name: 'webhook deliveries', relay: relayDeliveries },
  { name: 'notification e-mails', relay: relayNotificationMails },
];

/**
 * Runs the outbox relay beside a job worker (server.ts with the embedded worker, worker.ts): every WORKER_POLL_MS it
 * queues the jobs of what the outboxes hold, at once again while it finds any. Every worker process runs one.
 */
export function startOutboxRelay(deps: AppDeps, log: JobLogger): OutboxRelay {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const drain = async (outbox: (typeof OUTBOXES)[number]) => {
    try {
      while (!stopped && (await outbox.relay(deps)) > 0) {
        // A full or partial batch was queued: look again before sleeping, in case more came meanwhile.
      }
    } catch (error) {
      log.error({ err: error }, `the relay of ${outbox.name} failed; trying again at the next poll`);
    }
  };
  const tick = async () => {
    for (const outbox of OUTBOXES) await drain(outbox);
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
