import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { formTeam } from '../../src/pipeline/teams/team-formation.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';
import { contributor, openTask, skillNames } from './matching-fixtures.ts';

/** Team formation (contract §6 step 5): once two or more contributors are involved in a challenge. */
function teamsOf(db: Db, challengeId: number) {
  return db.selectFrom('teams').selectAll().where('challenge_id', '=', challengeId).execute();
}

function membersOf(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .select(['volunteer_id', 'role', 'status'])
    .where('team_id', '=', teamId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row })));
}

async function teamInvitations(db: Db, userId: number) {
  return (await notificationsOf(db, userId)).filter((n) => n.type === 'team_invitation');
}

for (const dialect of testDialects()) {
  describe(`team formation [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A challenge with two tasks, and people invited to them with given match scores. */
    async function challengeWith(scores: Array<{ score: number; status?: string }>) {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id, { title: 'Clinic booking app' });
      const tasks = [await createTask(ctx.db, challenge.id), await createTask(ctx.db, challenge.id)];
      const people = [];
      for (const [index, { score, status }] of scores.entries()) {
        const person = await createVolunteer(ctx.db);
        await createAssignment(ctx.db, tasks[index % 2].id, person.volunteer.id, {
          match_score: score,
          status: status ?? 'invited',
        });
        people.push(person);
      }
      return { company, challenge, tasks, people };
    }

    it('waits for a second contributor, then forms one team led by the best match and invites everyone', async () => {
      const { challenge, tasks, people } = await challengeWith([{ score: 71 }]);
      assert.equal(await formTeam(ctx.db, challenge.id), null);
      assert.deepEqual(await teamsOf(ctx.db, challenge.id), []);

      const second = await createVolunteer(ctx.db);
      await createAssignment(ctx.db, tasks[1].id, second.volunteer.id, { match_score: 88 });
      const teamId = await formTeam(ctx.db, challenge.id);

      const [team] = await teamsOf(ctx.db, challenge.id);
      assert.equal(team.id, teamId);
      assert.equal(team.status, 'forming');
      assert.equal(team.name, 'Clinic booking app team');
      assert.deepEqual(await membersOf(ctx.db, team.id), [
        { volunteer_id: second.volunteer.id, role: 'leader', status: 'invited' },
        { volunteer_id: people[0].volunteer.id, role: 'member', status: 'invited' },
      ]);
      for (const person of [second, people[0]]) {
        const [invitation] = await teamInvitations(ctx.db, person.user.id);
        assert.equal(invitation.action_url, `/teams/${team.id}`);
        assert.deepEqual(JSON.parse(invitation.data), { challenge_id: challenge.id, team_id: team.id });
        assert.match(invitation.message, /Clinic booking app team/);
      }
      assert.match((await teamInvitations(ctx.db, second.user.id))[0].message, /to lead/);
    });

    it('counts distinct contributors, and not those who declined', async () => {
      const { challenge, tasks, people } = await challengeWith([{ score: 90 }, { score: 80, status: 'declined' }]);
      // The same contributor on the second task too is still one contributor.
      await createAssignment(ctx.db, tasks[1].id, people[0].volunteer.id, { match_score: 60 });
      assert.equal(await formTeam(ctx.db, challenge.id), null);
      assert.deepEqual(await teamsOf(ctx.db, challenge.id), []);
    });

    it('forms the team once, however often or concurrently it runs', async () => {
      const { challenge, people } = await challengeWith([{ score: 70 }, { score: 75 }, { score: 65 }]);
      await Promise.all([formTeam(ctx.db, challenge.id), formTeam(ctx.db, challenge.id)]);
      await jobRegistry['challenge.form-team'].handle(ctx.deps, { challengeId: challenge.id });
      const teams = await teamsOf(ctx.db, challenge.id);
      assert.equal(teams.length, 1);
      assert.equal((await membersOf(ctx.db, teams[0].id)).length, 3);
      for (const person of people) assert.equal((await teamInvitations(ctx.db, person.user.id)).length, 1);
    });

    it('adds later invitees to the existing team as invited members, leaving earlier answers alone', async () => {
      const { challenge, tasks, people } = await challengeWith([{ score: 70 }, { score: 75 }]);
      const teamId = (await formTeam(ctx.db, challenge.id))!;
      await ctx.db
        .updateTable('team_members')
        .set({ status: 'accepted' })
        .where('volunteer_id', '=', people[1].volunteer.id)
        .execute();

      const late = await createVolunteer(ctx.db);
      await createAssignment(ctx.db, tasks[0].id, late.volunteer.id, { match_score: 99 });
      assert.equal(await formTeam(ctx.db, challenge.id), teamId);
      assert.deepEqual(await membersOf(ctx.db, teamId), [
        { volunteer_id: people[1].volunteer.id, role: 'leader', status: 'accepted' },
        { volunteer_id: people[0].volunteer.id, role: 'member', status: 'invited' },
        { volunteer_id: late.volunteer.id, role: 'member', status: 'invited' },
      ]);
      assert.equal((await teamInvitations(ctx.db, late.user.id)).length, 1);
      assert.equal((await teamInvitations(ctx.db, people[0].user.id)).length, 1);
    });

    it('adds no one to a completed or disbanded team', async () => {
      for (const status of ['completed', 'disbanded']) {
        const { challenge, tasks } = await challengeWith([{ score: 70 }, { score: 75 }]);
        const teamId = (await formTeam(ctx.db, challenge.id))!;
        await ctx.db.updateTable('teams').set({ status }).where('id', '=', teamId).execute();
        const late = await createVolunteer(ctx.db);
        await createAssignment(ctx.db, tasks[0].id, late.volunteer.id, { match_score: 80 });
        await formTeam(ctx.db, challenge.id);
        assert.equal((await membersOf(ctx.db, teamId)).length, 2, status);
      }
    });

    it('follows matching: the invitations of a challenge become its team, led by the best match score', async () => {
      const skills = skillNames('Flutter', 'Firebase');
      const { task, challenge } = await openTask(ctx.db, skills);
      const people = [
        await contributor(ctx.db, { skills: { [skills[0]]: 'advanced', [skills[1]]: 'advanced' } }),
        await contributor(ctx.db, { skills: { [skills[0]]: 'expert', [skills[1]]: 'expert' } }),
      ];
      await matchTask(ctx.deps, task.id);
      await jobRegistry['challenge.form-team'].handle(ctx.deps, { challengeId: challenge.id });
      const [team] = await teamsOf(ctx.db, challenge.id);
      const members = await membersOf(ctx.db, team.id);
      assert.deepEqual(
        members.map((member) => [member.volunteer_id, member.role]),
        [
          [people[1].volunteer.id, 'leader'],
          [people[0].volunteer.id, 'member'],
        ],
      );
    });
  });
}
