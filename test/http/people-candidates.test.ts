import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';

let unique = 0;
/** A skill name no other test uses, so each test's candidate pool is its own (added by hand, as a manual skill). */
const freshSkill = (label: string) => `${label} ${process.pid}-${++unique}`;

for (const dialect of testDialects()) {
  describe(`a task's candidates [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function ownedTask(task: Record<string, unknown> & { skills?: string[] } = {}, challenge = {}) {
      const company = await createCompany(ctx.db);
      const created = await createChallenge(ctx.db, company.company.id, challenge);
      return { company, challenge: created, task: await createTask(ctx.db, created.id, task) };
    }

    async function contributor(name: string, skills: Record<string, string>, volunteer: Record<string, unknown> = {}) {
      const made = await createVolunteer(ctx.db, {
        user: { name },
        volunteer: { experience_level: 'mid', availability_hours_per_week: 10, ...volunteer },
      });
      for (const [skill, level] of Object.entries(skills))
        await addVolunteerSkill(ctx.db, made.volunteer.id, skill, level);
      return made;
    }

    it('ranks who matching would rank, as profile cards with the task skills and their evidence, and lists the people on the task', async () => {
      const skill = freshSkill('Hydrology');
      const { company, task } = await ownedTask({
        skills: [skill],
        required_experience_level: 'mid',
        estimated_hours: 8,
      });
      const best = await contributor(
        'Best Fit',
        { [skill]: 'expert' },
        {
          work_experience: JSON.stringify([{ job_title: 'Hydrologist', company: 'Environment Agency' }]),
        },
      );
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ evidence: 'Modelled flood risk for the Thames estuary.' })
        .where('volunteer_id', '=', best.volunteer.id)
        .execute();
      const good = await contributor('Good Fit', { [skill]: 'intermediate' });
      await contributor('Too Junior', { [skill]: 'beginner' });
      await contributor('No Time', { [skill]: 'expert' }, { availability_hours_per_week: 1 });
      await contributor('Inactive', { [skill]: 'expert' }).then((made) =>
        ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', made.user.id).execute(),
      );
      const invitee = await contributor('Already Invited', { [skill]: 'advanced' });
      const invitation = await createAssignment(ctx.db, task.id, invitee.volunteer.id, { invitation_note: 'Join us' });

      const response = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/candidates`);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.data.data;
      assert.equal(body.task_id, task.id);
      assert.equal(body.open_for_invitations, true);
      assert.equal(body.minimum_score, 60);
      assert.equal(body.message, null);
      assert.deepEqual(
        body.candidates.map((c: { volunteer: { name: string } }) => c.volunteer.name),
        ['Best Fit', 'Good Fit'],
      );
      assert.equal(body.candidates_total, 2);
      const [first, second] = body.candidates;
      assert.ok(first.match_score > second.match_score);
      assert.equal(first.would_be_invited, first.match_score >= 60);
      assert.match(first.match_reasoning.summary, /Match score \d+\/100/);
      assert.equal(first.volunteer.id, best.volunteer.id);
      assert.equal(first.volunteer.headline, 'Hydrologist at Environment Agency');
      assert.equal(first.volunteer.field, 'Software engineering');
      assert.equal(first.volunteer.availability_hours_per_week, 10);
      assert.equal(first.volunteer.reputation_score, 0);
      assert.equal(first.volunteer.tasks_completed, 0);
      assert.deepEqual(first.volunteer.skills, [
        {
          name: skill,
          proficiency_level: 'expert',
          via: null,
          evidence: 'Modelled flood risk for the Thames estuary.',
          fits: true,
          verified: true,
        },
      ]);
      assert.equal(second.volunteer.id, good.volunteer.id);

      assert.equal(body.people.length, 1);
      assert.equal(body.people[0].volunteer.name, 'Already Invited');
      assert.deepEqual(
        body.people[0].volunteer.skills.map((s: { name: string }) => s.name),
        [skill],
      );
      assert.equal(body.people[0].assignment.id, invitation.id);
      assert.equal(body.people[0].assignment.status, 'invited');
      assert.equal(body.people[0].assignment.invitation_note, 'Join us');
      assert.ok(!response.body.includes('@example.test'), 'no e-mail on the cards');
    });

    it('says in plain words why nobody fits: the skill at the level asked for, or the hours', async () => {
      const skill = freshSkill('Structural Design');
      const { company, task } = await ownedTask({ skills: [skill], required_experience_level: 'expert' });
      const api = apiClient(ctx.app, company.token);
      const nobody = await api.get(`/api/tasks/${task.id}/candidates`);
      assert.equal(nobody.statusCode, 200);
      assert.deepEqual(nobody.data.data.candidates, []);
      assert.equal(nobody.data.data.message, `No contributor holds ${skill} at advanced level or above.`);

      await contributor('Learner', { [skill]: 'intermediate' });
      const lower = await api.get(`/api/tasks/${task.id}/candidates`);
      assert.equal(
        lower.data.data.message,
        `No contributor holds ${skill} at advanced level or above. 1 contributor holds it at a lower level.`,
      );

      await contributor('Busy Expert', { [skill]: 'expert' }, { availability_hours_per_week: 0 });
      const busy = await api.get(`/api/tasks/${task.id}/candidates`);
      assert.deepEqual(busy.data.data.candidates, []);
      assert.equal(
        busy.data.data.message,
        `1 contributor holds ${skill} at advanced level or above, but none has the 2 free hours a week the task needs.`,
      );

      const bare = await ownedTask({ skills: [] });
      const none = await apiClient(ctx.app, bare.company.token).get(`/api/tasks/${bare.task.id}/candidates`);
      assert.match(none.data.data.message, /names no required skills/);
    });

    it('a fitting contributor below the invitation score is listed, not invited, and the message says so', async () => {
      const skill = freshSkill('Surveying');
      const { company, task } = await ownedTask({
        skills: [skill],
        required_experience_level: 'expert',
        estimated_hours: 40,
      });
      // Advanced fits an expert task, but a student with just enough hours and no reputation scores below 60.
      await contributor(
        'Low Score',
        { [skill]: 'advanced' },
        { experience_level: 'student', availability_hours_per_week: 10 },
      );
      const response = await apiClient(ctx.app, company.token).get(`/api/tasks/${task.id}/candidates`);
      assert.equal(response.data.data.candidates.length, 1);
      assert.ok(
        response.data.data.candidates[0].match_score < 60,
        String(response.data.data.candidates[0].match_score),
      );
      assert.equal(response.data.data.candidates[0].would_be_invited, false);
      assert.equal(
        response.data.data.message,
        '1 contributor fits this task, but none scores the 60 matching needs to invite on its own. Invite one yourself if their profile suits you.',
      );
    });

    it('a task that takes no invitations has no candidates and says why', async () => {
      const skill = freshSkill('Geology');
      await contributor('Geologist', { [skill]: 'expert' });
      const done = await ownedTask({ skills: [skill], status: 'completed' });
      const response = await apiClient(ctx.app, done.company.token).get(`/api/tasks/${done.task.id}/candidates`);
      assert.equal(response.data.data.open_for_invitations, false);
      assert.deepEqual(response.data.data.candidates, []);
      assert.equal(response.data.data.message, 'This task is completed: it takes no invitations.');

      const archived = await ownedTask({ skills: [skill] }, { status: 'archived' });
      const closed = await apiClient(ctx.app, archived.company.token).get(`/api/tasks/${archived.task.id}/candidates`);
      assert.equal(closed.data.data.message, "This task's challenge is archived: it takes no invitations.");
    });

    it('is the owning company’s alone: 401, 403 for contributors, 404 for other companies and unknown tasks', async () => {
      const { task } = await ownedTask();
      const url = `/api/tasks/${task.id}/candidates`;
      assert.equal((await apiClient(ctx.app).get(url)).statusCode, 401);
      const someone = await createVolunteer(ctx.db);
      const asContributor = await apiClient(ctx.app, someone.token).get(url);
      assert.equal(asContributor.statusCode, 403);
      assert.deepEqual(asContributor.data, { message: 'Only company accounts can do this.' });
      const other = await createCompany(ctx.db);
      const asOther = await apiClient(ctx.app, other.token).get(url);
      assert.equal(asOther.statusCode, 404);
      assert.deepEqual(asOther.data, { message: 'Task not found.' });
      assert.equal((await apiClient(ctx.app, other.token).get('/api/tasks/999999/candidates')).statusCode, 404);
      assert.equal((await apiClient(ctx.app, other.token).get('/api/tasks/x/candidates')).statusCode, 404);
    });
  });
}
