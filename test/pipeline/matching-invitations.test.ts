import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { matchTask, matchVolunteer } from '../../src/pipeline/matching/matching.service.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import {
  assignmentsOfTask,
  contributor,
  formTeamJobsOf,
  invitedVolunteerIds,
  openTask,
  skillNames,
  taskStatus,
} from './matching-fixtures.ts';

/**
 * Invitations (contract §6 step 4): the best three scoring at least 60, stored with score and reasoning, notified,
 * the task moved to `matching` and team formation queued; topped up after a decline, never beyond three.
 */
for (const dialect of testDialects()) {
  describe(`matching invitations [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /**
     * Five contributors who all qualify, in a known order of merit (proficiency falls, then reputation), and one who
     * holds one of the three skills at beginner level only: no fit for a mid-level task.
     */
    async function rankedField() {
      const skills = skillNames('Node.js', 'PostgreSQL', 'Docker');
      const scenario = await openTask(ctx.db, skills, { task: { title: 'Build the booking API' } });
      const all = (level: string) => Object.fromEntries(skills.map((name) => [name, level]));
      const field = [
        await contributor(ctx.db, { skills: all('advanced'), volunteer: { reputation_score: 10 } }),
        await contributor(ctx.db, { skills: all('expert'), volunteer: { reputation_score: 500 } }),
        await contributor(ctx.db, { skills: all('intermediate'), volunteer: { reputation_score: 5 } }),
        await contributor(ctx.db, { skills: all('expert'), volunteer: { reputation_score: 30 } }),
        await contributor(ctx.db, { skills: all('advanced'), volunteer: { reputation_score: 20 } }),
      ];
      const weak = await contributor(ctx.db, { skills: { [skills[0]]: 'beginner' } });
      // Best first: expert/500, expert/30, advanced/20, advanced/10, intermediate/5.
      const order = [1, 3, 4, 0, 2].map((index) => field[index]);
      return { ...scenario, skills, order, weak };
    }

    it('invites the best three scoring at least 60, with score, reasoning, notification and team formation', async () => {
      const { task, challenge, skills, order, weak } = await rankedField();
      const ids = await matchTask(ctx.deps, task.id);

      const rows = await assignmentsOfTask(ctx.db, task.id);
      assert.equal(rows.length, 3);
      assert.deepEqual(
        ids,
        rows.map((row) => row.id),
      );
      assert.deepEqual(
        rows.map((row) => row.volunteer_id),
        order.slice(0, 3).map((person) => person.volunteer.id),
      );
      for (const row of rows) {
        assert.equal(row.status, 'invited');
        assert.ok(row.invited_at);
        assert.ok(row.match_score! >= 60 && row.match_score! <= 100, String(row.match_score));
        const reasoning = JSON.parse(row.match_reasoning!);
        assert.deepEqual(Object.keys(reasoning).sort(), [
          'gaps',
          'matched_skills',
          'skill_match_percentage',
          'strengths',
          'summary',
        ]);
        assert.equal(reasoning.skill_match_percentage, 100);
        for (const skill of skills)
          assert.ok(
            reasoning.strengths.some((s: string) => s.includes(skill)),
            skill,
          );
      }
      const scores = rows.map((row) => row.match_score!);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
        'best first',
      );
      assert.ok(!rows.some((row) => row.volunteer_id === weak.volunteer.id));

      assert.equal(await taskStatus(ctx.db, task.id), 'matching');
      for (const row of rows) {
        const person = order.find((p) => p.volunteer.id === row.volunteer_id)!;
        const [notification] = await notificationsOf(ctx.db, person.user.id);
        assert.equal(notification.type, 'task_assignment');
        assert.equal(notification.action_url, `/assignments/${row.id}`);
        assert.match(notification.message, /Build the booking API/);
        assert.deepEqual(JSON.parse(notification.data), {
          challenge_id: challenge.id,
          task_id: task.id,
          assignment_id: row.id,
        });
      }
      assert.equal((await formTeamJobsOf(ctx, challenge.id)).length, 1);
    });

    it('stores reasoning that names the matched skills as strengths and the missing ones as gaps', async () => {
      const [api, db, docker] = skillNames('Express', 'MongoDB', 'Kubernetes');
      const { task } = await openTask(ctx.db, [api, db, docker]);
      await contributor(ctx.db, { skills: { [api]: 'expert', [db]: 'expert' } });
      await matchTask(ctx.deps, task.id);
      const [row] = await assignmentsOfTask(ctx.db, task.id);
      const reasoning = JSON.parse(row.match_reasoning!);
      assert.equal(reasoning.skill_match_percentage, 67);
      assert.ok(reasoning.strengths.includes(`Has ${api} at expert level.`));
      assert.ok(reasoning.strengths.includes(`Has ${db} at expert level.`));
      assert.deepEqual(
        reasoning.gaps.filter((gap: string) => gap.startsWith('Does not list')),
        [`Does not list ${docker}.`],
      );
      assert.match(reasoning.summary, new RegExp(`^Match score ${row.match_score}/100`));
    });

    it('invites no one below the threshold, and leaves the task pending', async () => {
      // A student holding one of the skills at a working level fits a senior task's skills but not its level:
      // about 52 points.
      const skills = skillNames('Terraform', 'AWS', 'Ansible');
      const { task, challenge } = await openTask(ctx.db, skills, { task: { required_experience_level: 'senior' } });
      await contributor(ctx.db, {
        skills: { [skills[0]]: 'intermediate' },
        volunteer: { experience_level: 'student' },
      });
      assert.deepEqual(await matchTask(ctx.deps, task.id), []);
      assert.deepEqual(await assignmentsOfTask(ctx.db, task.id), []);
      assert.equal(await taskStatus(ctx.db, task.id), 'pending');
      assert.deepEqual(await formTeamJobsOf(ctx, challenge.id), [], 'no team to form');
    });

    it('is idempotent: a second run, or two at once, invite no one more', async () => {
      const { task, order } = await rankedField();
      await Promise.all([matchTask(ctx.deps, task.id), matchTask(ctx.deps, task.id)]);
      assert.deepEqual(await matchTask(ctx.deps, task.id), []);
      assert.deepEqual(
        await invitedVolunteerIds(ctx.db, task.id),
        order.slice(0, 3).map((person) => person.volunteer.id),
      );
      for (const person of order.slice(0, 3)) assert.equal((await notificationsOf(ctx.db, person.user.id)).length, 1);
    });

    it('after a decline through the API, a new run invites the next best and never the one who declined', async () => {
      const { task, order } = await rankedField();
      await matchTask(ctx.deps, task.id);
      const [first] = await assignmentsOfTask(ctx.db, task.id);
      const response = await apiClient(ctx.app, order[0].token).post(`/api/assignments/${first.id}/reject`, {
        reason: 'No time this month.',
      });
      assert.equal(response.statusCode, 200, response.body);

      await jobRegistry['task.match'].handle(ctx.deps, { taskId: task.id });
      assert.deepEqual(
        await invitedVolunteerIds(ctx.db, task.id),
        order.slice(1, 4).map((person) => person.volunteer.id),
      );
      // Declining again exhausts the field down to the last qualified contributor, then no one is left.
      for (const person of order.slice(1, 3)) {
        const rows = await assignmentsOfTask(ctx.db, task.id);
        const mine = rows.find((row) => row.volunteer_id === person.volunteer.id)!;
        await apiClient(ctx.app, person.token).post(`/api/assignments/${mine.id}/reject`, {});
        await matchTask(ctx.deps, task.id);
      }
      assert.deepEqual(
        await invitedVolunteerIds(ctx.db, task.id),
        order.slice(3, 5).map((person) => person.volunteer.id),
      );
    });

    it('tops up to the configured number of open invitations as new contributors appear', async () => {
      const skills = skillNames('Vue', 'CSS');
      const { task } = await openTask(ctx.db, skills);
      const all = Object.fromEntries(skills.map((name) => [name, 'expert']));
      const first = await contributor(ctx.db, { skills: all });
      await matchTask(ctx.deps, task.id);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [first.volunteer.id]);

      const later = [await contributor(ctx.db, { skills: all }), await contributor(ctx.db, { skills: all })];
      await matchTask(ctx.deps, task.id, { invitationsPerTask: 2, minimumScore: 60 });
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [first.volunteer.id, later[0].volunteer.id]);
      await matchTask(ctx.deps, task.id);
      assert.equal((await invitedVolunteerIds(ctx.db, task.id)).length, 3);
    });

    it('stops matching a task once someone accepted it', async () => {
      const { task, order } = await rankedField();
      await matchTask(ctx.deps, task.id, { invitationsPerTask: 1, minimumScore: 60 });
      const [invitation] = await assignmentsOfTask(ctx.db, task.id);
      const accepted = await apiClient(ctx.app, order[0].token).post(`/api/assignments/${invitation.id}/accept`);
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(await taskStatus(ctx.db, task.id), 'assigned');
      assert.deepEqual(await matchTask(ctx.deps, task.id), []);
      assert.equal((await assignmentsOfTask(ctx.db, task.id)).length, 1);
    });
    it('passes over a contributor being invited elsewhere right now, and tries the task again shortly', {
      skip: dialect === 'sqlite' && 'SQLite runs one write transaction at a time: no row is ever held',
    }, async () => {
      const skills = skillNames('Node.js');
      const { task } = await openTask(ctx.db, skills);
      const only = await contributor(ctx.db, { skills: { [skills[0]]: 'expert' } });
      // Another transaction inviting them to another task holds their row.
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('volunteers').select('id').where('id', '=', only.volunteer.id).forUpdate().execute();
        holding();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await held;
      const retriesBefore = (await queuedJobs(ctx, 'task.match')).filter((job) => job.payload.taskId === task.id);
      try {
        assert.deepEqual(await matchTask(ctx.deps, task.id), [], 'their row is held: nobody else fits');
      } finally {
        release();
        await holder;
      }
      const retries = (await queuedJobs(ctx, 'task.match')).filter((job) => job.payload.taskId === task.id);
      assert.equal(retries.length, retriesBefore.length + 1, 'task.match queued again for the task');
      // The retry (run here directly) invites them once the other transaction is done.
      assert.equal((await matchTask(ctx.deps, task.id)).length, 1);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [only.volunteer.id]);
    });

    it('leaves the places beside people of the trade open rather than invite outsiders, in every round', async () => {
      const { task } = await openTask(ctx.db, ['SQL']);
      const inField = (domains: string[]) => ({ professional_domains: JSON.stringify(domains) });
      const analyst = await contributor(ctx.db, { skills: { SQL: 'advanced' }, volunteer: inField(['data']) });
      const nurse = await contributor(ctx.db, { skills: { SQL: 'expert' }, volunteer: inField(['health']) });
      assert.equal((await matchTask(ctx.deps, task.id)).length, 1);
      assert.deepEqual(await invitedVolunteerIds(ctx.db, task.id), [analyst.volunteer.id]);
      // A second round, and an outsider whose CV was just analysed, still find the analyst's invitation open.
      assert.deepEqual(await matchTask(ctx.deps, task.id), []);
      const lawyer = await contributor(ctx.db, { skills: { SQL: 'expert' }, volunteer: inField(['law']) });
      assert.deepEqual(await matchVolunteer(ctx.deps, lawyer.volunteer.id), []);
      // Nobody of the trade on a task: the outsiders are invited.
      const other = await openTask(ctx.db, ['SQL'], { task: { title: 'Clean the ward audit data' } });
      await ctx.db
        .updateTable('volunteers')
        .set(inField(['finance']))
        .where('id', '=', analyst.volunteer.id)
        .execute();
      assert.equal((await matchTask(ctx.deps, other.task.id)).length, 3);
      assert.equal((await invitedVolunteerIds(ctx.db, other.task.id)).includes(nurse.volunteer.id), true);
    });
  });
}
