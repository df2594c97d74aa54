import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { queueDigests, sendDigest, sendInstantMail } from '../../modules/notifications/notification-mail.service.ts';

/** A notification's instant e-mail; retried by the queue when the mail server cannot take it. */
export const notificationEmailJob: JobDefinition<AppDeps, 'notification.email'> = {
  handle: (deps, { notificationId }) => sendInstantMail(deps, notificationId),
};

/** One user's digest: every digest notification of theirs queued for it, in one message. */
export const notificationDigestJob: JobDefinition<AppDeps, 'notification.digest'> = {
  handle: (deps, { userId }) => sendDigest(deps, userId),
};

/** Periodic: the digests that are due. */
export const queueDigestsJob: JobDefinition<AppDeps, 'notifications.queue-digests'> = {
  async handle(deps) {
    await queueDigests(deps);
  },
};
