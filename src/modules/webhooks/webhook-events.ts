import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { parseJson } from '../../shared/json.ts';
import { ALL_EVENTS, type WebhookEventType } from './webhook-event-types.ts';
import { usersWhoMayHaveWebhooks } from './webhook-subscribers.ts';
import {
  activeWebhooksOfUsers,
  insertDeliveries,
  type NewDelivery,
  usersWithActiveWebhooks,
} from './webhooks.repository.ts';

export type WebhookEvent = {
  type: Exclude<WebhookEventType, 'ping'>;
  /** The users the event is about what they may read; only their webhooks receive it. */
  recipients: readonly number[];
  /**
   * Reads the resource as the API shows it to these users, or undefined when it is gone. Called only when some
   * webhook receives the event: most writes have no subscriber, and they then pay for no read of the resource.
   */
  data: () => Promise<object | undefined>;
};

/** `evt_` + 24 hex digits: the `id` of the body and the `webhook-id` header. */
export function newEventId(): string {
  return `evt_${crypto.randomBytes(12).toString('hex')}`;
}

/** The delivery body: kept as written, so every attempt sends (and signs) the same bytes. */
export function eventBody(id: string, type: WebhookEventType, createdAt: string, data: object): string {
  return JSON.stringify({ id, type, created_at: createdAt, data });
}

function subscribes(events: readonly string[], type: WebhookEventType): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}

/**
 * Records an event for delivery: one `webhook_deliveries` row per active webhook of a recipient that subscribes to
 * its type. Pass the transaction of the change the event reports: a change that rolls back sends nothing, one that
 * commits is delivered (the relay queues its `webhook.deliver` jobs; see src/pipeline/outbox-relay.ts). Costs no
 * statement when no recipient has a webhook (webhook-subscribers.ts), and reads the resource only when one receives
 * the event.
 */
export async function recordEvent(db: Db, event: WebhookEvent): Promise<void> {
  await recordEvents(db, [event]);
}

/**
 * Records several events (a notification to each member of a team) as `recordEvent` would each: the webhooks of all
 * their recipients are looked up in one select, and the deliveries written in one insert.
 */
export async function recordEvents(db: Db, events: readonly WebhookEvent[]): Promise<void> {
  const recipients = [...new Set(events.flatMap((event) => event.recipients))];
  const webhooks = await activeWebhooksOfUsers(
    db,
    await usersWhoMayHaveWebhooks(db, recipients, usersWithActiveWebhooks),
  );
  if (webhooks.length === 0) return;
  const deliveries: NewDelivery[] = [];
  for (const event of events) {
    const matching = webhooks.filter(
      (webhook) =>
        event.recipients.includes(webhook.user_id) && subscribes(parseJson<string[]>(webhook.events, []), event.type),
    );
    if (matching.length === 0) continue;
    const data = await event.data();
    if (data === undefined) continue;
    const now = new Date().toISOString();
    const id = newEventId();
    const body = eventBody(id, event.type, now, data);
    for (const webhook of matching) {
      deliveries.push({ webhook_id: webhook.id, event_id: id, event_type: event.type, body, queuedAt: null, now });
    }
  }
  await insertDeliveries(db, deliveries);
}
