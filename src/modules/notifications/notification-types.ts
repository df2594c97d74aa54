/**
 * How a notification of one type reaches its recipient by e-mail (docs/api.md, Notification preferences): `instant`
 * (a message at once), `digest` (in one message a day with the other digest types) or `off` (no e-mail). The in-app
 * notification is always kept, whatever the choice.
 */
export const EMAIL_DELIVERIES = ['instant', 'digest', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

type NotificationTypeInfo = Readonly<{
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
  task_assignment: { label: 'You are invited to a task', email: 'instant' },
  invitation_withdrawn: { label: 'An invitation to you was withdrawn', email: 'instant' },
  invitation_expired: { label: 'An invitation to you expired unanswered', email: 'instant' },
  team_invitation: { label: 'You are invited to a team', email: 'instant' },
  team_member_joined: { label: 'A teammate joined your team', email: 'digest' },
  team_message: { label: 'A message in your team', email: 'digest' },
  challenge_message: { label: 'A message between the company and the team of a challenge', email: 'instant' },
  solution_revision_requested: { label: 'Your solution was sent back for changes', email: 'instant' },
  task_completed: { label: 'A task was completed', email: 'instant' },
  idea_scored: { label: 'Your idea was scored', email: 'instant' },
  idea_voted: { label: 'A vote on your idea', email: 'digest' },
  task_interest: { label: 'A contributor applied for your task', email: 'instant' },
  task_accepted: { label: 'A contributor accepted a task', email: 'instant' },
  task_declined: { label: 'A contributor declined a task', email: 'instant' },
  solution_submitted: { label: 'A solution was submitted for review', email: 'instant' },
  challenge_analyzed: { label: 'Your challenge was analysed', email: 'instant' },
  challenge_rejected: { label: 'Your challenge was rejected', email: 'instant' },
  challenge_analysis_failed: { label: 'The analysis of your challenge failed', email: 'instant' },
  new_idea: { label: 'A new idea on your challenge', email: 'digest' },
  idea_shortlisted: { label: 'Your idea was shortlisted', email: 'instant' },
  contest_winners: { label: 'The winners of a contest you took part in', email: 'instant' },
  idea_comment: { label: 'A comment on your idea', email: 'digest' },
  webhook_deactivated: { label: 'A webhook of yours was deactivated', email: 'instant' },
} as const satisfies Record<string, NotificationTypeInfo>;

/** Notification kinds (docs/contract.md §7). */
export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as readonly NotificationType[];
