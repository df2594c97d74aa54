import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookWithSecret } from './webhooks.schemas.ts';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: parseJson<string[]>(row.events, []),
    active: row.active === 1,
    description: row.description,
    created_at: row.created_at,
  };
}

/** Only the create and rotate answers show the secret. */
export function toWebhookWithSecret(row: WebhookRow): WebhookWithSecret {
  return { ...toWebhook(row), secret: row.secret };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    response_body_excerpt: row.response_body_excerpt,
    error: row.error,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
  };
}

export function toDeliveryDetail(row: WebhookDeliveryRow): WebhookDeliveryDetail {
  return { ...toDelivery(row), request_body: row.body };
}
