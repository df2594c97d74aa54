import { type Static, Type } from 'typebox';
import { HttpUrl, Id, Nullable, Timestamp } from '../../http/schemas.ts';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from './webhook-event-types.ts';

const EventType = Type.Union(
  WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)),
  { description: 'An event type' },
);

const Events = Type.Array(Type.Union([EventType, Type.Literal(ALL_EVENTS)]), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: `The event types to receive, or ["${ALL_EVENTS}"] for all of them`,
});

const Description = Nullable(Type.String({ maxLength: 500, description: 'What the webhook is for' }));

export const Webhook = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    active: Type.Boolean({
      description: 'false: no event is delivered (set by its owner, or after 20 failed deliveries)',
    }),
    description: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description: 'whsec_ + base64 of 32 random bytes: the signing key, shown only on creation and rotation',
    }),
  },
  { $id: 'WebhookWithSecret' },
);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const CreateWebhookBody = Type.Object(
  {
    url: HttpUrl,
    events: Events,
    description: Type.Optional(Description),
  },
  { $id: 'CreateWebhookBody' },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(HttpUrl),
    events: Type.Optional(Events),
    active: Type.Optional(Type.Boolean({ description: 'true re-activates a webhook and clears its run of failures' })),
    description: Type.Optional(Description),
  },
  { $id: 'UpdateWebhookBody' },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

const deliveryFields = {
  id: Type.Integer(),
  event_id: Type.String({ description: 'evt_…: the webhook-id header, the same on every attempt and redelivery' }),
  event_type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer({ description: 'Attempts made so far' }),
  response_status: Nullable(Type.Integer({ description: "The last attempt's HTTP status" })),
  response_body_excerpt: Nullable(Type.String({ description: "The first KB of the last attempt's response body" })),
  error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
  next_attempt_at: Nullable(Timestamp),
  created_at: Timestamp,
  delivered_at: Nullable(Timestamp),
};

export const WebhookDelivery = Type.Object(deliveryFields, { $id: 'WebhookDelivery' });
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryDetail = Type.Object(
  { ...deliveryFields, request_body: Type.String({ description: 'The body as sent (JSON text)' }) },
  { $id: 'WebhookDeliveryDetail' },
);
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;

export const DeliveryParams = Type.Object({ id: Id, delivery_id: Id });
