/**
 * The event types a webhook can subscribe to (docs/api.md, Webhooks). Each names what changed and is delivered to the
 * webhooks of the users who may read it; `ping` is only ever sent by `POST /api/webhooks/{id}/ping`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'challenge.status_changed',
  'task.created',
  'assignment.status_changed',
  'team.formed',
  'team.message_created',
  'idea.created',
  'idea.scored',
  'notification.created',
  'ping',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** In a webhook's `events`: every type, now and any added later. */
export const ALL_EVENTS = '*';
