import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createChallenge,
  createCompany,
  createNotification,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';

type Listed = {
  id: number;
  type: string;
  data: { assignment_id?: number; task_id?: number; challenge_id?: number };
  challenge: { id: number; title: string } | null;
  actionable: boolean;
  inactive_reason: string | null;
};

/**
 * A notification whose action is no longer possible says so (issue 13, item 2): `actionable` and `inactive_reason`,
 * decided from the target's state when the list is read; the list groups and filters by challenge. The notifications
 * come from the real actions (the company's invitations, answers, withdrawals, applications) over HTTP.
 */
for (const dialect of testDialects()) {
  describe(`notifications say when their action is gone [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      // Ada is invited to five tasks at once here; the cap has its own tests.
      ctx = await createTestContext(dialect, { MAX_OPEN_INVITATIONS: '10' });
    });
    after(() => ctx.close());

    async function scene() {
      const company = await createCompany(ctx.db, { company: { company_name: 'Harbour Trust' } });
      const challenge = await createChallenge(ctx.db, company.company.id, { title: 'Volunteer rota app' });
      const companyApi = apiClient(ctx.app, company.token);
      const person = async (name: string) => {
        const made = await createVolunteer(ctx.db, { user: { name } });
        return { ...made, api: apiClient(ctx.app, made.token) };
      };
      const invite = async (taskId: number, volunteerId: number) => {
        const response = await companyApi.post(`/api/tasks/${taskId}/invitations`, { volunteer_id: volunteerId });
        assert.equal(response.statusCode, 201, response.body);
        return response.data.data.id as number;
      };
      return { company, challenge, companyApi, person, invite };
    }

    /** The caller's notifications of one type, newest first, by the assignment or task they are about. */
    async function listed(api: ReturnType<typeof apiClient>, query = ''): Promise<Listed[]> {
      const response = await api.get(`/api/notifications?per_page=100${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.data.data;
    }
    const invitationFor = (items: Listed[], assignmentId: number) => {
      const found = items.find((item) => item.type === 'task_assignment' && item.data.assignment_id === assignmentId);
      assert.ok(found, `a task_assignment notification for assignment ${assignmentId}`);
      return found;
    };

    it('an open invitation is actionable; answered, withdrawn, taken, expired or removed, it says why not', async () => {
      const { challenge, companyApi, person, invite } = await scene();
      const ada = await person('Ada');
      const bob = await person('Bob');
      const tasks = [];
      for (const title of ['Rota data model', 'Shift reminders', 'Sign-up form', 'Export', 'Old idea']) {
        tasks.push(await createTask(ctx.db, challenge.id, { title }));
      }
      const invited = [];
      for (const task of tasks) invited.push(await invite(task.id, ada.volunteer.id));
      const [open, withdrawn, taken, expired, removed] = invited;
      const bobOnTaken = await invite(tasks[2].id, bob.volunteer.id);
      const declinedByBob = await invite(tasks[3].id, bob.volunteer.id);

      const fresh = await listed(ada.api);
      for (const id of [open, withdrawn, taken, expired, removed]) {
        const item = invitationFor(fresh, id);
        assert.equal(item.actionable, true);
        assert.equal(item.inactive_reason, null);
        assert.deepEqual(item.challenge, { id: challenge.id, title: 'Volunteer rota app' });
      }

      assert.equal((await companyApi.post(`/api/assignments/${withdrawn}/withdraw`)).statusCode, 200);
      assert.equal((await bob.api.post(`/api/assignments/${bobOnTaken}/accept`)).statusCode, 200);
      assert.equal((await bob.api.post(`/api/assignments/${declinedByBob}/reject`, {})).statusCode, 200);
      await ctx.db
        .updateTable('assignments')
        .set({ expires_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', expired)
        .execute();
      const removedResponse = await companyApi.delete(`/api/tasks/${tasks[4].id}`);
      assert.equal(removedResponse.statusCode, 204, removedResponse.body);

      const later = await listed(ada.api);
      const reasonOf = (id: number) => {
        const item = invitationFor(later, id);
        assert.equal(item.actionable, item.inactive_reason === null);
        return item.inactive_reason;
      };
      assert.equal(reasonOf(open), null);
      assert.equal(reasonOf(withdrawn), 'The company withdrew the invitation.');
      assert.equal(reasonOf(taken), 'Someone else took the task.');
      assert.equal(reasonOf(expired), 'The invitation expired.');
      assert.equal(reasonOf(removed), 'The task was removed from its challenge, and the invitation with it.');

      const bobs = await listed(bob.api);
      assert.equal(invitationFor(bobs, bobOnTaken).inactive_reason, 'You accepted this invitation.');
      assert.equal(invitationFor(bobs, declinedByBob).inactive_reason, 'You declined this invitation.');

      // The company's own notifications: Bob's answers only report, and stay actionable.
      const companys = await listed(companyApi);
      assert.ok(companys.length >= 2);
      for (const item of companys.filter((n) => n.type === 'task_accepted' || n.type === 'task_declined')) {
        assert.equal(item.actionable, true, item.type);
      }

      // Once the challenge is archived, the open invitation cannot be answered either.
      await ctx.db.updateTable('challenges').set({ status: 'archived' }).where('id', '=', challenge.id).execute();
      const archived = invitationFor(await listed(ada.api), open);
      assert.equal(archived.actionable, false);
      assert.equal(archived.inactive_reason, 'The challenge was archived.');
    });

    it('an application stops being actionable for the company once the task is staffed', async () => {
      const { challenge, companyApi, person, invite } = await scene();
      const task = await createTask(ctx.db, challenge.id, { title: 'Rota data model', status: 'matching' });
      const cleo = await person('Cleo');
      assert.equal(
        (await cleo.api.post(`/api/tasks/${task.id}/interest`, { note: 'I did this before.' })).statusCode,
        201,
      );
      const application = () =>
        listed(companyApi, '&type=task_interest').then((items) => items.find((n) => n.data.task_id === task.id));
      assert.equal((await application())?.actionable, true);

      const assignment = await invite(task.id, cleo.volunteer.id);
      assert.equal((await cleo.api.post(`/api/assignments/${assignment}/accept`)).statusCode, 200);
      const staffed = await application();
      assert.equal(staffed?.actionable, false);
      assert.equal(staffed?.inactive_reason, 'The task is staffed now.');
    });

    it('a team invitation says when it was answered', async () => {
      const { challenge, person } = await scene();
      const dee = await person('Dee');
      const team = await createTeam(ctx.db, challenge.id, [{ volunteerId: dee.volunteer.id, status: 'invited' }]);
      await createNotification(ctx.db, dee.user.id, {
        type: 'team_invitation',
        action_url: `/teams/${team.id}`,
        data: JSON.stringify({ challenge_id: challenge.id, team_id: team.id }),
      });
      const invitation = async () => (await listed(dee.api, '&type=team_invitation'))[0];
      assert.equal((await invitation()).actionable, true);
      // Answered on the team's page (a web form); what the list reads is the membership's state.
      await ctx.db.updateTable('team_members').set({ status: 'accepted' }).where('team_id', '=', team.id).execute();
      assert.equal((await invitation()).inactive_reason, 'You joined this team.');
      await ctx.db.updateTable('team_members').set({ status: 'declined' }).where('team_id', '=', team.id).execute();
      assert.equal((await invitation()).inactive_reason, 'You declined this invitation.');
    });

    it('filters by challenge (0: about none) and counts per challenge in groups, newest first', async () => {
      const { company, challenge, companyApi } = await scene();
      const other = await createChallenge(ctx.db, company.company.id, { title: 'Food bank routes' });
      const me = company.user.id;
      const make = (challengeId: number | null, read = false) =>
        createNotification(ctx.db, me, {
          type: 'new_idea',
          read_at: read ? '2026-01-01T00:00:00.000Z' : null,
          data: JSON.stringify(challengeId === null ? {} : { challenge_id: challengeId }),
        });
      const a1 = await make(challenge.id, true);
      const none = await make(null);
      const b1 = await make(other.id);
      const a2 = await make(challenge.id);

      const ids = async (query: string) => (await listed(companyApi, query)).map((n) => n.id);
      assert.deepEqual(await ids(`&challenge_id=${challenge.id}`), [a2.id, a1.id]);
      assert.deepEqual(await ids(`&challenge_id=${other.id}`), [b1.id]);
      assert.deepEqual(await ids('&challenge_id=0'), [none.id]);
      assert.deepEqual(await ids(`&challenge_id=${challenge.id}&unread_only=true`), [a2.id]);
      assert.deepEqual(await ids(`&challenge_id=${challenge.id}&type=task_interest`), []);
      const page = await companyApi.get(`/api/notifications?challenge_id=${challenge.id}&per_page=1`);
      assert.equal(page.data.meta.total, 2);
      assert.match(page.data.links.next, new RegExp(`challenge_id=${challenge.id}`));

      const groups = await companyApi.get('/api/notifications/groups');
      assert.equal(groups.statusCode, 200, groups.body);
      assert.deepEqual(
        groups.data.groups.map((group: { challenge: unknown; total: number; unread: number }) => [
          group.challenge,
          group.total,
          group.unread,
        ]),
        [
          [{ id: challenge.id, title: 'Volunteer rota app' }, 2, 1],
          [{ id: other.id, title: 'Food bank routes' }, 1, 1],
          [null, 1, 1],
        ],
      );
      assert.equal(groups.data.groups[0].latest_at, a2.created_at);

      for (const query of ['challenge_id=-1', 'challenge_id=abc', 'challenge_id=1.5']) {
        const response = await companyApi.get(`/api/notifications?${query}`);
        assert.equal(response.statusCode, 422, query);
        assert.ok(response.data.errors.challenge_id, query);
      }
      assert.equal((await apiClient(ctx.app).get('/api/notifications/groups')).statusCode, 401);
    });

    it('notify writes the challenge column from the data, so a new notification is found by its challenge', async () => {
      const { challenge, person, invite } = await scene();
      const eve = await person('Eve');
      const task = await createTask(ctx.db, challenge.id);
      const assignment = await invite(task.id, eve.volunteer.id);
      const row = await ctx.db
        .selectFrom('notifications')
        .select(['challenge_id'])
        .where('user_id', '=', eve.user.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.challenge_id, challenge.id);
      const found = await listed(eve.api, `&challenge_id=${challenge.id}`);
      assert.deepEqual(
        found.map((n) => n.data.assignment_id),
        [assignment],
      );
    });
  });
}
