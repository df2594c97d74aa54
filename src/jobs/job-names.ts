/**
 * Every job the service queues, with its payload. The API enqueues these in the same transaction as the write that
 * causes them; handlers are registered by the pipeline (src/jobs/handlers.ts).
 */
export type JobPayloads = {
  /** A challenge was created or its description changed: analyse the brief. */
  'challenge.analyze': { challengeId: number };
  /** A CV was uploaded: read it and build the skills profile. */
  'volunteer.analyze-cv': { volunteerId: number };
  /** An idea was submitted: score it. */
  'idea.score': { ideaId: number };
  /** Find and invite contributors for a task (again, e.g. after a decline). */
  'task.match': { taskId: number };
  /** A contributor's skills changed (CV analysed): invite them to open tasks they fit. */
  'volunteer.match': { volunteerId: number };
  /** Invitations went out on a challenge: form its team once two or more contributors are involved. */
  'challenge.form-team': { challengeId: number };
};

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = [
  'challenge.analyze',
  'volunteer.analyze-cv',
  'idea.score',
  'task.match',
  'volunteer.match',
  'challenge.form-team',
];
