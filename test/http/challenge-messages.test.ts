import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assignmentScenario, notificationsOf, partiesOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';

/** Talk to the team (issue 12, item 4): `GET`/`POST /api/challenges/{id}/messages`, per challenge and per task. */
for (const dialect of testDialects()) {
  describe(`challenge messages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A challenge with two tasks, each with one assignee in progress, and an invitee who has not answered. */
    async function team() {
      const s = await assignmentScenario(ctx.db, { status: 'in_progress', task: { title: 'Rota data model' } });
      const otherTask = await createTask(ctx.db, s.challenge.id, { title: 'Reminder emails' });
      const second = await createVolunteer(ctx.db);
      const secondAssignment = await createAssignment(ctx.db, otherTask.id, second.volunteer.id, {
        status: 'accepted',
      });
      const invitee = await createVolunteer(ctx.db);
      await createAssignment(ctx.db, otherTask.id, invitee.volunteer.id, { status: 'invited' });
      const { company, contributor } = partiesOf(ctx, s);
      return {
        s,
        otherTask,
        second,
        secondAssignment,
        company,
        first: contributor,
        secondClient: apiClient(ctx.app, second.token),
        invitee: apiClient(ctx.app, invitee.token),
        url: `/api/challenges/${s.challenge.id}/messages`,
      };
    }

    it('keeps a whole-team thread for the company and every assignee, and notifies the other side', async () => {
      const t = await team();
      const posted = await t.company.post(t.url, { message: '  Welcome aboard, both of you.  ' });
      assert.equal(posted.statusCode, 201, posted.body);
      assert.equal(posted.data.data.message, 'Welcome aboard, both of you.');
      assert.equal(posted.data.data.task_id, null);
      assert.equal(posted.data.data.user.id, t.s.company.user.id);

      // Both assignees are told, pointed at the thread's page (the data names their assignment); the invitee is not.
      for (const [userId, assignmentId] of [
        [t.s.volunteer.user.id, t.s.assignment.id],
        [t.second.user.id, t.secondAssignment.id],
      ]) {
        const told = (await notificationsOf(ctx.db, userId)).filter((n) => n.type === 'challenge_message');
        assert.equal(told.length, 1, `user ${userId}`);
        assert.equal(told[0].action_url, `/challenges/${t.s.challenge.id}/messages`);
        assert.match(told[0].message, /wrote about the challenge ".*": Welcome aboard, both of you\./);
        assert.deepEqual(JSON.parse(told[0].data), { challenge_id: t.s.challenge.id, assignment_id: assignmentId });
      }

      const reply = await t.secondClient.post(t.url, { message: 'Thanks! Starting tomorrow.' });
      assert.equal(reply.statusCode, 201);
      const toCompany = (await notificationsOf(ctx.db, t.s.company.user.id)).filter(
        (n) => n.type === 'challenge_message',
      );
      assert.equal(toCompany.length, 1);
      assert.equal(toCompany[0].action_url, `/challenges/${t.s.challenge.id}/messages`);
      // The other contributor is not notified of a teammate's message: the company is the other side.
      assert.equal(
        (await notificationsOf(ctx.db, t.s.volunteer.user.id)).filter((n) => n.type === 'challenge_message').length,
        1,
      );

      for (const reader of [t.company, t.first, t.secondClient]) {
        const list = await reader.get(t.url);
        assert.equal(list.statusCode, 200);
        assert.deepEqual(
          list.data.data.map((m: { message: string }) => m.message),
          ['Thanks! Starting tomorrow.', 'Welcome aboard, both of you.'],
        );
        assert.equal(list.data.meta.total, 2);
      }
      // The notification is in the recipient's list, filterable by its type.
      const listed = await t.company.get('/api/notifications?type=challenge_message');
      assert.equal(listed.statusCode, 200);
      assert.equal(listed.data.data.length, 1);
    });

    it("keeps a task's thread between the company and that task's assignee only", async () => {
      const t = await team();
      const taskId = t.s.task.id;
      const posted = await t.first.post(t.url, { message: 'A question about the data model.', task_id: taskId });
      assert.equal(posted.statusCode, 201, posted.body);
      assert.equal(posted.data.data.task_id, taskId);
      const [told] = (await notificationsOf(ctx.db, t.s.company.user.id)).filter((n) => n.type === 'challenge_message');
      assert.equal(told.action_url, `/challenges/${t.s.challenge.id}/messages?task_id=${taskId}`);
      assert.match(told.message, /about the task "Rota data model"/);

      const answer = await t.company.post(t.url, { message: 'Use one table per shift.', task_id: taskId });
      assert.equal(answer.statusCode, 201);
      const [toAssignee] = (await notificationsOf(ctx.db, t.s.volunteer.user.id)).filter(
        (n) => n.type === 'challenge_message',
      );
      assert.equal(toAssignee.action_url, `/challenges/${t.s.challenge.id}/messages?task_id=${taskId}`);
      assert.equal(
        (await notificationsOf(ctx.db, t.second.user.id)).filter((n) => n.type === 'challenge_message').length,
        0,
        'the other task’s assignee hears nothing',
      );
      const thread = await t.first.get(`${t.url}?task_id=${taskId}`);
      assert.deepEqual(
        thread.data.data.map((m: { message: string }) => m.message),
        ['Use one table per shift.', 'A question about the data model.'],
      );
      assert.ok(thread.data.links.first.includes(`task_id=${taskId}`));
      // Not in the whole-team thread, and not readable by the other task's assignee.
      assert.equal((await t.company.get(t.url)).data.meta.total, 0);
      assert.equal((await t.secondClient.get(`${t.url}?task_id=${taskId}`)).statusCode, 404);
      assert.equal((await t.secondClient.post(t.url, { message: 'Me too', task_id: taskId })).statusCode, 404);
    });

    it('is a 404 for everyone outside the challenge, 401 without a token', async () => {
      const t = await team();
      const outsiders = [
        t.invitee,
        apiClient(ctx.app, (await createVolunteer(ctx.db)).token),
        apiClient(ctx.app, (await createCompany(ctx.db)).token),
      ];
      for (const outsider of outsiders) {
        assert.equal((await outsider.get(t.url)).statusCode, 404);
        const post = await outsider.post(t.url, { message: 'Hello?' });
        assert.equal(post.statusCode, 404);
        assert.equal(post.data.message, 'Challenge not found.');
      }
      // A contributor whose invitation was declined is no longer in the team either.
      const declined = await createVolunteer(ctx.db);
      await createAssignment(ctx.db, t.otherTask.id, declined.volunteer.id, { status: 'declined' });
      assert.equal((await apiClient(ctx.app, declined.token).get(t.url)).statusCode, 404);
      assert.equal((await apiClient(ctx.app).get(t.url)).statusCode, 401);
      assert.equal((await apiClient(ctx.app).post(t.url, { message: 'x' })).statusCode, 401);
      assert.equal((await t.company.get('/api/challenges/999999/messages')).statusCode, 404);
      assert.equal((await t.company.get('/api/challenges/abc/messages')).statusCode, 404);
      const rows = await ctx.db
        .selectFrom('challenge_messages')
        .select('id')
        .where('challenge_id', '=', t.s.challenge.id)
        .execute();
      assert.equal(rows.length, 0);
    });

    it('validates the message and the task (422), and keeps an archived challenge read-only', async () => {
      const t = await team();
      for (const body of [undefined, {}, { message: '   ' }, { message: 'x'.repeat(2001) }, { message: 7 }]) {
        const response = await t.company.post(t.url, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(response.data.errors.message);
      }
      const badTask = await t.company.post(t.url, { message: 'Hi', task_id: 'one' });
      assert.equal(badTask.statusCode, 422);
      const elsewhere = await assignmentScenario(ctx.db);
      const foreign = await t.company.post(t.url, { message: 'Hi', task_id: elsewhere.task.id });
      assert.equal(foreign.statusCode, 422);
      assert.deepEqual(foreign.data.errors, { task_id: ['The task_id must name a task of this challenge.'] });
      assert.equal((await t.company.get(`${t.url}?task_id=${elsewhere.task.id}`)).statusCode, 422);
      assert.equal((await t.company.get(`${t.url}?task_id=0`)).statusCode, 422);
      assert.equal((await t.company.get(`${t.url}?per_page=101`)).statusCode, 422);

      await t.company.post(t.url, { message: 'Before archiving.' });
      await ctx.db.updateTable('challenges').set({ status: 'archived' }).where('id', '=', t.s.challenge.id).execute();
      const refused = await t.first.post(t.url, { message: 'After archiving.' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.data.message, /archived/);
      assert.equal((await t.first.get(t.url)).data.data[0].message, 'Before archiving.');
    });

    it('lets a completed assignee keep talking after the work is approved', async () => {
      const s = await assignmentScenario(ctx.db, { status: 'completed' });
      const { contributor } = partiesOf(ctx, s);
      const posted = await contributor.post(`/api/challenges/${s.challenge.id}/messages`, { message: 'Thanks all.' });
      assert.equal(posted.statusCode, 201);
    });
  });
}
