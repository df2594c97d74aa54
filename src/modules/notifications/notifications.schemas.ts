import { type Static, Type } from 'typebox';
import { Nullable, PageQuery, Timestamp } from '../../http/schemas.ts';
import { NOTIFICATION_TYPE_NAMES } from './notification-types.ts';

export const Notification = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String({ description: NOTIFICATION_TYPE_NAMES.join(' | ') }),
    title: Type.String(),
    message: Type.String(),
    action_url: Nullable(Type.String()),
    data: Type.Object({
      challenge_id: Type.Optional(Type.Integer()),
      task_id: Type.Optional(Type.Integer()),
      assignment_id: Type.Optional(Type.Integer()),
      team_id: Type.Optional(Type.Integer()),
      idea_id: Type.Optional(Type.Integer()),
      webhook_id: Type.Optional(Type.Integer()),
    }),
    is_read: Type.Boolean(),
    read_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { $id: 'Notification' },
);
export type Notification = Static<typeof Notification>;

export const NotificationsQuery = Type.Object({
  ...PageQuery,
  unread_only: Type.Optional(Type.Boolean({ description: 'true: only notifications not read yet' })),
  type: Type.Optional(Type.Enum([...NOTIFICATION_TYPE_NAMES], { description: 'only this type, e.g. task_assignment' })),
});

export const UnreadCount = Type.Object({ unread_count: Type.Integer() }, { $id: 'UnreadCount' });

export const MarkAllReadResult = Type.Object(
  { count: Type.Integer({ description: 'how many were unread' }) },
  { $id: 'MarkAllReadResult' },
);
