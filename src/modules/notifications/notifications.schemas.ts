import { type Static, Type } from 'typebox';
import { Nullable, PageQuery, Timestamp } from '../../http/schemas.ts';
import { EMAIL_DELIVERIES, NOTIFICATION_TYPE_NAMES } from './notification-types.ts';

const ChallengeRef = Type.Object({ id: Type.Integer(), title: Type.String() });

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
    challenge: {
      ...Nullable(ChallengeRef),
      description: 'The challenge the notification is about (its id and title now); null when it is about none',
    },
    actionable: Type.Boolean({
      description:
        'false when what the notification asks can no longer be done (an invitation that expired, was withdrawn, answered or taken by someone else; a solution already reviewed; a task staffed or removed), decided from its target as it is now. Notifications that only report something are true.',
    }),
    inactive_reason: {
      ...Nullable(Type.String()),
      description: 'Why the action is no longer possible, in words for the recipient; null while it is actionable',
    },
    is_read: Type.Boolean(),
    read_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { $id: 'Notification' },
);
export type Notification = Static<typeof Notification>;

/**
 * A notification in two parts, whose JSON joined is the `Notification`'s (kept-notifications.ts): the head, what
 * never changes once the notification is written, and the tail, what is decided on each read (read state, action
 * state, the challenge's title now). Each part lists its properties in the `Notification`'s order, the head's
 * first, so a serializer writes the same bytes for the two parts as for the whole.
 */
const HEAD_KEYS = ['id', 'type', 'title', 'message', 'action_url', 'data'] as const;
const TAIL_KEYS = ['challenge', 'actionable', 'inactive_reason', 'is_read', 'read_at', 'created_at'] as const;

function partOf<K extends keyof typeof Notification.properties>(keys: readonly K[]) {
  return Type.Object(
    Object.fromEntries(keys.map((key) => [key, Notification.properties[key]])) as {
      [P in K]: (typeof Notification.properties)[P];
    },
  );
}

if (Object.keys(Notification.properties).join() !== [...HEAD_KEYS, ...TAIL_KEYS].join()) {
  throw new Error("A notification's head and tail must list its properties in order.");
}

export const NotificationHead = partOf(HEAD_KEYS);
export type NotificationHead = Static<typeof NotificationHead>;
export const NotificationTail = partOf(TAIL_KEYS);
export type NotificationTail = Static<typeof NotificationTail>;

export const NotificationsQuery = Type.Object({
  ...PageQuery,
  unread_only: Type.Optional(Type.Boolean({ description: 'true: only notifications not read yet' })),
  type: Type.Optional(Type.Enum([...NOTIFICATION_TYPE_NAMES], { description: 'only this type, e.g. task_assignment' })),
  challenge_id: Type.Optional(
    Type.Integer({ minimum: 0, description: 'only those about this challenge; 0: only those about no challenge' }),
  ),
});

export const NotificationGroups = Type.Object(
  {
    groups: Type.Array(
      Type.Object({
        challenge: {
          ...Nullable(ChallengeRef),
          description: 'null: the notifications about no challenge (webhooks, for one)',
        },
        total: Type.Integer(),
        unread: Type.Integer(),
        latest_at: Timestamp,
      }),
      { description: 'One group per challenge, the one with the newest notification first' },
    ),
  },
  { $id: 'NotificationGroups' },
);

export const UnreadCount = Type.Object({ unread_count: Type.Integer() }, { $id: 'UnreadCount' });

export const MarkAllReadResult = Type.Object(
  { count: Type.Integer({ description: 'how many were unread' }) },
  { $id: 'MarkAllReadResult' },
);

const EmailDelivery = Type.Enum([...EMAIL_DELIVERIES], {
  description:
    'instant: an e-mail at once; digest: in the daily digest; off: no e-mail (the notification stays in-app)',
});

export const NotificationPreferences = Type.Object(
  {
    preferences: Type.Array(
      Type.Object({
        type: Type.Enum([...NOTIFICATION_TYPE_NAMES]),
        label: Type.String({ description: 'What the type is about, in words' }),
        email: EmailDelivery,
        default_email: { ...EmailDelivery, description: 'The delivery of a user who never chose one' },
      }),
      { description: 'Every notification type, in the order the settings page lists them' },
    ),
  },
  { $id: 'NotificationPreferences' },
);

export const NotificationPreferencesUpdate = Type.Object(
  {
    preferences: Type.Array(
      Type.Object({
        type: Type.String({ maxLength: 50, description: 'A notification type, e.g. team_message' }),
        email: Type.String({ maxLength: 10, description: 'instant, digest or off' }),
      }),
      {
        maxItems: 100,
        description:
          'The types to change (the others keep theirs); the list GET answers may be sent back as it is, with changes. An unknown type or delivery is a 422 on that type.',
      },
    ),
  },
  { $id: 'NotificationPreferencesUpdate' },
);
