import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXPIRED_MESSAGE } from '../../src/modules/assignments/assignments.state.ts';
import { expireInvitations } from '../../src/modules/assignments/expiry.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { matchTask } from '../../src/pipeline/matching/matching.service.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment } from '../helpers/factories.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { assignmentsOfTask, contributor, invitedVolunteerIds, openTask, skillNames } from './matching-fixtures.ts';

/**
 * Issue 13, item 1: a contributor holds at most MAX_OPEN_INVITATIONS open invitations, whoever invites them, and an
 * invitation lapses after INVITATION_TTL_HOURS, after which the next candidate is invited.
 */
for (const dialect of testDialects()) {
  describe(`invitation limits and expiry [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { MAX_OPEN_INVITATIONS: '2', INVITATION_TTL_HOURS: '48' });
    });
    after(() => ctx.close());

    /** A strong and a weaker contributor both fitting `count` open tasks of one skill set. */
    async function twoFitForTasks(count: number) {
      const skills = skillNames('Rust', 'Tokio');
      const all = (level: string) => Object.fromEntries(skills.map((name) => [name, level]));
      const best = await contributor(ctx.db, { skills: all('expert'), volunteer: { reputation_score: 500 } });
      const next = await contributor(ctx.db, { skills: all('advanced'), volunteer: { reputation_score: 40 } });
      const tasks = [];
      for (let i = 0; i < count; i++) tasks.push((await openTask(ctx.db, skills)).task);
      return { best, next, tasks };
    }

    it('invites nobody to more than MAX_OPEN_INVITATIONS open invitations; the next best is invited instead', async () => {
      const { best, next, tasks } = await twoFitForTasks(4);
      for (const task of tasks) await matchTask(ctx.deps, task.id);
      const invitedTo = async (volunteerId: number) => {
        const ids = [];
        for (const task of tasks)
          if ((await invitedVolunteerIds(ctx.db, task.id)).includes(volunteerId)) ids.push(task.id);
        return ids;
      };
      assert.deepEqual(await invitedTo(best.volunteer.id), [tasks[0].id, tasks[1].id]);
      assert.deepEqual(await invitedTo(next.volunteer.id), [tasks[0].id, tasks[1].id]);
      // Both at the limit: the last two tasks wait for someone with room.
      assert.deepEqual(await invitedVolunteerIds(ctx.db, tasks[2].id), []);
      assert.equal((await notificationsOf(ctx.db, best.user.id)).length, 2);
    });

    it('counts a lapsed invitation the expiry job has not reached yet as gone', async () => {
      const { best, tasks } = await twoFitForTasks(3);
      const past = new Date(Date.now() - 1000).toISOString();
      await createAssignment(ctx.db, tasks[0].id, best.volunteer.id, { expires_at: past });
      await createAssignment(ctx.db, tasks[1].id, best.volunteer.id, { expires_at: null });
      await matchTask(ctx.deps, tasks[2].id);
      assert.ok((await invitedVolunteerIds(ctx.db, tasks[2].id)).includes(best.volunteer.id));
    });

    it('holds the limit when matching runs for several tasks at once', async () => {
      const { best, tasks } = await twoFitForTasks(4);
      await Promise.all(tasks.map((task) => matchTask(ctx.deps, task.id)));
      const open = await ctx.db
        .selectFrom('assignments')
        .select('id')
        .where('volunteer_id', '=', best.volunteer.id)
        .where('status', '=', 'invited')
        .execute();
      assert.ok(open.length <= 2, `${open.length} open invitations`);
    });

    it('gives each invitation an expiry INVITATION_TTL_HOURS away, shown on the assignment and in the notification', async () => {
      const { best, tasks } = await twoFitForTasks(1);
      const [id] = await matchTask(ctx.deps, tasks[0].id);
      const response = await apiClient(ctx.app, best.token).get(`/api/assignments/${id}`);
      assert.equal(response.statusCode, 200, response.body);
      const { invited_at, expires_at } = response.data;
      assert.equal(Date.parse(expires_at) - Date.parse(invited_at), 48 * 3600_000);
      const [notification] = await notificationsOf(ctx.db, best.user.id);
      assert.match(notification.message, /within 48 hours/);
    });

    it('expires unanswered invitations: declined with the reason, invitee told, the next candidate invited', async () => {
      const { best, next, tasks } = await twoFitForTasks(1);
      await ctx.deps.db
        .updateTable('assignments')
        .set({ status: 'declined' })
        .where('status', '=', 'invited')
        .execute();
      const [task] = tasks;
      const invitation = await createAssignment(ctx.db, task.id, best.volunteer.id, {
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      });
      const client = apiClient(ctx.app, best.token);

      // Past its time, before the job ran: it cannot be accepted.
      const early = await client.post(`/api/assignments/${invitation.id}/accept`);
      assert.equal(early.statusCode, 422, early.body);
      assert.equal(early.data.message, EXPIRED_MESSAGE);

      const expired = await expireInvitations(ctx.deps);
      assert.ok(expired.includes(invitation.id));
      const row = (await assignmentsOfTask(ctx.db, task.id)).find((a) => a.id === invitation.id)!;
      assert.equal(row.status, 'declined');
      assert.equal(row.decline_reason, 'The invitation expired: it was not answered within 48 hours.');
      assert.equal(row.responded_at, null);
      assert.equal(row.withdrawn_at, null);
      const [notification] = await notificationsOf(ctx.db, best.user.id);
      assert.equal(notification.type, 'invitation_expired');
      assert.equal(notification.action_url, `/assignments/${invitation.id}`);
      const matches = (await queuedJobs(ctx, 'task.match')).filter((job) => job.payload.taskId === task.id);
      assert.equal(matches.length, 1);

      for (const action of ['accept', 'reject']) {
        const late = await client.post(`/api/assignments/${invitation.id}/${action}`);
        assert.equal(late.statusCode, 422, late.body);
        assert.equal(late.data.message, EXPIRED_MESSAGE);
      }
      // A second run finds nothing more to do.
      assert.deepEqual(
        (await expireInvitations(ctx.deps)).filter((id) => id === invitation.id),
        [],
      );

      // The queued match invites the next candidate, never the one whose invitation expired.
      await jobRegistry['task.match'].handle(ctx.deps, { taskId: task.id });
      const invited = await invitedVolunteerIds(ctx.db, task.id);
      assert.ok(invited.includes(next.volunteer.id));
      assert.ok(!invited.includes(best.volunteer.id));
    });

    it('leaves invitations within their time alone, and is a periodic job', async () => {
      const { best, tasks } = await twoFitForTasks(1);
      const invitation = await createAssignment(ctx.db, tasks[0].id, best.volunteer.id, {
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      });
      await jobRegistry['assignments.expire-invitations'].handle(ctx.deps, {});
      const row = (await assignmentsOfTask(ctx.db, tasks[0].id)).find((a) => a.id === invitation.id)!;
      assert.equal(row.status, 'invited');
    });
  });
}
