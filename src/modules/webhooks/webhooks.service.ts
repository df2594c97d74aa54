import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import type { WebhookRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { checkWebhookUrl, WebhookAddressError } from './webhook-address.ts';
import { ALL_EVENTS } from './webhook-event-types.ts';
import { eventBody, newEventId } from './webhook-events.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { toDelivery, toDeliveryDetail, toWebhook, toWebhookWithSecret } from './webhooks.mapper.ts';
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooksOfUser,
  updateWebhook,
  type WebhookChange,
} from './webhooks.repository.ts';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookWithSecret,
} from './webhooks.schemas.ts';

type WebhookDeps = Pick<AppDeps, 'db' | 'queue' | 'config'>;

/** A webhook is only ever its owner's: another user's is a 404, as if it did not exist (docs/api.md, Webhooks). */
async function ownWebhook(db: Db, caller: AuthUser, id: number): Promise<WebhookRow> {
  const webhook = await findWebhook(db, id);
  if (!webhook || webhook.user_id !== caller.id) throw AppError.notFound('Webhook');
  return webhook;
}

/** `["*"]` stands alone: a list naming types besides it would say two things at once. */
function checkEvents(events: readonly string[]): void {
  if (events.includes(ALL_EVENTS) && events.length > 1) {
    throw AppError.field('events', `The events must be either ["${ALL_EVENTS}"] or a list of event types.`);
  }
}

async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await checkWebhookUrl(new URL(url), deps.config.webhooks.allowPrivateNetworks);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw AppError.field('url', error.message);
    throw error;
  }
}

export async function createWebhook(
  deps: WebhookDeps,
  caller: AuthUser,
  body: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  checkEvents(body.events);
  await checkUrl(deps, body.url);
  // In a transaction: the news that the user now subscribes (webhooks.repository.ts) leaves with the row or not at all.
  const row = await deps.db.transaction().execute((trx) =>
    insertWebhook(trx, {
      user_id: caller.id,
      url: body.url,
      events: JSON.stringify(body.events),
      description: body.description ?? null,
      secret: newWebhookSecret(),
      now: new Date().toISOString(),
    }),
  );
  return toWebhookWithSecret(row);
}

export async function listMyWebhooks(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<Webhook>> {
  const { rows, total } = await listWebhooksOfUser(db, caller.id, page);
  return { data: rows.map(toWebhook), total };
}

export async function getWebhook(db: Db, caller: AuthUser, id: number): Promise<Webhook> {
  return toWebhook(await ownWebhook(db, caller, id));
}

export async function changeWebhook(
  deps: WebhookDeps,
  caller: AuthUser,
  id: number,
  body: UpdateWebhookBody,
): Promise<Webhook> {
  await ownWebhook(deps.db, caller, id);
  if (body.events !== undefined) checkEvents(body.events);
  if (body.url !== undefined) await checkUrl(deps, body.url);
  const change: WebhookChange = {
    ...(body.url !== undefined && { url: body.url }),
    ...(body.events !== undefined && { events: JSON.stringify(body.events) }),
    ...(body.description !== undefined && { description: body.description }),
    // Switched on again by its owner: the failures that switched it off are behind it.
    ...(body.active !== undefined && { active: body.active ? 1 : 0, ...(body.active && { consecutive_failures: 0 }) }),
  };
  const row = await deps.db.transaction().execute((trx) => updateWebhook(trx, id, change, new Date().toISOString()));
  if (!row) throw AppError.notFound('Webhook');
  return toWebhook(row);
}

export async function removeWebhook(db: Db, caller: AuthUser, id: number): Promise<void> {
  await ownWebhook(db, caller, id);
  await db.transaction().execute((trx) => deleteWebhook(trx, id));
}

/** A new secret at once: deliveries from now on are signed with it (retries of older events included). */
export async function rotateSecret(db: Db, caller: AuthUser, id: number): Promise<WebhookWithSecret> {
  await ownWebhook(db, caller, id);
  const row = await updateWebhook(db, id, { secret: newWebhookSecret() }, new Date().toISOString());
  if (!row) throw AppError.notFound('Webhook');
  return toWebhookWithSecret(row);
}

const INACTIVE_MESSAGE = 'This webhook is not active: set active to true first.';

/** Queues a delivery and its job together; the job sends it (never this request). */
async function queueDelivery(
  deps: WebhookDeps,
  webhookId: number,
  event: { id: string; type: string; body: string },
): Promise<WebhookDelivery> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await insertDelivery(trx, {
      webhook_id: webhookId,
      event_id: event.id,
      event_type: event.type,
      body: event.body,
      queuedAt: now,
      now,
    });
    await deps.queue.enqueue(trx, 'webhook.deliver', { deliveryId: row.id });
    return toDelivery(row);
  });
}

/** Sends a `ping` event to this webhook alone, whatever its events, so its owner can test the endpoint. */
export async function pingWebhook(deps: WebhookDeps, caller: AuthUser, id: number): Promise<WebhookDelivery> {
  const webhook = await ownWebhook(deps.db, caller, id);
  if (webhook.active !== 1) throw AppError.invalidState(INACTIVE_MESSAGE);
  const eventId = newEventId();
  const body = eventBody(eventId, 'ping', new Date().toISOString(), { webhook_id: webhook.id, url: webhook.url });
  return queueDelivery(deps, webhook.id, { id: eventId, type: 'ping', body });
}

export async function listWebhookDeliveries(
  db: Db,
  caller: AuthUser,
  id: number,
  page: PageRequest,
): Promise<PageOf<WebhookDelivery>> {
  await ownWebhook(db, caller, id);
  const { rows, total } = await listDeliveries(db, id, page);
  return { data: rows.map(toDelivery), total };
}

async function ownDelivery(db: Db, caller: AuthUser, webhookId: number, deliveryId: number) {
  const webhook = await ownWebhook(db, caller, webhookId);
  const delivery = await findDelivery(db, webhookId, deliveryId);
  if (!delivery) throw AppError.notFound('Delivery');
  return { webhook, delivery };
}

export async function getWebhookDelivery(
  db: Db,
  caller: AuthUser,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDeliveryDetail> {
  const { delivery } = await ownDelivery(db, caller, webhookId, deliveryId);
  return toDeliveryDetail(delivery);
}

/**
 * Sends an event again as a new delivery with the same body and `webhook-id`, so a receiver that did process it can
 * tell (Standard Webhooks: the id is the idempotency key). It has attempts and retries of its own.
 */
export async function redeliver(
  deps: WebhookDeps,
  caller: AuthUser,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const { webhook, delivery } = await ownDelivery(deps.db, caller, webhookId, deliveryId);
  if (webhook.active !== 1) throw AppError.invalidState(INACTIVE_MESSAGE);
  return queueDelivery(deps, webhook.id, { id: delivery.event_id, type: delivery.event_type, body: delivery.body });
}
