import { type TSchema, Type } from 'typebox';
import { Timestamp } from '../../http/schemas.ts';
import { Assignment } from '../assignments/assignments.schemas.ts';
import { Challenge } from '../challenges/challenges.schemas.ts';
import { Idea } from '../ideas/ideas.schemas.ts';
import { Notification } from '../notifications/notifications.schemas.ts';
import { Task } from '../tasks/tasks.schemas.ts';
import { Team, TeamMessage } from '../teams/teams.schemas.ts';
import type { WebhookEventType } from './webhook-event-types.ts';

/**
 * What each event type delivers, for the `webhooks` section of the OpenAPI document (docs/api.md, Webhooks): the
 * body's schema (named `<Type>Event`), who receives it and when. `data` is the resource as the API shows it.
 */
type EventDoc = { name: string; data: TSchema; summary: string; description: string };

const PingData = Type.Object(
  { webhook_id: Type.Integer(), url: Type.String({ description: 'The URL the ping was sent to' }) },
  { $id: 'WebhookPingData' },
);

const EVENT_DOCS: Record<WebhookEventType, EventDoc> = {
  'challenge.status_changed': {
    name: 'ChallengeStatusChanged',
    data: Challenge,
    summary: 'A challenge moved to another status',
    description:
      "Sent to the webhooks of the challenge's company at every move: submitted (posted, or edited back), " +
      'analyzing, active or rejected (the analysis result; `challenge_type` tells team work from a community ' +
      'discussion), submitted again when the analysis failed, in_progress, completed, archived.',
  },
  'task.created': {
    name: 'TaskCreated',
    data: Task,
    summary: 'The analysis planned a task',
    description: "Sent to the webhooks of the challenge's company, one event per task.",
  },
  'assignment.status_changed': {
    name: 'AssignmentStatusChanged',
    data: Assignment,
    summary: 'An assignment moved to another status',
    description:
      "Sent to the webhooks of the contributor and of the challenge's company: invited, accepted, declined (or " +
      'withdrawn), in_progress (started, or sent back for revision), submitted, completed.',
  },
  'team.formed': {
    name: 'TeamFormed',
    data: Team,
    summary: "A challenge's team was formed",
    description: 'Sent to the webhooks of every contributor invited to the team.',
  },
  'team.message_created': {
    name: 'TeamMessageCreated',
    data: TeamMessage,
    summary: 'A message was posted to a team',
    description: 'Sent to the webhooks of the members whose invitation is open or accepted (the sender included).',
  },
  'idea.created': {
    name: 'IdeaCreated',
    data: Idea,
    summary: 'An idea was submitted',
    description: "Sent to the webhooks of its author and of the challenge's company.",
  },
  'idea.scored': {
    name: 'IdeaScored',
    data: Idea,
    summary: 'An idea was scored (or rejected as spam)',
    description: "Sent to the webhooks of its author and of the challenge's company.",
  },
  'notification.created': {
    name: 'NotificationCreated',
    data: Notification,
    summary: 'The owner received a notification',
    description: "Every notification the webhook's owner receives, as GET /api/notifications shows it.",
  },
  ping: {
    name: 'Ping',
    data: PingData,
    summary: 'A test event',
    description: 'Sent only by POST /api/webhooks/{id}/ping, to that webhook, whatever its events.',
  },
};

const HEADERS = [
  ['webhook-id', 'The event id (`evt_…`): the same on every retry and redelivery; use it to drop duplicates.'],
  ['webhook-timestamp', 'When this attempt was signed, in Unix seconds; refuse ones far from now (replays).'],
  [
    'webhook-signature',
    '`v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded ' +
      'part of the secret after `whsec_` (Standard Webhooks).',
  ],
  ['user-agent', '`Guild-Webhooks/<version>`.'],
] as const;

/**
 * The document's `webhooks`: one POST per event type, with its named body schema (as JSON Schema with `$id`s; the
 * OpenAPI transform turns them into components and references).
 */
export function webhookEventsDocument(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(EVENT_DOCS).map(([type, doc]) => {
      const body = Type.Object(
        {
          id: Type.String({ description: 'The event id, evt_ + 24 hex digits; also the webhook-id header' }),
          type: Type.Literal(type),
          created_at: Timestamp,
          data: doc.data,
        },
        { $id: `${doc.name}Event` },
      );
      const operation = {
        operationId: `${doc.name.charAt(0).toLowerCase()}${doc.name.slice(1)}Event`,
        tags: ['Webhooks'],
        summary: doc.summary,
        description: `${doc.description} Deliveries are retried with backoff until a 2xx; verify the signature first.`,
        parameters: HEADERS.map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: { required: true, content: { 'application/json': { schema: body } } },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery' },
          '400': { description: 'Anything else (or no answer within 10 s) is a failed attempt, retried later' },
        },
        security: [],
      };
      return [type, { post: operation }];
    }),
  );
}
