/**
 * Guild's TypeScript SDK: a typed client for the API (openapi-fetch over the types openapi-typescript generates from
 * the served OpenAPI document), the live notification stream, and webhook signature checks. See sdk/README.md.
 */
export {
  allPages,
  createGuildClient,
  GuildApiError,
  type GuildClient,
  type GuildClientOptions,
  type Schemas,
  unwrap,
} from './client.ts';
export { readEventStream, type ServerSentEvent } from './event-stream.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';
export { type NotificationStreamOptions, streamNotifications } from './notification-stream.ts';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.ts';
