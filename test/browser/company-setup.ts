import type { Db } from '../../src/db/database.ts';
import { VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { createAssignment, createChallenge, createTask, createVolunteer } from '../helpers/factories.ts';
import { pdfFile } from '../helpers/file-fixtures.ts';

/**
 * Set-up for the review journey that does not depend on matching: a challenge of the company with `email` holding
 * two tasks, each worked on by its own contributor (one active task each), written into the running server's database.
 * Each contributor then hands in a solution through the API with their token, as their own browser would.
 */
export async function seedSubmittedSolutions(db: Db, serverUrl: string, email: string) {
  const company = await db
    .selectFrom('companies')
    .innerJoin('users', 'users.id', 'companies.user_id')
    .select('companies.id')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  const challenge = await createChallenge(db, company.id, { title: 'Volunteer rota', status: 'in_progress' });
  const assignments: Array<{ id: number; token: string }> = [];
  for (const [title, name] of [
    ['Rota data model', 'Grace Hopper'],
    ['Shift reminder emails', 'Alan Turing'],
  ]) {
    const contributor = await createVolunteer(db, { user: { name } });
    const task = await createTask(db, challenge.id, { title, status: 'in_progress', estimated_hours: 6 });
    const assignment = await createAssignment(db, task.id, contributor.volunteer.id, { status: 'in_progress' });
    const form = new FormData();
    form.append('description', `${VALID_SOLUTION.description} (${title})`);
    form.append('deliverable_url', VALID_SOLUTION.deliverable_url);
    form.append('hours_worked', String(VALID_SOLUTION.hours_worked));
    form.append('attachments[]', new Blob([pdfFile('Rota')], { type: 'application/pdf' }), `${title}.pdf`);
    const response = await fetch(`${serverUrl}/api/assignments/${assignment.id}/submit-solution`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${contributor.token}` },
      body: form,
      redirect: 'manual',
    });
    if (response.status !== 303) throw new Error(`submit-solution answered ${response.status}`);
    assignments.push({ id: assignment.id, token: contributor.token });
  }
  return { challengeId: challenge.id, assignments };
}
