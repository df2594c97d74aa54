import type { AppDeps } from '../../src/app-deps.ts';
import type { Db } from '../../src/db/database.ts';
import { createChallenge, createCompany, createTask, createVolunteer, ensureSkill } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';

/**
 * Matching scenarios. Every test makes its own skills (names made unique per call), so contributors of one test are
 * never candidates in another that shares the database.
 */
let world = 0;

export function skillNames<const T extends string[]>(...names: T): { [K in keyof T]: string } {
  world++;
  return names.map((name) => `${name} ${process.pid}-${world}`) as { [K in keyof T]: string };
}

/** A company's active challenge with one pending task needing `skills` (8 hours: 2 hours a week, mid level). */
export async function openTask(
  db: Db,
  skills: string[],
  overrides: { task?: Record<string, unknown>; challenge?: Record<string, unknown> } = {},
) {
  const company = await createCompany(db);
  const challenge = await createChallenge(db, company.company.id, overrides.challenge);
  const task = await createTask(db, challenge.id, { skills, ...overrides.task });
  return { company, challenge, task };
}

export type ContributorSpec = {
  /** Proficiency by skill name. */
  skills: Record<string, string>;
  /** The CV excerpt by skill name, where the test gives one. */
  evidence?: Record<string, string>;
  source?: 'manual' | 'cv_analysis';
  volunteer?: Record<string, unknown>;
  user?: Record<string, unknown>;
};

/**
 * A contributor who fits a default task well unless told otherwise: mid level, 20 free hours a week, 30 reputation
 * points (a completed profile and a first CV), a CV analysis that passed validation.
 */
export async function contributor(db: Db, spec: ContributorSpec) {
  const created = await createVolunteer(db, {
    user: spec.user,
    volunteer: {
      experience_level: 'mid',
      availability_hours_per_week: 20,
      reputation_score: 30,
      validation_status: 'passed',
      ai_analysis_status: 'completed',
      ...spec.volunteer,
    },
  });
  for (const [name, proficiency] of Object.entries(spec.skills)) {
    const skill = await ensureSkill(db, name);
    await db
      .insertInto('volunteer_skills')
      .values({
        volunteer_id: created.volunteer.id,
        skill_id: skill.id,
        proficiency_level: proficiency,
        years_of_experience: 2,
        source: spec.source ?? 'cv_analysis',
        evidence: spec.evidence?.[name] ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return created;
}

export function assignmentsOfTask(db: Db, taskId: number) {
  return db.selectFrom('assignments').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
}

export async function invitedVolunteerIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await assignmentsOfTask(db, taskId);
  return rows.filter((row) => row.status === 'invited').map((row) => row.volunteer_id);
}

export function taskStatus(db: Db, taskId: number) {
  return db
    .selectFrom('tasks')
    .select('status')
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow()
    .then((row) => row.status);
}

/** The team-formation jobs queued for a challenge, on either queue engine. */
export async function formTeamJobsOf(ctx: { deps: AppDeps }, challengeId: number) {
  const jobs = await queuedJobs(ctx, 'challenge.form-team');
  return jobs.filter((job) => job.payload.challengeId === challengeId);
}
