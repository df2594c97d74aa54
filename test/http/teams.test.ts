import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createTeam, createVolunteer } from '../helpers/factories.ts';

for (const dialect of testDialects()) {
  describe(`team messages [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createCompany>>;
    let leader: Awaited<ReturnType<typeof createVolunteer>>;
    let invitee: Awaited<ReturnType<typeof createVolunteer>>;
    let declined: Awaited<ReturnType<typeof createVolunteer>>;
    let outsider: Awaited<ReturnType<typeof createVolunteer>>;
    let teamId: number;
    let otherTeamId: number;

    before(async () => {
      ctx = await createTestContext(dialect);
      owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id);
      leader = await createVolunteer(ctx.db);
      invitee = await createVolunteer(ctx.db);
      declined = await createVolunteer(ctx.db);
      outsider = await createVolunteer(ctx.db);
      const team = await createTeam(ctx.db, challenge.id, [
        { volunteerId: leader.volunteer.id, role: 'leader', status: 'accepted' },
        { volunteerId: invitee.volunteer.id, status: 'invited' },
        { volunteerId: declined.volunteer.id, status: 'declined' },
      ]);
      teamId = team.id;
      otherTeamId = (await createTeam(ctx.db, challenge.id, [{ volunteerId: outsider.volunteer.id }])).id;
    });
    after(() => ctx.close());

    const messagesOf = (id: number) => `/api/teams/${id}/messages`;

    it('answers 401 without a token', async () => {
      assert.equal((await apiClient(ctx.app).get(messagesOf(teamId))).statusCode, 401);
      const post = await apiClient(ctx.app).post(messagesOf(teamId), { message: 'Hello' });
      assert.equal(post.statusCode, 401);
      assert.deepEqual(post.data, { message: 'Unauthenticated.' });
    });

    it('answers 404 for an unknown team or an id that is not one', async () => {
      const api = apiClient(ctx.app, leader.token);
      for (const path of [messagesOf(999_999), '/api/teams/abc/messages', '/api/teams/0/messages']) {
        assert.equal((await api.get(path)).statusCode, 404, path);
        assert.equal((await api.post(path, { message: 'Hello' })).statusCode, 404, path);
      }
      assert.deepEqual((await api.get(messagesOf(999_999))).data, { message: 'Team not found.' });
    });

    it('refuses non-members, declined members, profile-less contributors and companies (even the owner)', async () => {
      const profileless = await createAccount(ctx.db, 'contributor');
      const otherCompany = await createCompany(ctx.db);
      for (const token of [outsider.token, declined.token, profileless.token, owner.token, otherCompany.token]) {
        const api = apiClient(ctx.app, token);
        const list = await api.get(messagesOf(teamId));
        assert.equal(list.statusCode, 403);
        assert.equal(list.data.message, 'Only members of this team can read and send its messages.');
        assert.equal((await api.post(messagesOf(teamId), { message: 'Let me in' })).statusCode, 403);
      }
      const rows = await ctx.db.selectFrom('team_messages').selectAll().where('team_id', '=', teamId).execute();
      assert.equal(
        rows.some((row) => row.message === 'Let me in'),
        false,
      );
    });

    it('lets accepted and invited members post; answers 201 with the message, trimmed, and its author', async () => {
      const response = await apiClient(ctx.app, invitee.token).post(messagesOf(teamId), {
        message: '  Happy to help with the rollout.  ',
        ignored: true,
      });
      assert.equal(response.statusCode, 201);
      assert.deepEqual(Object.keys(response.data).sort(), ['created_at', 'id', 'message', 'team_id', 'user']);
      assert.equal(response.data.team_id, teamId);
      assert.equal(response.data.message, 'Happy to help with the rollout.');
      assert.deepEqual(response.data.user, { id: invitee.user.id, name: invitee.user.name });
      assert.match(response.data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const byLeader = await apiClient(ctx.app, leader.token).post(messagesOf(teamId), { message: 'Welcome!' });
      assert.equal(byLeader.statusCode, 201);
    });

    it('counts the 2000-character limit in characters, not bytes', async () => {
      const api = apiClient(ctx.app, leader.token);
      const longest = await api.post(messagesOf(teamId), { message: '😀'.repeat(2000) });
      assert.equal(longest.statusCode, 201);
      assert.equal([...longest.data.message].length, 2000);
      await ctx.db.deleteFrom('team_messages').where('id', '=', longest.data.id).execute();
    });

    it('validates the message: required, not blank after trimming, at most 2000 characters, a string', async () => {
      const api = apiClient(ctx.app, leader.token);
      const before = await ctx.db.selectFrom('team_messages').select('id').execute();
      const cases: Array<[unknown, string]> = [
        [{ message: 'x'.repeat(2001) }, 'The message must not be greater than 2000 characters.'],
        [{ message: '   \n\t ' }, 'The message field is required.'],
        [{ message: '' }, 'The message field is required.'],
        [{}, 'The message field is required.'],
        [{ message: 42 }, 'The message must be a string.'],
      ];
      for (const [body, message] of cases) {
        const response = await api.post(messagesOf(teamId), body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.deepEqual(response.data, { message, errors: { message: [message] } });
      }
      const afterRows = await ctx.db.selectFrom('team_messages').select('id').execute();
      assert.equal(afterRows.length, before.length);
    });

    it("lists the team's messages newest first, paginated, to every member", async () => {
      const otherTeam = await apiClient(ctx.app, outsider.token).post(messagesOf(otherTeamId), {
        message: 'Elsewhere',
      });
      assert.equal(otherTeam.statusCode, 201);

      for (const token of [leader.token, invitee.token]) {
        const response = await apiClient(ctx.app, token).get(messagesOf(teamId));
        assert.equal(response.statusCode, 200);
        assert.deepEqual(
          response.data.data.map((m: { message: string }) => m.message),
          ['Welcome!', 'Happy to help with the rollout.'],
        );
        assert.deepEqual(response.data.data[0].user, { id: leader.user.id, name: leader.user.name });
        assert.equal(response.data.meta.total, 2);
      }

      const page2 = await apiClient(ctx.app, leader.token).get(`${messagesOf(teamId)}?per_page=1&page=2`);
      assert.equal(page2.statusCode, 200);
      assert.deepEqual(
        page2.data.data.map((m: { message: string }) => m.message),
        ['Happy to help with the rollout.'],
      );
      assert.deepEqual(
        { ...page2.data.meta, path: undefined },
        { current_page: 2, from: 2, last_page: 2, path: undefined, per_page: 1, to: 2, total: 2 },
      );
      assert.match(page2.data.meta.path, /\/api\/teams\/\d+\/messages$/);
      assert.match(page2.data.links.first, /page=1/);
      assert.match(page2.data.links.prev, /page=1/);
      assert.equal(page2.data.links.next, null);

      const past = await apiClient(ctx.app, leader.token).get(`${messagesOf(teamId)}?page=9`);
      assert.equal(past.statusCode, 200);
      assert.deepEqual(past.data.data, []);
      const bad = await apiClient(ctx.app, leader.token).get(`${messagesOf(teamId)}?per_page=101`);
      assert.equal(bad.statusCode, 422);
    });
  });
}
