import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createIdea, createTeam, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { signedIn, withPassword } from '../web/contributor-session.ts';

/**
 * The notifications of issue 13, item 2 that were never sent: a team message (`team_message`), a vote on your idea
 * (`idea_voted`) and a teammate joining (`team_member_joined`): who hears of each, and who does not.
 */
for (const dialect of testDialects()) {
  describe(`team and idea notifications [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const ofType = async (userId: number, type: string) =>
      (await notificationsOf(ctx.db, userId)).filter((notification) => notification.type === type);

    /** A team: an accepted leader, an accepted member, an invited member, one who declined; and an outsider. */
    async function teamCast() {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { title: 'Warehouse onboarding' });
      const people = [];
      for (let n = 0; n < 5; n++) people.push(await createVolunteer(ctx.db, { user: await withPassword() }));
      const [leader, member, invited, declined, outsider] = people;
      const team = await createTeam(ctx.db, challenge.id, [
        { volunteerId: leader.volunteer.id, role: 'leader', status: 'accepted' },
        { volunteerId: member.volunteer.id, status: 'accepted' },
        { volunteerId: invited.volunteer.id, status: 'invited' },
        { volunteerId: declined.volunteer.id, status: 'declined' },
      ]);
      return { owner, challenge, team, leader, member, invited, declined, outsider };
    }

    it('tells the other members of a team message, not its author, a declined member, the company or outsiders', async () => {
      const t = await teamCast();
      const posted = await apiClient(ctx.app, t.member.token).post(`/api/teams/${t.team.id}/messages`, {
        message: 'The pallet labels are printed.',
      });
      assert.equal(posted.statusCode, 201, posted.body);

      for (const reader of [t.leader, t.invited]) {
        const told = await ofType(reader.user.id, 'team_message');
        assert.equal(told.length, 1, reader.user.name);
        assert.equal(told[0].title, `New message in ${t.team.name}`);
        assert.equal(told[0].message, `${t.member.user.name} wrote: The pallet labels are printed.`);
        assert.equal(told[0].action_url, `/teams/${t.team.id}#messages`);
        assert.deepEqual(JSON.parse(told[0].data), { challenge_id: t.challenge.id, team_id: t.team.id });
      }
      for (const silent of [t.member.user.id, t.declined.user.id, t.outsider.user.id, t.owner.user.id]) {
        assert.deepEqual(await ofType(silent, 'team_message'), [], `user ${silent}`);
      }

      // It is in the recipient's notification list, filterable by its type.
      const list = await apiClient(ctx.app, t.leader.token).get('/api/notifications?type=team_message');
      assert.equal(list.statusCode, 200);
      assert.deepEqual(
        list.data.data.map((n: { type: string; action_url: string }) => [n.type, n.action_url]),
        [['team_message', `/teams/${t.team.id}#messages`]],
      );
    });

    it('sends no notification for a team message that is refused', async () => {
      const t = await teamCast();
      const refused = await apiClient(ctx.app, t.outsider.token).post(`/api/teams/${t.team.id}/messages`, {
        message: 'Let me in',
      });
      assert.equal(refused.statusCode, 403);
      const blank = await apiClient(ctx.app, t.member.token).post(`/api/teams/${t.team.id}/messages`, { message: ' ' });
      assert.equal(blank.statusCode, 422);
      for (const person of [t.leader, t.invited]) assert.deepEqual(await ofType(person.user.id, 'team_message'), []);
    });

    it('tells the members who had joined when a teammate accepts, and nobody of a decline', async () => {
      const t = await teamCast();
      const second = await createVolunteer(ctx.db, { user: await withPassword() });
      await ctx.db
        .insertInto('team_members')
        .values({
          team_id: t.team.id,
          volunteer_id: second.volunteer.id,
          role: 'member',
          status: 'invited',
          invited_at: new Date().toISOString(),
          responded_at: null,
        })
        .execute();

      const client = await signedIn(ctx.app, t.invited.user.email);
      const accepted = await client.submit(`/teams/${t.team.id}`, `/teams/${t.team.id}/accept`, {});
      assert.equal(accepted.statusCode, 303);

      for (const member of [t.leader, t.member]) {
        const told = await ofType(member.user.id, 'team_member_joined');
        assert.equal(told.length, 1, member.user.name);
        assert.equal(told[0].title, `${t.invited.user.name} joined ${t.team.name}`);
        assert.equal(told[0].action_url, `/teams/${t.team.id}`);
        assert.deepEqual(JSON.parse(told[0].data), { challenge_id: t.challenge.id, team_id: t.team.id });
      }
      // Not the joiner, not a member still deciding, not one who declined, not the company.
      for (const silent of [t.invited, second, t.declined, t.outsider]) {
        assert.deepEqual(await ofType(silent.user.id, 'team_member_joined'), [], silent.user.name);
      }
      assert.deepEqual(await ofType(t.owner.user.id, 'team_member_joined'), []);

      const declined = await (await signedIn(ctx.app, second.user.email)).submit(
        `/teams/${t.team.id}`,
        `/teams/${t.team.id}/decline`,
        {},
      );
      assert.equal(declined.statusCode, 303);
      for (const member of [t.leader, t.member, t.invited]) {
        assert.equal((await ofType(member.user.id, 'team_member_joined')).length, member === t.invited ? 0 : 1);
      }
    });

    it("tells an idea's author of each vote cast or turned, without naming the voter; not of a vote taken back", async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const author = await createVolunteer(ctx.db);
      const [first, second] = [await createVolunteer(ctx.db), await createVolunteer(ctx.db)];
      const idea = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Shared pallet pool',
        ai_score: 70,
        final_score: 58,
      });
      const vote = (who: { token: string }, value: number) =>
        apiClient(ctx.app, who.token).post(`/api/ideas/${idea.id}/vote`, { vote: value });

      assert.equal((await vote(first, 1)).statusCode, 200);
      assert.equal((await vote(first, 1)).statusCode, 200, 'the same vote again');
      assert.equal((await vote(second, -1)).statusCode, 200);
      assert.equal((await vote(first, -1)).statusCode, 200, 'turned');
      assert.equal((await vote(first, 0)).statusCode, 200, 'taken back');

      const told = await ofType(author.user.id, 'idea_voted');
      assert.deepEqual(
        told.map((notification) => notification.message),
        [
          'Your idea "Shared pallet pool" got an up vote. It now has 1 up and 0 down.',
          'Your idea "Shared pallet pool" got a down vote. It now has 1 up and 1 down.',
          'Your idea "Shared pallet pool" got a down vote. It now has 0 up and 2 down.',
        ],
      );
      for (const notification of told) {
        assert.equal(notification.action_url, `/challenges/${challenge.id}#idea-${idea.id}`);
        assert.deepEqual(JSON.parse(notification.data), { challenge_id: challenge.id, idea_id: idea.id });
        for (const voter of [first, second]) assert.ok(!notification.message.includes(voter.user.name));
      }
      for (const silent of [first, second, owner]) assert.deepEqual(await ofType(silent.user.id, 'idea_voted'), []);

      // The author's own vote is refused, and tells nobody.
      const own = await vote(author, 1);
      assert.equal(own.statusCode, 422);
      assert.equal((await ofType(author.user.id, 'idea_voted')).length, 3);
    });
  });
}
