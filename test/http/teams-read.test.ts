import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createTeam, createVolunteer } from '../helpers/factories.ts';

/**
 * `GET /api/teams/{id}` (issue 12, item 4: the company can read the team of its own challenge): the members and the
 * owning company read it; another company gets 404, a contributor outside the team 403 as for its messages; the
 * company still cannot read or write the team's own messages.
 */
for (const dialect of testDialects()) {
  describe(`team read [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createCompany>>;
    let otherCompany: Awaited<ReturnType<typeof createCompany>>;
    let leader: Awaited<ReturnType<typeof createVolunteer>>;
    let invited: Awaited<ReturnType<typeof createVolunteer>>;
    let declined: Awaited<ReturnType<typeof createVolunteer>>;
    let outsider: Awaited<ReturnType<typeof createVolunteer>>;
    let team: Awaited<ReturnType<typeof createTeam>>;
    let challengeId: number;

    before(async () => {
      ctx = await createTestContext(dialect);
      owner = await createCompany(ctx.db);
      otherCompany = await createCompany(ctx.db);
      challengeId = (await createChallenge(ctx.db, owner.company.id)).id;
      [leader, invited, declined, outsider] = [
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
        await createVolunteer(ctx.db),
      ];
      team = await createTeam(ctx.db, challengeId, [
        { volunteerId: invited.volunteer.id, status: 'invited' },
        { volunteerId: leader.volunteer.id, role: 'leader', status: 'accepted' },
        { volunteerId: declined.volunteer.id, status: 'declined' },
      ]);
    });
    after(() => ctx.close());

    const url = () => `/api/teams/${team.id}`;

    it('answers the owning company and the members with the team, leader first', async () => {
      for (const reader of [owner, leader, invited]) {
        const response = await apiClient(ctx.app, reader.token).get(url());
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.data, {
          data: {
            id: team.id,
            challenge_id: challengeId,
            name: team.name,
            status: 'forming',
            members: [
              { volunteer_id: leader.volunteer.id, name: leader.user.name, role: 'leader', status: 'accepted' },
              { volunteer_id: invited.volunteer.id, name: invited.user.name, role: 'member', status: 'invited' },
              { volunteer_id: declined.volunteer.id, name: declined.user.name, role: 'member', status: 'declined' },
            ],
          },
        });
      }
    });

    it('answers 404 to another company, as for an unknown team or an id that is not one', async () => {
      const other = apiClient(ctx.app, otherCompany.token);
      const response = await other.get(url());
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.data, { message: 'Team not found.' });
      const profileless = apiClient(ctx.app, (await createAccount(ctx.db, 'company')).token);
      assert.equal((await profileless.get(url())).statusCode, 404);
      for (const path of ['/api/teams/999999', '/api/teams/abc', '/api/teams/0']) {
        assert.equal((await apiClient(ctx.app, owner.token).get(path)).statusCode, 404, path);
      }
    });

    it('answers 403 to a contributor outside the team or who declined, as for its messages; 401 without a token', async () => {
      for (const contributor of [outsider, declined]) {
        const response = await apiClient(ctx.app, contributor.token).get(url());
        assert.equal(response.statusCode, 403);
        assert.equal(response.data.message, 'Only members of this team can read and send its messages.');
      }
      assert.equal((await apiClient(ctx.app).get(url())).statusCode, 401);
    });

    it("keeps the team's own messages from the owning company", async () => {
      const company = apiClient(ctx.app, owner.token);
      assert.equal((await company.get(`${url()}/messages`)).statusCode, 403);
      assert.equal((await company.post(`${url()}/messages`, { message: 'Hello team' })).statusCode, 403);
    });
  });
}
