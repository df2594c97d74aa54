import { type Static, type TObject, Type } from 'typebox';
import { Compile } from 'typebox/compile';

/** Row ids in payloads: the tables' serial keys start at 1. */
const Id = Type.Integer({ minimum: 1 });

/**
 * Every job the service queues: its name, what queues it, and the schema of its payload. This list is the contract;
 * the names (`JobName`) and payload types (`JobPayloads`) derive from it, the worker checks each payload against its
 * schema when it takes the job, and the registry (src/pipeline/job-registry.ts) must give every name a definition.
 * The API enqueues these in the same transaction as the write that causes them. Extra payload fields are allowed, so
 * that a job queued by a newer version does not fail on a worker of the previous one during a rolling deploy.
 */
export const JOBS = {
  /** A challenge was created or its description changed: analyse the brief. */
  'challenge.analyze': { payload: Type.Object({ challengeId: Id }) },
  /** A CV was uploaded: read it and build the skills profile. */
  'volunteer.analyze-cv': { payload: Type.Object({ volunteerId: Id }) },
  /** An idea was submitted: score it. */
  'idea.score': { payload: Type.Object({ ideaId: Id }) },
  /** Find and invite contributors for a task (again, e.g. after a decline). */
  'task.match': { payload: Type.Object({ taskId: Id }) },
  /** A contributor's skills changed (CV analysed): invite them to open tasks they fit. */
  'volunteer.match': { payload: Type.Object({ volunteerId: Id }) },
  /** Invitations went out on a challenge: form its team once two or more contributors are involved. */
  'challenge.form-team': { payload: Type.Object({ challengeId: Id }) },
  /** An attempt of a webhook delivery: queued by the outbox relay, a ping, a redelivery, or the failed attempt before. */
  'webhook.deliver': { payload: Type.Object({ deliveryId: Id }) },
  /** A notification's instant e-mail: queued by the outbox relay for its notification_mails row. */
  'notification.email': { payload: Type.Object({ notificationId: Id }) },
  /** One user's daily digest of notifications: queued by notifications.queue-digests. */
  'notification.digest': { payload: Type.Object({ userId: Id }) },
  /** Periodic (PERIODIC_JOBS): queue the daily digests of notifications created before today (UTC). */
  'notifications.queue-digests': { payload: Type.Object({}) },
  /** Periodic (PERIODIC_JOBS): delete the idempotency keys whose 24 hours are over. */
  'idempotency.purge-expired': { payload: Type.Object({}) },
  /** Periodic (PERIODIC_JOBS): delete finished webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS. */
  'webhooks.purge-deliveries': { payload: Type.Object({}) },
  /** Periodic (PERIODIC_JOBS): remove stored files no row names, once a day across all processes (orphan-sweep.ts). */
  'storage.sweep-orphans': { payload: Type.Object({}) },
  /** Periodic (PERIODIC_JOBS): recompute the truncated feeds of available tasks that ran low (task-fit.repository.ts). */
  'task-fit.refill': { payload: Type.Object({}) },
  /** Periodic (PERIODIC_JOBS): end the invitations unanswered for INVITATION_TTL_HOURS and invite the next candidates. */
  'assignments.expire-invitations': { payload: Type.Object({}) },
} as const satisfies Record<string, { payload: TObject }>;

export type JobName = keyof typeof JOBS;

export type JobPayloads = { [N in JobName]: Static<(typeof JOBS)[N]['payload']> };

export const JOB_NAMES = Object.keys(JOBS) as readonly JobName[];

/** Jobs that take no payload: the ones that can run on a timer. */
type PayloadFreeJob = { [N in JobName]: {} extends JobPayloads[N] ? N : never }[JobName];

/**
 * Maintenance jobs no event causes: every worker process queues each one when it starts and then this often
 * (periodic-jobs.ts). Their handlers must be cheap when there is nothing to do, since N worker processes queue N runs
 * per period.
 */
export const PERIODIC_JOBS: Partial<Record<PayloadFreeJob, { everySeconds: number }>> = {
  'idempotency.purge-expired': { everySeconds: 60 * 60 },
  // One index look-up when nothing is old enough; a run deletes a bounded batch, the next run the rest.
  'webhooks.purge-deliveries': { everySeconds: 60 * 60 },
  // Each run is one UPDATE until the day's sweep is due (src/storage/orphan-sweep.ts, runDueSweep).
  'storage.sweep-orphans': { everySeconds: 15 * 60 },
  // One look-up of the partial index of open invitations by expiry when none has run out.
  'assignments.expire-invitations': { everySeconds: 5 * 60 },
  // One range of an index when no truncated feed ran low; a run recomputes a bounded batch, the next run the rest.
  'task-fit.refill': { everySeconds: 60 },
  // One UPDATE on an index when no digest is due; the first run after 00:00 UTC queues the day's digests.
  'notifications.queue-digests': { everySeconds: 60 * 60 },
};

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/** Compiled once per process: a worker checks every payload it takes. */
const payloadValidators = new Map(JOB_NAMES.map((name) => [name, Compile(JOBS[name].payload)]));

/**
 * Why `payload` is no valid payload of a `name` job, as a sentence; null when it is valid. Jobs are JSON in the
 * database, written by whichever version queued them (or by hand), so the worker checks them before a handler trusts
 * their types.
 */
export function payloadProblem(name: JobName, payload: unknown): string | null {
  const validator = payloadValidators.get(name)!;
  if (validator.Check(payload)) return null;
  const problems = [...validator.Errors(payload)]
    .slice(0, 3)
    .map((error) => `${error.instancePath || 'the payload'} ${error.message}`);
  const shown = JSON.stringify(payload) ?? String(payload);
  return `The payload of this ${name} job is invalid (${problems.join('; ')}): ${shown.slice(0, 200)}.`;
}
