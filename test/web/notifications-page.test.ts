import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createNotification,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * The notifications page (issue 13, item 2): grouped by challenge, filtered by type, challenge and unread through its
 * address (kept by the pager), and a notification whose action is gone says why instead of offering it.
 */
for (const dialect of testDialects()) {
  describe(`notifications page: groups, filters, actions gone [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function scene() {
      const company = await createCompany(ctx.db);
      const rota = await createChallenge(ctx.db, company.company.id, { title: 'Volunteer rota app' });
      const food = await createChallenge(ctx.db, company.company.id, { title: 'Food bank routes' });
      const me = await createVolunteer(ctx.db, { user: await withPassword() });
      const task = await createTask(ctx.db, rota.id, { title: 'Rota data model', status: 'matching' });
      const open = await createAssignment(ctx.db, task.id, me.volunteer.id);
      const other = await createTask(ctx.db, rota.id, { title: 'Shift reminders', status: 'assigned' });
      const withdrawn = await createAssignment(ctx.db, other.id, me.volunteer.id, {
        status: 'declined',
        withdrawn_at: new Date().toISOString(),
      });
      const invitation = (assignmentId: number, title: string) =>
        createNotification(ctx.db, me.user.id, {
          type: 'task_assignment',
          title,
          action_url: `/assignments/${assignmentId}`,
          data: JSON.stringify({ challenge_id: rota.id, assignment_id: assignmentId }),
        });
      const taken = await invitation(withdrawn.id, 'Invited to Shift reminders');
      const scored = await createNotification(ctx.db, me.user.id, {
        type: 'idea_scored',
        title: 'Your idea on routes was scored',
        read_at: new Date().toISOString(),
        data: JSON.stringify({ challenge_id: food.id }),
      });
      const live = await invitation(open.id, 'Invited to Rota data model');
      const client = await signedIn(ctx.app, me.user.email);
      return { rota, food, me, client, live, taken, scored };
    }

    it('groups the page by challenge and says which invitation can no longer be answered', async () => {
      const { client, live, taken } = await scene();
      const response = await client.get('/notifications');
      assert.equal(response.statusCode, 200);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(2), ['Volunteer rota app', 'Food bank routes']);
      assert.match(
        page.text,
        /Volunteer rota app .*Invited to Rota data model .*Invited to Shift reminders .*No longer possible: Someone else took the task\. .*Food bank routes .*Your idea on routes was scored/,
      );
      assert.equal(page.link('Open').href, `/notifications/${live.id}/open`);
      assert.equal(page.links().filter((link) => link.text === 'Open').length, 2, 'the open invitation and the idea');
      assert.equal(page.link('See what happened').href, `/notifications/${taken.id}/open`);
      assert.doesNotMatch(page.textOf(`li:has(a[href="/notifications/${live.id}/open"])`), /No longer possible/);
    });

    it('filters by type, challenge and unread, each link keeping the filters', async () => {
      const { client, me, rota, food } = await scene();
      const textOf = async (query: string) => {
        const response = await client.get(`/notifications${query}`);
        assert.equal(response.statusCode, 200, query);
        return parsePage(response.body);
      };
      const ideas = await textOf('?type=idea_scored');
      assert.match(ideas.text, /Your idea on routes was scored/);
      assert.doesNotMatch(ideas.text, /Invited to/);
      assert.equal(ideas.control('Type').value, 'idea_scored');

      const rotaOnly = await textOf(`?challenge=${rota.id}`);
      assert.match(rotaOnly.text, /Invited to Rota data model/);
      assert.doesNotMatch(rotaOnly.text, /Your idea on routes/);
      assert.deepEqual(
        rotaOnly.control('Challenge').options.map((option) => [option.value, option.text]),
        [
          ['', 'All challenges'],
          [String(rota.id), 'Volunteer rota app (2, 2 unread)'],
          [String(food.id), 'Food bank routes (1)'],
        ],
      );
      assert.equal(rotaOnly.link('Clear filters').href, '/notifications');

      const unread = await textOf('?unread=1');
      assert.doesNotMatch(unread.text, /Your idea on routes/);
      assert.match((await textOf('?filter=unread')).text, /Invited to Rota data model/);
      assert.match(
        (await textOf(`?type=idea_scored&challenge=${rota.id}`)).text,
        /No notification matches these filters\./,
      );

      // Unknown values are no filter, not an error page.
      for (const query of ['?type=nope', '?challenge=abc', '?challenge=-3', '?unread=yes&page=x']) {
        assert.match((await textOf(query)).text, /Invited to Rota data model .*Your idea on routes/, query);
      }

      // Grouped view links to one group, keeping the type filter.
      const grouped = await textOf('?type=task_assignment');
      assert.equal(grouped.link('Only these').href, `/notifications?type=task_assignment&challenge=${rota.id}`);

      // Everything read: the unread view says so, rather than that no notification matches.
      const markAll = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/mark-all-read',
        headers: { authorization: `Bearer ${me.token}` },
      });
      assert.equal(markAll.statusCode, 200, markAll.body);
      assert.match((await textOf('?unread=1')).text, /Nothing unread\. You are up to date\./);
      assert.match((await textOf(`?unread=1&challenge=${rota.id}`)).text, /No notification matches these filters\./);
    });

    it("the pager's links keep the filters", async () => {
      const { client, me, rota } = await scene();
      for (let i = 0; i < 21; i++) {
        await createNotification(ctx.db, me.user.id, {
          type: 'new_idea',
          title: `Idea ${i}`,
          data: JSON.stringify({ challenge_id: rota.id }),
        });
      }
      const first = parsePage((await client.get(`/notifications?type=new_idea&challenge=${rota.id}&unread=1`)).body);
      assert.match(first.text, /Page 1 of 2/);
      const older = first.link('Older').href;
      assert.equal(older, `/notifications?unread=1&type=new_idea&challenge=${rota.id}&page=2`);
      const second = parsePage((await client.get(older)).body);
      assert.match(second.text, /Idea 0/);
      assert.equal(second.link('Newer').href, `/notifications?unread=1&type=new_idea&challenge=${rota.id}`);
    });
  });
}
