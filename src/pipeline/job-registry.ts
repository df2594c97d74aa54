import type { AppDeps } from '../app-deps.ts';
import { defineJobRegistry } from '../jobs/job-definition.ts';
import { analyzeChallengeJob } from './challenge-analysis/challenge-analysis.jobs.ts';
import { analyzeCvJob } from './cv-analysis/cv-analysis.jobs.ts';
import { refillFeedsJob } from './feeds/feeds.jobs.ts';
import { scoreIdeaJob } from './idea-scoring/idea-scoring.jobs.ts';
import { purgeExpiredIdempotencyKeysJob } from './idempotency/idempotency.jobs.ts';
import { expireInvitationsJob } from './matching/expiry.jobs.ts';
import { taskMatchJob, volunteerMatchJob } from './matching/matching.jobs.ts';
import {
  notificationDigestJob,
  notificationEmailJob,
  queueDigestsJob,
} from './notifications/notification-mail.jobs.ts';
import { sweepOrphansJob } from './storage/storage.jobs.ts';
import { formTeamJob } from './teams/teams.jobs.ts';
import { deliverWebhookJob, purgeWebhookDeliveriesJob } from './webhooks/webhooks.jobs.ts';

/**
 * The definition of every job (src/jobs/job-names.ts), run with the application's dependencies: the pipeline of
 * docs/development.md. The entry points hand it to the queue's worker (`deps.queue.startWorker(jobRegistry, deps,
 * log)`). A job left out here does not compile, and `defineJobRegistry` stops the process at boot if one is missing
 * anyway.
 */
export const jobRegistry = defineJobRegistry<AppDeps>({
  'challenge.analyze': analyzeChallengeJob,
  'volunteer.analyze-cv': analyzeCvJob,
  'idea.score': scoreIdeaJob,
  'task.match': taskMatchJob,
  'volunteer.match': volunteerMatchJob,
  'challenge.form-team': formTeamJob,
  'webhook.deliver': deliverWebhookJob,
  'webhooks.purge-deliveries': purgeWebhookDeliveriesJob,
  'notification.email': notificationEmailJob,
  'notification.digest': notificationDigestJob,
  'notifications.queue-digests': queueDigestsJob,
  'idempotency.purge-expired': purgeExpiredIdempotencyKeysJob,
  'storage.sweep-orphans': sweepOrphansJob,
  'task-fit.refill': refillFeedsJob,
  'assignments.expire-invitations': expireInvitationsJob,
});
