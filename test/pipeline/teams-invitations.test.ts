import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/http/app-error.ts';
import { respondToTeamInvitation } from '../../src/modules/teams/team-invitations.service.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';

/**
 * Answers to team invitations (the service the web app's `POST /teams/{id}/accept|decline` calls, issue 4): only an
 * invited member answers, once; the team is `active` when at least two accepted and no invitation is open.
 */
function rejectsWith(code: AppError['code'], message?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    if (message) assert.match(error.message, message);
    return true;
  };
}

for (const dialect of testDialects()) {
  describe(`team invitation answers [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A forming team: the first person leads; everyone invited and matched on the challenge with falling scores. */
    async function formingTeam(size: number, status = 'forming') {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id);
      const people = [];
      for (let n = 0; n < size; n++) {
        const person = await createVolunteer(ctx.db);
        await createAssignment(ctx.db, task.id, person.volunteer.id, { match_score: 90 - n * 5 });
        people.push(person);
      }
      const team = await createTeam(
        ctx.db,
        challenge.id,
        people.map((person, n) => ({
          volunteerId: person.volunteer.id,
          role: n === 0 ? 'leader' : 'member',
          status: 'invited',
        })),
        { status },
      );
      return { company, challenge, team, people };
    }

    const answer = (person: { user: { id: number } }, teamId: number, choice: 'accept' | 'decline') =>
      respondToTeamInvitation(ctx.db, person.user.id, teamId, choice);

    it('becomes active when at least two accepted and no invitation is open', async () => {
      const { team, people } = await formingTeam(3);
      let result = await answer(people[0], team.id, 'accept');
      assert.equal(result.status, 'forming');
      assert.deepEqual(
        result.members.map((member) => [member.volunteer_id, member.role, member.status]),
        [
          [people[0].volunteer.id, 'leader', 'accepted'],
          [people[1].volunteer.id, 'member', 'invited'],
          [people[2].volunteer.id, 'member', 'invited'],
        ],
      );
      assert.equal(result.members[0].name, people[0].user.name);
      result = await answer(people[1], team.id, 'accept');
      assert.equal(result.status, 'forming', 'one invitation is still open');
      result = await answer(people[2], team.id, 'decline');
      assert.equal(result.status, 'active', 'two accepted, none open');
      const stored = await ctx.db
        .selectFrom('team_members')
        .select(['status', 'responded_at'])
        .where('team_id', '=', team.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        stored.map((row) => row.status),
        ['accepted', 'accepted', 'declined'],
      );
      assert.ok(stored.every((row) => row.responded_at !== null));
    });

    it('stays forming when fewer than two accepted', async () => {
      const { team, people } = await formingTeam(2);
      await answer(people[0], team.id, 'accept');
      const result = await answer(people[1], team.id, 'decline');
      assert.equal(result.status, 'forming');
    });

    it('lets only an invited member answer, and only once', async () => {
      const { team, people, company } = await formingTeam(2);
      const outsider = await createVolunteer(ctx.db);
      const noProfile = await createAccount(ctx.db, 'contributor');
      for (const user of [outsider.user, noProfile.user, company.user]) {
        await assert.rejects(
          respondToTeamInvitation(ctx.db, user.id, team.id, 'accept'),
          rejectsWith('forbidden', /Only contributors invited to this team/),
        );
      }
      await assert.rejects(answer(people[0], team.id + 10_000, 'accept'), rejectsWith('not_found'));

      await answer(people[0], team.id, 'decline');
      for (const choice of ['accept', 'decline'] as const) {
        await assert.rejects(answer(people[0], team.id, choice), rejectsWith('invalid_state', /already answered/));
      }
    });

    it('refuses answers once the team is completed or disbanded', async () => {
      for (const status of ['completed', 'disbanded']) {
        const { team, people } = await formingTeam(2, status);
        await assert.rejects(answer(people[0], team.id, 'accept'), rejectsWith('invalid_state'), status);
      }
    });

    it('passes the lead to the best remaining match when the leader declines', async () => {
      const { team, people } = await formingTeam(3);
      await answer(people[2], team.id, 'accept');
      const result = await answer(people[0], team.id, 'decline');
      const roles = Object.fromEntries(result.members.map((member) => [member.volunteer_id, member.role]));
      assert.deepEqual(roles, {
        [people[0].volunteer.id]: 'member',
        [people[1].volunteer.id]: 'leader',
        [people[2].volunteer.id]: 'member',
      });
      assert.equal(result.members[0].volunteer_id, people[1].volunteer.id, 'leader listed first');
    });

    it('activates the team exactly once when the last two accept at the same time', async () => {
      const { team, people } = await formingTeam(2);
      await Promise.all([answer(people[0], team.id, 'accept'), answer(people[1], team.id, 'accept')]);
      const row = await ctx.db.selectFrom('teams').select('status').where('id', '=', team.id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'active');
    });
  });
}
