import type { AppDeps } from '../../app-deps.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  claimDigestMails,
  claimInstantMails,
  deleteNotificationMails,
  findInstantMail,
  queuedDigestMails,
} from './notification-mails.repository.ts';
import { isNotificationTypeName, NOTIFICATION_TYPES } from './notification-types.ts';

/**
 * Notification e-mail (docs/api.md, Notification e-mail). `notify` writes a `notification_mails` row in the
 * notification's transaction when the recipient's delivery for its type is `instant` or `digest`; from there:
 * - instant: the outbox relay (src/pipeline/outbox-relay.ts) queues a `notification.email` job per row, which sends
 *   one message and deletes the row;
 * - digest: `notifications.queue-digests` (hourly) queues one `notification.digest` job per user for the rows of
 *   notifications created before the current UTC day, which sends them in one message and deletes the rows.
 * Only active accounts with a confirmed address are mailed; the rows of others are dropped. Sending is at least once:
 * a worker that dies between handing a message over and deleting its row sends it again.
 */
type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

const RELAY_BATCH = 100;

/** The relay's step: queues the jobs of up to RELAY_BATCH instant mails; returns how many. */
export async function relayNotificationMails(deps: Pick<AppDeps, 'db' | 'dialect' | 'queue'>): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await claimInstantMails(trx, deps.dialect, RELAY_BATCH, new Date().toISOString());
    for (const row of rows) {
      await deps.queue.enqueue(trx, 'notification.email', { notificationId: row.notification_id });
    }
    return rows.length;
  });
}

const mailable = (user: { is_active: number; email_verified_at: string | null } | undefined) =>
  user?.is_active === 1 && user.email_verified_at !== null;

const settingsUrl = (appUrl: string) => `${appUrl}/settings/notifications`;
/** Through the page that marks the notification read, then opens its target. */
const openUrl = (appUrl: string, id: number) => `${appUrl}/notifications/${id}/open`;
const labelOf = (type: string) => (isNotificationTypeName(type) ? NOTIFICATION_TYPES[type].label : type);

/** The `notification.email` job: one instant message, then its row goes. */
export async function sendInstantMail(deps: MailDeps, notificationId: number): Promise<void> {
  const mail = await findInstantMail(deps.db, notificationId);
  if (!mail) return;
  if (mailable(mail)) await deps.mailer.send(instantMail(deps.config.appUrl, mail));
  await deleteNotificationMails(deps.db, [notificationId]);
}

function instantMail(
  appUrl: string,
  mail: { id: number; type: string; title: string; message: string; email: string; name: string },
): MailMessage {
  return {
    to: mail.email,
    subject: `Guild: ${mail.title}`,
    text: `Hello ${mail.name},

${mail.message}

Open it in Guild:
${openUrl(appUrl, mail.id)}

You get this e-mail at once for "${labelOf(mail.type)}". To choose which notifications Guild e-mails you, at once,
in a daily digest or not at all, go to ${settingsUrl(appUrl)}
`,
  };
}

/** The start of `now`'s UTC day: a digest holds the notifications of the days before it. */
function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The periodic `notifications.queue-digests` job: one `notification.digest` job per user with digest mails of
 * notifications created before today (UTC), those rows marked queued in the same transaction, so that the jobs of N
 * processes and of every hour queue each row once. Returns the users.
 */
export async function queueDigests(deps: Pick<AppDeps, 'db' | 'queue'>, now = new Date()): Promise<number[]> {
  return deps.db.transaction().execute(async (trx) => {
    const users = await claimDigestMails(trx, startOfUtcDay(now).toISOString(), now.toISOString());
    for (const userId of users) await deps.queue.enqueue(trx, 'notification.digest', { userId });
    return users;
  });
}

/** The `notification.digest` job: the user's queued digest mails in one message, then their rows go. */
export async function sendDigest(deps: MailDeps, userId: number): Promise<void> {
  const notifications = await queuedDigestMails(deps.db, userId);
  if (notifications.length === 0) return;
  const user = await findUserById(deps.db, userId);
  if (user && mailable(user)) await deps.mailer.send(digestMail(deps.config.appUrl, user, notifications));
  await deleteNotificationMails(
    deps.db,
    notifications.map((notification) => notification.id),
  );
}

function digestMail(
  appUrl: string,
  user: { email: string; name: string },
  notifications: ReadonlyArray<{ id: number; title: string; message: string }>,
): MailMessage {
  const count = notifications.length;
  const items = notifications
    .map((notification) => `* ${notification.title}\n  ${notification.message}\n  ${openUrl(appUrl, notification.id)}`)
    .join('\n\n');
  return {
    to: user.email,
    subject: `Guild: your daily digest, ${count} notification${count === 1 ? '' : 's'}`,
    text: `Hello ${user.name},

Here is what happened on Guild for you since your last digest:

${items}

All your notifications: ${appUrl}/notifications

You get this digest once a day for the notification types you chose to receive this way. To change what Guild
e-mails you, go to ${settingsUrl(appUrl)}
`,
  };
}
