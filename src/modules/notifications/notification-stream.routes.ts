import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { bearerTokenOf, callerOf } from '../../http/auth.ts';
import { errorResponses, MessageBody } from '../../http/schemas.ts';
import { authenticateToken } from '../auth/tokens.service.ts';
import { notificationStreamsOf } from './notification-streams.ts';
import { Notification } from './notifications.schemas.ts';

const STREAM_DESCRIPTION = [
  'Server-sent events (`text/event-stream`). Each notification the caller receives from now on comes as',
  '`id: <notification id>`, `event: notification` and `data: <the notification as GET /api/notifications shows it>`;',
  'a comment line (`: heartbeat`) comes at least every 20 seconds. A client that reconnects sends the last id it',
  'received as `Last-Event-ID` and first gets every notification of its own with a greater id, so nothing is lost',
  'and nothing comes twice. The stream ends when the token is revoked or expires, the account is deactivated, or',
  'the server shuts down (reconnect then). An account may hold a few streams at once per server process',
  '(NOTIFICATION_STREAM_MAX_PER_USER, 5 by default); one more is a 429. Browsers: EventSource cannot send the',
  'Authorization header, so read the stream with fetch.',
].join(' ');

const TooManyStreams = {
  ...MessageBody,
  description: 'The account already holds as many notification streams as it may; close one and try again.',
};

/** `GET /api/notifications/stream` (docs/api.md, Notification stream). */
export async function notificationStreamRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const streams = notificationStreamsOf(deps.db);
  const { heartbeatMs, maxPerUser } = deps.config.notificationStream;
  // Open streams never end by themselves: the server would wait for them forever when it closes.
  app.addHook('preClose', () => streams.endAll(app));

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['Notifications'],
        operationId: 'streamNotifications',
        summary: "The caller's new notifications, live, as server-sent events",
        description: STREAM_DESCRIPTION,
        headers: Type.Object({
          'last-event-id': Type.Optional(
            Type.String({ description: 'The id of the last notification received: those after it come first.' }),
          ),
        }),
        response: {
          200: {
            description: 'An endless event stream (see above).',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...errorResponses(401, 422),
          429: TooManyStreams,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      const token = bearerTokenOf(request) ?? '';
      const serialize = reply.compileSerializationSchema(Notification as unknown as Record<string, unknown>) as (
        notification: Notification,
      ) => string;
      const stream = await streams.connect(app, maxPerUser, lastEventId, {
        userId: caller.id,
        heartbeatMs,
        serialize,
        log: request.log,
        authorized: async () => (await authenticateToken(deps.db, token))?.id === caller.id,
      });
      if (!stream) {
        return reply.code(429).send({
          message: `You already have ${maxPerUser} notification streams open, the most one account may hold at once. Close one (another tab or device) and try again.`,
        });
      }
      // The client went away (or the stream ended): the stream stops and leaves the count. It may have gone while
      // the stream was being opened, before this listener was there.
      reply.raw.once('close', () => stream.end());
      if (reply.raw.destroyed || request.raw.socket.destroyed) stream.end();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream.body as never); // a stream is sent as it comes, not serialised against the schema
    },
  );
}

/** Last-Event-ID: a notification id (a non-negative integer in canonical decimal form); absent or empty is none. */
function parseLastEventId(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  const value = Number(header.trim());
  if (!Number.isSafeInteger(value) || value < 0 || String(value) !== header.trim()) {
    throw AppError.field(
      'Last-Event-ID',
      'The Last-Event-ID header must be the id of a notification received from this stream (a whole number).',
    );
  }
  return value;
}
