import type { Db } from '../../src/db/database.ts';
import { apiClient } from './client.ts';
import type { TestContext } from './context.ts';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from './factories.ts';

/**
 * One company with a challenge and a task, one contributor, and an assignment between them in the given status:
 * the starting point of most assignment tests.
 */
export async function assignmentScenario(
  db: Db,
  options: {
    status?: string;
    challenge?: Record<string, unknown>;
    task?: Record<string, unknown>;
    assignment?: Record<string, unknown>;
  } = {},
) {
  const company = await createCompany(db);
  const challenge = await createChallenge(db, company.company.id, options.challenge);
  const task = await createTask(db, challenge.id, options.task);
  const volunteer = await createVolunteer(db);
  const assignment = await createAssignment(db, task.id, volunteer.volunteer.id, {
    status: options.status ?? 'invited',
    ...options.assignment,
  });
  return { company, challenge, task, volunteer, assignment };
}

export type AssignmentScenario = Awaited<ReturnType<typeof assignmentScenario>>;

/** API clients for both parties of a scenario. */
export function partiesOf(ctx: TestContext, scenario: AssignmentScenario) {
  return {
    contributor: apiClient(ctx.app, scenario.volunteer.token),
    company: apiClient(ctx.app, scenario.company.token),
  };
}

export function notificationsOf(db: Db, userId: number) {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function assignmentRow(db: Db, id: number) {
  return db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The status of a task or a challenge, which assignment transitions move along. */
export async function taskStatus(db: Db, id: number) {
  return (await db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

export async function challengeStatus(db: Db, id: number) {
  return (await db.selectFrom('challenges').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

export const VALID_SOLUTION = {
  description: 'Built the onboarding checklist and the training video script.',
  deliverable_url: 'https://example.test/deliverable',
  hours_worked: 6.5,
};
