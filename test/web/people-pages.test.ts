import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`people pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it("a task's people page shows candidate cards with Invite, the people on it with Withdraw, and why nobody fits", async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, company.company.id, { title: 'Harbour wall' });
      const skill = `Tide modelling ${process.pid}`;
      const task = await createTask(ctx.db, challenge.id, { title: 'Model the tides', skills: [skill] });
      const fit = await createVolunteer(ctx.db, {
        user: { name: 'Marina Fit' },
        volunteer: { experience_level: 'mid' },
      });
      await addVolunteerSkill(ctx.db, fit.volunteer.id, skill, 'expert');
      const invitee = await createVolunteer(ctx.db, { user: { name: 'Ivo Invited' } });
      const invitation = await createAssignment(ctx.db, task.id, invitee.volunteer.id, {
        invited_by: 'company',
        invitation_note: 'Your harbour work is just right.',
      });
      const client = await signedIn(ctx.app, company.user.email);

      const response = await client.get(`/tasks/${task.id}/people`);
      assert.equal(response.statusCode, 200, response.body);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(1), ['People for “Model the tides”']);
      assert.match(page.text, /Marina Fit/);
      assert.match(response.body, new RegExp(`data-api="/api/tasks/${task.id}/invitations"`));
      assert.match(response.body, new RegExp(`name="volunteer_id" value="${fit.volunteer.id}" data-number`));
      assert.match(page.text, /Ivo Invited/);
      assert.match(page.text, /Your note: .?Your harbour work is just right\./);
      assert.match(response.body, new RegExp(`data-api="/api/assignments/${invitation.id}/withdraw"`));
      // The profile link carries the task, so that the profile offers Invite to it.
      assert.match(response.body, new RegExp(`href="/volunteers/${fit.volunteer.id}\\?task=${task.id}"`));

      // The challenge page links each task to it.
      const challengePage = await client.get(`/challenges/${challenge.id}`);
      assert.match(challengePage.body, new RegExp(`href="/tasks/${task.id}/people"`));

      const lonely = await createTask(ctx.db, challenge.id, {
        title: 'Dive',
        skills: [`Diving ${process.pid}`],
        required_experience_level: 'expert',
      });
      const nobody = parsePage((await client.get(`/tasks/${lonely.id}/people`)).body);
      assert.match(nobody.text, new RegExp(`No contributor holds Diving ${process.pid} at advanced level or above\\.`));
      assert.match(nobody.text, /Find people by skill for this task/);
      // A task's state is where its staffing stands, not an analysis word.
      assert.match(nobody.text, /People for “Dive” Not started/);

      const other = await createCompany(ctx.db, { user: await withPassword() });
      const otherClient = await signedIn(ctx.app, other.user.email);
      assert.equal((await otherClient.get(`/tasks/${task.id}/people`)).statusCode, 404);
    });

    it('find people searches by skill and level, with Invite when it comes from a task', async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id, { title: 'Query the data' });
      const person = await createVolunteer(ctx.db, { user: { name: 'Sequel Sam' } });
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'PostgreSQL', 'expert');
      const client = await signedIn(ctx.app, company.user.email);

      const found = await client.get(`/people?skill=SQL&min_level=advanced&task=${task.id}`);
      assert.equal(found.statusCode, 200);
      const page = parsePage(found.body);
      assert.match(page.text, /Sequel Sam/);
      assert.match(page.text, /SQL \(as PostgreSQL\), expert/);
      assert.match(found.body, new RegExp(`data-api="/api/tasks/${task.id}/invitations"`));

      const unknown = parsePage((await client.get('/people?skill=Flibbertigibbet')).body);
      assert.match(unknown.text, /Guild knows no skill called "Flibbertigibbet"/);
      const empty = await client.get('/people');
      assert.equal(empty.statusCode, 200);
    });

    it("a contributor's profile page shows the record; contact and CV only while invited or assigned", async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const person = await createVolunteer(ctx.db, {
        user: { name: 'Pia Profile' },
        volunteer: { work_experience: JSON.stringify([{ job_title: 'Surveyor', company: 'Ordnance' }]) },
      });
      const client = await signedIn(ctx.app, company.user.email);
      const before = parsePage((await client.get(`/volunteers/${person.volunteer.id}`)).body);
      assert.deepEqual(before.headings(1), ['Pia Profile']);
      assert.match(before.text, /Surveyor at Ordnance/);
      assert.ok(!before.text.includes(person.user.email));
      assert.match(before.text, /Contact details and the CV are shown while Pia Profile is invited/);

      const challenge = await createChallenge(ctx.db, company.company.id);
      await createAssignment(ctx.db, (await createTask(ctx.db, challenge.id)).id, person.volunteer.id);
      const after = parsePage((await client.get(`/volunteers/${person.volunteer.id}`)).body);
      assert.match(after.text, new RegExp(person.user.email.replace('.', '\\.')));
      assert.equal((await client.get('/volunteers/999999')).statusCode, 404);
    });

    it('a profile page marks a skill of a CV not yet checked (needs_review), not one added by hand', async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const person = await createVolunteer(ctx.db, {
        user: { name: 'Rhea Review' },
        volunteer: { validation_status: 'needs_review' },
      });
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Land Surveying', 'advanced');
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ source: 'cv_analysis', evidence: 'Surveyed 40 km of riverbank.' })
        .where('volunteer_id', '=', person.volunteer.id)
        .execute();
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Technical Drawing', 'beginner');
      const client = await signedIn(ctx.app, company.user.email);
      const page = parsePage((await client.get(`/volunteers/${person.volunteer.id}`)).body);
      const skills = page.textOf('[aria-labelledby="skills-title"]');
      assert.match(
        skills,
        /Land Surveying, advanced \(listed on the CV, not yet checked\) — Surveyed 40 km of riverbank\./i,
      );
      assert.match(skills, /Technical Drawing, beginner \(added by hand\)/i);
      assert.doesNotMatch(skills, /Technical Drawing, beginner \(listed on the CV/i);
    });

    it('a profile reached from a task offers Invite to it, or says why not; never for another company’s task', async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id, { title: 'Survey the bay' });
      const person = await createVolunteer(ctx.db, { user: { name: 'Pim Profile' } });
      const client = await signedIn(ctx.app, company.user.email);
      const url = `/volunteers/${person.volunteer.id}?task=${task.id}`;

      const offered = await client.get(url);
      const page = parsePage(offered.body);
      assert.ok(page.headings(2).includes('Invite to “Survey the bay”'), page.headings(2).join(', '));
      assert.match(offered.body, new RegExp(`data-api="/api/tasks/${task.id}/invitations"`));
      assert.match(offered.body, new RegExp(`name="volunteer_id" value="${person.volunteer.id}" data-number`));
      assert.ok(page.hrefs().includes(`/tasks/${task.id}/people`));

      // Without the task, or for a task that is not the company's, the profile offers nothing to invite to.
      const plain = await client.get(`/volunteers/${person.volunteer.id}`);
      assert.doesNotMatch(plain.body, /\/invitations"/);
      const other = await createCompany(ctx.db, { user: await withPassword() });
      const otherClient = await signedIn(ctx.app, other.user.email);
      const foreign = await otherClient.get(url);
      assert.equal(foreign.statusCode, 200);
      assert.doesNotMatch(foreign.body, /Survey the bay|\/invitations"/);

      await createAssignment(ctx.db, task.id, person.volunteer.id);
      const invited = parsePage((await client.get(url)).body);
      assert.match(invited.text, /Pim Profile is already invited to this task\./);
      assert.ok(!invited.forms().some((form) => form.target.endsWith('/invitations')));
    });

    it('the invitee sees the company’s note on the invitation', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id);
      const person = await createVolunteer(ctx.db, { user: await withPassword() });
      const invitation = await createAssignment(ctx.db, task.id, person.volunteer.id, {
        invited_by: 'company',
        invitation_note: 'We need you on this one.',
      });
      const client = await signedIn(ctx.app, person.user.email);
      const page = parsePage((await client.get(`/assignments/${invitation.id}`)).body);
      assert.match(page.text, /The company chose you for this task and wrote: .?We need you on this one\./);
    });
  });
}
