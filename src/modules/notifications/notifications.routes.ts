import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { itemsJsonPageBody, pageEnvelope, pageRequest } from '../../http/pagination.ts';
import { errorResponses, IdParams, MessageBody, Page } from '../../http/schemas.ts';
import { userPage } from '../../http/user-pages.ts';
import type { NotificationSerializers } from './kept-notifications.ts';
import { preferencesOf, updatePreferences } from './notification-preferences.service.ts';
import { notificationStreamRoutes } from './notification-stream.routes.ts';
import {
  MarkAllReadResult,
  Notification,
  NotificationGroups,
  NotificationHead,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationsQuery,
  NotificationTail,
  UnreadCount,
} from './notifications.schemas.ts';
import {
  groupsOf,
  listMyNotifications,
  markAllRead,
  markRead,
  myNotificationsJson,
  removeNotification,
  unreadCountOf,
} from './notifications.service.ts';

const tags = ['Notifications'];

/**
 * A notification's head and tail serializers, compiled from their schemas by the route's serializer compiler (once
 * per route): the list's items are written in these two parts (kept-notifications.ts) and put into the page
 * (itemsJsonPageBody), so the schemas still decide every byte sent.
 */
function serializers(reply: FastifyReply): NotificationSerializers {
  return {
    head: reply.compileSerializationSchema(NotificationHead as unknown as Record<string, unknown>),
    tail: reply.compileSerializationSchema(NotificationTail as unknown as Record<string, unknown>),
  };
}

export async function notificationsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: "The caller's notifications, newest first; the body adds their unread_count",
        description:
          'Each notification says whether its action is still possible (actionable, inactive_reason), decided from its target as it is now, and names its challenge. Filters: unread_only, type, challenge_id (0: those about no challenge).',
        querystring: NotificationsQuery,
        response: {
          200: Page(Notification, { unread_count: Type.Integer() }, 'NotificationPage'),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { unread_only, type, challenge_id } = request.query;
      const filters = {
        unreadOnly: unread_only ?? false,
        type: type ?? null,
        challenge: challenge_id === undefined ? null : challenge_id === 0 ? ('none' as const) : challenge_id,
      };
      const caller = callerOf(request);
      if (!deps.keptItems.keeps) {
        const { data, total, unreadCount } = await listMyNotifications(db, caller, filters, page);
        return { ...pageEnvelope(request, page, data, total), unread_count: unreadCount };
      }
      return deps.sharedReads.servePage(
        reply,
        userPage(db, request, caller.id, async () => {
          const { data, total, unreadCount, ...version } = await myNotificationsJson(
            db,
            deps.keptItems,
            caller,
            filters,
            page,
            serializers(reply),
          );
          return {
            body: itemsJsonPageBody(request, reply, page, data, total, { unread_count: unreadCount }),
            ...version,
          };
        }),
      );
    },
  );

  app.get(
    '/notifications/groups',
    {
      schema: {
        operationId: 'listNotificationGroups',
        tags,
        summary: "The caller's notifications counted per challenge, newest first",
        description:
          'One group per challenge the caller has notifications about (and one with challenge null for the rest), with how many and how many unread; list one group with GET /api/notifications?challenge_id=…',
        response: { 200: NotificationGroups, ...errorResponses(401) },
      },
    },
    (request) => groupsOf(db, callerOf(request)),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        operationId: 'getUnreadNotificationCount',
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: UnreadCount, ...errorResponses(401) },
      },
    },
    (request) => unreadCountOf(db, callerOf(request)),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: "The caller's e-mail delivery for every notification type",
        description:
          "For each notification type: instant (an e-mail at once), digest (one e-mail a day with the day's notifications of such types) or off (no e-mail). The in-app notification is kept whatever the choice. A type the caller never changed shows its default.",
        response: { 200: NotificationPreferences, ...errorResponses(401) },
      },
    },
    (request) => preferencesOf(db, callerOf(request)),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: "Change the caller's e-mail delivery for some notification types; answers them all",
        description:
          'The body lists {type, email} pairs (email: instant, digest or off); types left out keep their delivery. Every type and delivery is checked before anything is saved: an unknown one is a 422 on that type.',
        body: NotificationPreferencesUpdate,
        response: { 200: NotificationPreferences, ...errorResponses(400, 401, 413, 422) },
      },
    },
    (request) => updatePreferences(db, callerOf(request), request.body.preferences),
  );

  app.post(
    '/notifications/mark-all-read',
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        tags,
        summary: "Mark all the caller's notifications read; answers how many changed",
        response: { 200: MarkAllReadResult, ...errorResponses(401) },
      },
    },
    (request) => markAllRead(db, callerOf(request)),
  );

  app.post(
    '/notifications/:id/mark-read',
    {
      schema: {
        operationId: 'markNotificationRead',
        tags,
        summary: 'Mark one notification read (again is a no-op: the first read time is kept)',
        params: IdParams,
        response: { 200: Notification, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => markRead(db, callerOf(request), request.params.id),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        operationId: 'deleteNotification',
        tags,
        summary: "Delete one of the caller's notifications",
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => removeNotification(db, callerOf(request), request.params.id),
  );

  await notificationStreamRoutes(fastify, deps);
}
