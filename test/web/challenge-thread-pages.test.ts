import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * The company ↔ team thread pages (issue 12, item 4): `/challenges/{id}/messages` (and `?task_id=`), who sees them,
 * what they link to and post to, and the owning company's read of the team page.
 */
for (const dialect of testDialects()) {
  describe(`challenge message pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A team challenge with two staffed tasks (one each), an invitee, a team, an outsider and another company. */
    async function cast(challenge: Record<string, unknown> = {}) {
      const person = async () => createVolunteer(ctx.db, { user: await withPassword() });
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      const otherCompany = await createCompany(ctx.db, { user: await withPassword() });
      const theChallenge = await createChallenge(ctx.db, owner.company.id, { title: 'Rota app', ...challenge });
      const rota = await createTask(ctx.db, theChallenge.id, { title: 'Rota data model', status: 'in_progress' });
      const mail = await createTask(ctx.db, theChallenge.id, { title: 'Reminder emails', status: 'assigned' });
      const [first, second, invitee, outsider] = [await person(), await person(), await person(), await person()];
      await createAssignment(ctx.db, rota.id, first.volunteer.id, { status: 'in_progress' });
      await createAssignment(ctx.db, mail.id, second.volunteer.id, { status: 'accepted' });
      await createAssignment(ctx.db, mail.id, invitee.volunteer.id, { status: 'invited' });
      await createTeam(ctx.db, theChallenge.id, [
        { volunteerId: first.volunteer.id, role: 'leader', status: 'accepted' },
        { volunteerId: second.volunteer.id, status: 'accepted' },
      ]);
      return { owner, otherCompany, challenge: theChallenge, rota, mail, first, second, invitee, outsider };
    }

    it('leads the owner from the challenge page to the threads, and shows the whole-team thread with its form', async () => {
      const c = await cast();
      const team = await ctx.db
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('challenge_id', '=', c.challenge.id)
        .executeTakeFirstOrThrow();
      const client = await signedIn(ctx.app, c.owner.user.email);
      const challengePage = parsePage((await client.get(`/challenges/${c.challenge.id}`)).body);
      assert.equal(challengePage.link('Messages with the team').href, `/challenges/${c.challenge.id}/messages`);
      assert.equal(challengePage.link(`See ${team.name}`).href, `/teams/${team.id}`);
      const taskLinks = challengePage.links().filter((link) => link.text === 'Messages with the assignee');
      assert.deepEqual(
        taskLinks.map((link) => link.href).toSorted(),
        [c.rota.id, c.mail.id].map((id) => `/challenges/${c.challenge.id}/messages?task_id=${id}`).toSorted(),
      );

      const response = await client.get(`/challenges/${c.challenge.id}/messages`);
      assert.equal(response.statusCode, 200);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(1), ['Messages with the team']);
      assert.match(page.text, /Between you and every contributor assigned on this challenge/);
      assert.match(page.text, /No messages yet\./);
      const form = page.form(`/api/challenges/${c.challenge.id}/messages`);
      assert.equal(form.method, 'POST');
      assert.equal(form.hiddenValue('task_id'), null, 'the whole-team thread sends no task');
      const message = form.control('Message to the team');
      assert.equal(message.required, true);
      assert.deepEqual(message.counter, { min: '1', max: '2000' });
      assert.ok(response.body.includes('data-error-for="message"'), 'the API’s 422 has a place beside the field');
      assert.ok(response.body.includes('data-form-error'), 'and in the form’s summary');
      assert.deepEqual(
        page
          .links()
          .filter((link) => link.href.startsWith(`/challenges/${c.challenge.id}/messages`))
          .map((l) => l.text),
        ['The whole team', 'Task: Rota data model', 'Task: Reminder emails'],
      );
    });

    it("shows what was posted through the API on both sides, the company's messages tagged, and a task's own thread", async () => {
      const c = await cast();
      const url = `/api/challenges/${c.challenge.id}/messages`;
      assert.equal((await apiClient(ctx.app, c.owner.token).post(url, { message: 'Welcome, both.' })).statusCode, 201);
      const reply = await apiClient(ctx.app, c.first.token).post(url, {
        message: 'About the shifts…',
        task_id: c.rota.id,
      });
      assert.equal(reply.statusCode, 201);

      const company = await signedIn(ctx.app, c.owner.user.email);
      const whole = parsePage((await company.get(`/challenges/${c.challenge.id}/messages`)).body);
      assert.match(whole.textOf('#messages'), new RegExp(`${c.owner.user.name} Company · .*Welcome, both\\.`));
      assert.doesNotMatch(whole.text, /About the shifts/, 'a task’s message stays in its thread');

      const taskThread = await company.get(`/challenges/${c.challenge.id}/messages?task_id=${c.rota.id}`);
      assert.equal(taskThread.statusCode, 200);
      const taskPage = parsePage(taskThread.body);
      assert.deepEqual(taskPage.headings(1), ['Messages with the assignee']);
      assert.match(taskPage.text, /About the task “Rota data model”/);
      assert.match(taskPage.text, new RegExp(`${c.first.user.name} · .*About the shifts…`));
      const form = taskPage.form(url);
      assert.equal(form.hiddenValue('task_id'), String(c.rota.id));
      form.control('Message to the assignee');

      // The company's notification of the reply opens that thread.
      const [told] = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', c.owner.user.id)
        .where('type', '=', 'challenge_message')
        .execute();
      const opened = await company.get(`/notifications/${told.id}/open`);
      assert.equal(opened.statusCode, 303);
      assert.equal(opened.headers.location, `/challenges/${c.challenge.id}/messages?task_id=${c.rota.id}`);
      assert.equal((await company.follow(opened)).statusCode, 200);

      const contributor = await signedIn(ctx.app, c.first.user.email);
      const mine = parsePage((await contributor.get(`/challenges/${c.challenge.id}/messages`)).body);
      assert.deepEqual(mine.headings(1), ['Messages with the company']);
      assert.match(mine.text, /Welcome, both\./);
      mine.form(url).control('Message to the company');
      assert.deepEqual(
        mine
          .links()
          .filter((link) => link.href.startsWith(`/challenges/${c.challenge.id}/messages`))
          .map((l) => l.text),
        ['The whole team', 'Task: Rota data model'],
        'only the contributor’s own task has a thread for them',
      );
    });

    it('links a contributor to the threads from the assignment and team pages', async () => {
      const c = await cast();
      const assignment = await ctx.db
        .selectFrom('assignments')
        .select('id')
        .where('task_id', '=', c.rota.id)
        .executeTakeFirstOrThrow();
      const team = await ctx.db
        .selectFrom('teams')
        .select('id')
        .where('challenge_id', '=', c.challenge.id)
        .executeTakeFirstOrThrow();
      const client = await signedIn(ctx.app, c.first.user.email);
      const assignmentPage = parsePage((await client.get(`/assignments/${assignment.id}`)).body);
      assert.equal(
        assignmentPage.link('Messages about this task').href,
        `/challenges/${c.challenge.id}/messages?task_id=${c.rota.id}`,
      );
      assert.equal(assignmentPage.link('Messages with the whole team').href, `/challenges/${c.challenge.id}/messages`);
      const teamPage = parsePage((await client.get(`/teams/${team.id}`)).body);
      assert.equal(teamPage.link('Messages with the company').href, `/challenges/${c.challenge.id}/messages`);

      // An invitee has not joined: no link on the invitation, and the thread is the 404 page.
      const inviteeAssignment = await ctx.db
        .selectFrom('assignments')
        .select('id')
        .where('volunteer_id', '=', c.invitee.volunteer.id)
        .executeTakeFirstOrThrow();
      const invitee = await signedIn(ctx.app, c.invitee.user.email);
      const invitation = parsePage((await invitee.get(`/assignments/${inviteeAssignment.id}`)).body);
      assert.ok(!invitation.links().some((link) => link.href.includes('/messages')));
    });

    it('gives everyone else the 404 page, a task of another challenge the 422 page, and a signed-out visitor the sign-in', async () => {
      const c = await cast();
      const elsewhere = await createTask(ctx.db, (await createChallenge(ctx.db, c.owner.company.id)).id);
      const base = `/challenges/${c.challenge.id}/messages`;
      const cases: Array<[{ user: { email: string } }, string]> = [
        [c.invitee, base],
        [c.outsider, base],
        [c.otherCompany, base],
        [c.second, `${base}?task_id=${c.rota.id}`],
        [c.owner, `${base}?task_id=abc`],
        [c.owner, '/challenges/999999/messages'],
      ];
      for (const [who, path] of cases) {
        const response = await (await signedIn(ctx.app, who.user.email)).get(path);
        assert.equal(response.statusCode, 404, path);
        assert.match(parsePage(response.body).text, /Page not found/);
      }
      const wrongTask = await (await signedIn(ctx.app, c.owner.user.email)).get(`${base}?task_id=${elsewhere.id}`);
      assert.equal(wrongTask.statusCode, 422);
      assert.match(parsePage(wrongTask.body).text, /The task_id must name a task of this challenge\./);
      const signedOut = await webClient(ctx.app).get(base);
      assert.equal(signedOut.statusCode, 303);
      assert.equal(signedOut.headers.location, `/login?next=${encodeURIComponent(base)}`);
    });

    it("shows an archived challenge's thread without the form", async () => {
      const c = await cast({ status: 'archived' });
      const page = parsePage(
        (await (await signedIn(ctx.app, c.owner.user.email)).get(`/challenges/${c.challenge.id}/messages`)).body,
      );
      assert.match(page.text, /This challenge has been archived: its messages can be read, but no new ones sent\./);
      assert.ok(!page.forms().some((form) => form.target.endsWith('/messages')));
    });

    it('lets the owning company read the team page, without the team’s own messages; other companies get the 404 page', async () => {
      const c = await cast();
      const team = await ctx.db
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('challenge_id', '=', c.challenge.id)
        .executeTakeFirstOrThrow();
      await apiClient(ctx.app, c.first.token).post(`/api/teams/${team.id}/messages`, { message: 'Internal chatter' });
      const owner = await signedIn(ctx.app, c.owner.user.email);
      const response = await owner.get(`/teams/${team.id}`);
      assert.equal(response.statusCode, 200);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(1), [team.name]);
      assert.match(page.text, new RegExp(`${c.first.user.name} Team leader Accepted`));
      assert.match(page.text, new RegExp(`${c.second.user.name} Accepted`));
      assert.match(page.text, /The team's own messages are for its members\./);
      assert.doesNotMatch(page.text, /Internal chatter/);
      assert.ok(!page.forms().some((form) => form.target.includes('/api/teams/')), 'no team message form');
      assert.equal(page.link('Messages with the team').href, `/challenges/${c.challenge.id}/messages`);

      for (const who of [c.otherCompany, c.outsider, c.invitee]) {
        const other = await (await signedIn(ctx.app, who.user.email)).get(`/teams/${team.id}`);
        assert.equal(other.statusCode, 404, who.user.email);
        assert.match(parsePage(other.body).text, /Page not found/);
      }
    });
  });
}
