/**
 * How a notification of one type reaches its recipient by e-mail (docs/api.md, Notification preferences): `instant`
 * (a message at once), `digest` (in one message a day with the other digest types) or `off` (no e-mail). The in-app
 * notification is always kept, whatever the choice.
 */
export const EMAIL_DELIVERIES = ['instant', 'digest', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

type NotificationTypeInfo = Readonly<{
  /** A short tag for the notification list. */
  tag: string;
  /** What the type is about, as the settings page and the API's preferences name it. */
  label: string;
  /** The e-mail delivery of a user who never chose one: instant when the notification asks something of them. */
  email: EmailDelivery;
}>;

/**
 * Every notification type, in the order the settings page lists them: the one place a new type is added. The
 * union type, the API's `type` filter and the preferences (API and settings page) all derive from this list.
 */
export const NOTIFICATION_TYPES = {
  task_assignment: { tag: 'Task invitation', label: 'You are invited to a task', email: 'instant' },
  invitation_withdrawn: { tag: 'Invitation withdrawn', label: 'An invitation to you was withdrawn', email: 'instant' },
  invitation_expired: { tag: 'Invitation expired', label: 'An invitation to you expired unanswered', email: 'instant' },
  team_invitation: { tag: 'Team invitation', label: 'You are invited to a team', email: 'instant' },
  team_member_joined: { tag: 'Teammate joined', label: 'A teammate joined your team', email: 'digest' },
  team_message: { tag: 'Team message', label: 'A message in your team', email: 'digest' },
  challenge_message: {
    tag: 'Message',
    label: 'A message between the company and the team of a challenge',
    email: 'instant',
  },
  solution_revision_requested: {
    tag: 'Changes requested',
    label: 'Your solution was sent back for changes',
    email: 'instant',
  },
  task_completed: { tag: 'Task completed', label: 'A task was completed', email: 'instant' },
  idea_scored: { tag: 'Idea scored', label: 'Your idea was scored', email: 'instant' },
  idea_voted: { tag: 'Vote on your idea', label: 'A vote on your idea', email: 'digest' },
  task_interest: { tag: 'Application', label: 'A contributor applied for your task', email: 'instant' },
  task_accepted: { tag: 'Task accepted', label: 'A contributor accepted a task', email: 'instant' },
  task_declined: { tag: 'Task declined', label: 'A contributor declined a task', email: 'instant' },
  solution_submitted: { tag: 'Solution submitted', label: 'A solution was submitted for review', email: 'instant' },
  challenge_analyzed: { tag: 'Challenge analysed', label: 'Your challenge was analysed', email: 'instant' },
  challenge_rejected: { tag: 'Challenge not accepted', label: 'Your challenge was rejected', email: 'instant' },
  challenge_analysis_failed: {
    tag: 'Analysis stopped',
    label: 'The analysis of your challenge failed',
    email: 'instant',
  },
  new_idea: { tag: 'New idea', label: 'A new idea on your challenge', email: 'digest' },
  idea_shortlisted: { tag: 'Idea shortlisted', label: 'Your idea was shortlisted', email: 'instant' },
  contest_winners: { tag: 'Winners announced', label: 'The winners of a contest you took part in', email: 'instant' },
  idea_comment: { tag: 'New comment', label: 'A comment on your idea', email: 'digest' },
  webhook_deactivated: { tag: 'Webhook deactivated', label: 'A webhook of yours was deactivated', email: 'instant' },
} as const satisfies Record<string, NotificationTypeInfo>;

/** Notification kinds (docs/contract.md §7). */
export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as readonly NotificationType[];

export function isNotificationTypeName(value: string): value is NotificationType {
  return Object.hasOwn(NOTIFICATION_TYPES, value);
}

/** The ids a notification carries in `data`: what it is about, for its link and whether its action is still possible. */
export type NotificationData = {
  challenge_id?: number;
  task_id?: number;
  assignment_id?: number;
  team_id?: number;
  idea_id?: number;
  webhook_id?: number;
};
