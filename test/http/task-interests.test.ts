import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccountTypeGate, assertFieldErrors } from '../helpers/assertions.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';

/**
 * Applying for a task (issue 13, item 1): `POST/DELETE /api/tasks/{id}/interest` for contributors, `GET` for the
 * owning company, who is notified and may invite the applicant.
 */
for (const dialect of testDialects()) {
  describe(`task applications [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function scenario(taskOverrides: Record<string, unknown> = {}, challengeOverrides = {}) {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, challengeOverrides);
      const skill = `Kotlin ${process.pid}-${Math.random()}`;
      const task = await createTask(ctx.db, challenge.id, { skills: [skill], ...taskOverrides });
      const applicant = await createVolunteer(ctx.db, { volunteer: { experience_level: 'mid' } });
      await addVolunteerSkill(ctx.db, applicant.volunteer.id, skill, 'advanced');
      return { company, challenge, task, applicant, skill };
    }

    it('lets a contributor apply with a note; the company is told and lists the applicant with skills', async () => {
      const { company, challenge, task, applicant, skill } = await scenario();
      const note = 'I built two Kotlin apps for logistics firms.';
      const applied = await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`, { note });
      assert.equal(applied.statusCode, 201, applied.body);
      assert.equal(applied.data.task_id, task.id);
      assert.equal(applied.data.note, note);
      assert.equal(applied.data.volunteer.id, applicant.volunteer.id);
      assert.equal(applied.data.assignment, null);

      const [notification] = await notificationsOf(ctx.db, company.user.id);
      assert.equal(notification.type, 'task_interest');
      assert.equal(notification.action_url, `/tasks/${task.id}/people#applicants`);
      assert.match(notification.message, /I built two Kotlin apps/);
      assert.deepEqual(JSON.parse(notification.data), { challenge_id: challenge.id, task_id: task.id });

      const list = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/interest`);
      assert.equal(list.statusCode, 200, list.body);
      assert.equal(list.data.meta.total, 1);
      const [entry] = list.data.data;
      assert.equal(entry.id, applied.data.id);
      assert.equal(entry.volunteer.name, applicant.user.name);
      assert.equal(entry.volunteer.experience_level, 'mid');
      assert.deepEqual(entry.matched_skills, [
        { name: skill, proficiency_level: 'advanced', evidence: null, verified: true },
      ]);
    });

    it('lists a skill of a CV not yet checked (needs_review) as matched but not verified', async () => {
      const { company, task, applicant, skill } = await scenario();
      await ctx.db
        .updateTable('volunteers')
        .set({ validation_status: 'needs_review' })
        .where('id', '=', applicant.volunteer.id)
        .execute();
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ source: 'cv_analysis', evidence: 'Ran the cold store of a dairy.' })
        .where('volunteer_id', '=', applicant.volunteer.id)
        .execute();
      assert.equal(
        (await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`, {})).statusCode,
        201,
      );
      const listed = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/interest`);
      assert.equal(listed.statusCode, 200, listed.body);
      assert.deepEqual(listed.data.data[0].matched_skills, [
        { name: skill, proficiency_level: 'advanced', evidence: 'Ran the cold store of a dairy.', verified: false },
      ]);
    });

    it('applies without a note (absent, null or blank)', async () => {
      for (const body of [undefined, {}, { note: null }, { note: '   ' }]) {
        const { task, applicant } = await scenario();
        const applied = await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`, body);
        assert.equal(applied.statusCode, 201, applied.body);
        assert.equal(applied.data.note, null);
      }
    });

    it('refuses a second application, one on a task the contributor holds an assignment on, and closed tasks', async () => {
      const { task, applicant } = await scenario();
      const client = apiClient(ctx.app, applicant.token);
      assert.equal((await client.post(`/api/tasks/${task.id}/interest`)).statusCode, 201);
      const again = await client.post(`/api/tasks/${task.id}/interest`, { note: 'Really keen.' });
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.data, { message: 'You have already applied for this task.' });

      const invited = await scenario();
      await createAssignment(ctx.db, invited.task.id, invited.applicant.volunteer.id, { status: 'declined' });
      const assigned = await apiClient(ctx.app, invited.applicant.token).post(`/api/tasks/${invited.task.id}/interest`);
      assert.equal(assigned.statusCode, 422);
      assert.match(assigned.data.message, /already have an invitation or assignment on this task/);

      const taken = await scenario({ status: 'assigned' });
      const refused = await apiClient(ctx.app, taken.applicant.token).post(`/api/tasks/${taken.task.id}/interest`);
      assert.equal(refused.statusCode, 422);
      assert.equal(refused.data.message, 'This task is not open for applications: it has already been taken.');

      const finished = await scenario({}, { status: 'completed' });
      const late = await apiClient(ctx.app, finished.applicant.token).post(`/api/tasks/${finished.task.id}/interest`);
      assert.equal(late.statusCode, 422);
      assert.equal(late.data.message, 'This task is not open for applications: its challenge is no longer running.');
    });

    it('validates the note, and answers 404 for tasks the contributor cannot see', async () => {
      const { task, applicant } = await scenario();
      const client = apiClient(ctx.app, applicant.token);
      await assertFieldErrors(
        (body) => client.post(`/api/tasks/${task.id}/interest`, body),
        [
          [{ note: 'x'.repeat(1001) }, 'note', '1000'],
          [{ note: 42 }, 'note', 'string'],
        ],
      );
      const hidden = await scenario({}, { status: 'submitted' });
      for (const url of [`/api/tasks/${hidden.task.id}/interest`, '/api/tasks/999999/interest']) {
        const response = await client.post(url);
        assert.equal(response.statusCode, 404, url);
        assert.deepEqual(response.data, { message: 'Task not found.' });
      }
      assert.equal((await client.post('/api/tasks/abc/interest')).statusCode, 404);
    });

    it('is for contributors with a profile; 401 without a token', async () => {
      const { task, company } = await scenario();
      await assertAccountTypeGate(
        ctx.app,
        [
          ['POST', `/api/tasks/${task.id}/interest`],
          ['DELETE', `/api/tasks/${task.id}/interest`],
        ],
        { otherTypeToken: company.token, body: {}, message: 'Only contributor accounts can do this.' },
      );
      const newcomer = await createAccount(ctx.db, 'contributor');
      const response = await apiClient(ctx.app, newcomer.token).post(`/api/tasks/${task.id}/interest`);
      assert.equal(response.statusCode, 403);
      assert.match(
        response.data.message,
        /^Complete your contributor profile with POST \/api\/volunteers\/complete-profile/,
      );
    });

    it('shows the list to the owning company only: 404 for another company and for contributors', async () => {
      const { task, applicant } = await scenario();
      await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`);
      const other = await createCompany(ctx.db);
      for (const token of [other.token, applicant.token]) {
        const response = await apiClient(ctx.app, token).get(`/api/tasks/${task.id}/interest`);
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.data, { message: 'Task not found.' });
      }
      assert.equal((await apiClient(ctx.app).get(`/api/tasks/${task.id}/interest`)).statusCode, 401);
    });

    it('pages the list newest first and shows an applicant’s invitation once made', async () => {
      const { company, task, skill } = await scenario();
      const applicants = [];
      for (let i = 0; i < 3; i++) {
        const person = await createVolunteer(ctx.db);
        await addVolunteerSkill(ctx.db, person.volunteer.id, skill);
        assert.equal((await apiClient(ctx.app, person.token).post(`/api/tasks/${task.id}/interest`)).statusCode, 201);
        applicants.push(person);
      }
      const invitation = await createAssignment(ctx.db, task.id, applicants[0].volunteer.id);
      const client = apiClient(ctx.app, company.token);
      const first = await client.get(`/api/tasks/${task.id}/interest?per_page=2`);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(
        first.data.data.map((entry: { volunteer: { id: number } }) => entry.volunteer.id),
        [applicants[2].volunteer.id, applicants[1].volunteer.id],
      );
      assert.equal(first.data.meta.total, 3);
      const second = await client.get(first.data.links.next);
      assert.deepEqual(second.data.data[0].assignment, { id: invitation.id, status: 'invited' });
      assert.equal((await client.get(`/api/tasks/${task.id}/interest?per_page=0`)).statusCode, 422);
    });

    it('lets the contributor take an application back, and apply again', async () => {
      const { company, task, applicant } = await scenario();
      const client = apiClient(ctx.app, applicant.token);
      assert.equal((await client.post(`/api/tasks/${task.id}/interest`)).statusCode, 201);
      const withdrawn = await client.delete(`/api/tasks/${task.id}/interest`);
      assert.equal(withdrawn.statusCode, 200, withdrawn.body);
      assert.deepEqual(withdrawn.data, { message: 'Your application was withdrawn.' });
      const list = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/interest`);
      assert.equal(list.data.meta.total, 0);
      const twice = await client.delete(`/api/tasks/${task.id}/interest`);
      assert.equal(twice.statusCode, 404);
      assert.deepEqual(twice.data, { message: 'You have not applied for this task.' });
      assert.equal((await client.post(`/api/tasks/${task.id}/interest`)).statusCode, 201);
    });

    it('lets exactly one of two simultaneous applications through', async () => {
      const { task, applicant } = await scenario();
      const client = apiClient(ctx.app, applicant.token);
      const answers = await Promise.all([1, 2].map(() => client.post(`/api/tasks/${task.id}/interest`)));
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 422]);
    });
  });
}
