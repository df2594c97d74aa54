import type { Db } from '../../src/db/database.ts';
import { createAssignment, createChallenge, createCompany, createTask } from '../helpers/factories.ts';

/**
 * Set-up that does not depend on the pipeline: two invitations for the contributor with `email`, on two tasks of an
 * active challenge, written straight into the running server's database. Returns the assignment ids, first to last.
 */
export async function seedInvitations(db: Db, email: string): Promise<[number, number]> {
  const volunteer = await db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select('volunteers.id')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  const company = await createCompany(db, { company: { company_name: 'Harbour Trust' } });
  const challenge = await createChallenge(db, company.company.id, { title: 'Volunteer rota app' });
  const ids: number[] = [];
  for (const title of ['Rota data model', 'Shift reminder emails']) {
    const task = await createTask(db, challenge.id, { title, skills: ['Python'], status: 'matching' });
    ids.push((await createAssignment(db, task.id, volunteer.id)).id);
  }
  return [ids[0], ids[1]];
}
