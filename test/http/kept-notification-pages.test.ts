import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dialect } from '../../src/db/column-types.ts';
import type { AssignmentStatus } from '../../src/modules/assignments/assignments.state.ts';
import type { TaskStatus } from '../../src/modules/tasks/tasks.state.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import {
  assertKeptEqualsRendered as assertKeptReads,
  itAnswersWhatItRendersAfterEachWrite,
  type ReadAnswer,
  readEach,
} from '../helpers/kept-reads.ts';
import { markOldestUnreadRead, newestNotification, tell } from '../helpers/notification-fixtures.ts';

/**
 * A user's notification pages — any page, any filter — are kept whole by each process and sent again while the
 * version of what they show stands (src/http/user-pages.ts): the user's own notifications (migration 0035), the
 * challenges they name (0032), the assignments they name (their contributors' versions, 0034) and the teams whose
 * invitations they show (0035). After any write that changes one, every page answers exactly what it answers with
 * nothing kept: a write whose bump is missing leaves a page stale, and fails here.
 */

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld(ctx: TestContext, dialect: Dialect) {
  const owner = await createCompany(ctx.db);
  const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active', title: 'Harbour rota' });
  const other = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const reader = await createVolunteer(ctx.db);
  const second = await createVolunteer(ctx.db);
  const invitedTask = await createTask(ctx.db, challenge.id, { status: 'matching' });
  const invitation = await createAssignment(ctx.db, invitedTask.id, reader.volunteer.id, { status: 'invited' });
  const workedTask = await createTask(ctx.db, other.id, { status: 'in_progress' });
  const revision = await createAssignment(ctx.db, workedTask.id, reader.volunteer.id, {
    status: 'in_progress',
  });
  const reviewedTask = await createTask(ctx.db, challenge.id, { status: 'in_progress' });
  const submitted = await createAssignment(ctx.db, reviewedTask.id, second.volunteer.id, { status: 'submitted' });
  const applied = await createTask(ctx.db, other.id, { status: 'pending' });
  const team = await createTeam(ctx.db, challenge.id, [{ volunteerId: reader.volunteer.id, status: 'invited' }]);
  const world = {
    dialect,
    owner,
    challenge,
    other,
    reader,
    second,
    invitation,
    revision,
    submitted,
    applied,
    team,
    tasks: { invitedTask, workedTask, reviewedTask },
    step: 0,
  };
  const about = challenge.id;
  await tell(ctx, reader.user.id, 'task_assignment', {
    challenge_id: about,
    task_id: invitedTask.id,
    assignment_id: invitation.id,
  });
  await tell(ctx, reader.user.id, 'team_invitation', { challenge_id: about, team_id: team.id });
  await tell(ctx, reader.user.id, 'solution_revision_requested', {
    challenge_id: other.id,
    task_id: workedTask.id,
    assignment_id: revision.id,
  });
  await tell(ctx, reader.user.id, 'webhook_deactivated', {});
  await tell(ctx, owner.user.id, 'solution_submitted', {
    challenge_id: about,
    task_id: reviewedTask.id,
    assignment_id: submitted.id,
  });
  await tell(ctx, owner.user.id, 'task_interest', { challenge_id: other.id, task_id: applied.id });
  await tell(ctx, owner.user.id, 'challenge_analyzed', { challenge_id: other.id });
  await tell(ctx, second.user.id, 'task_completed', { challenge_id: about, task_id: reviewedTask.id });
  return world;
}

/** Every list each reader may ask for: whole, paged, filtered by each filter. */
function readsOf(world: World) {
  return [world.reader.token, world.owner.token, world.second.token].flatMap((token) =>
    [
      '/api/notifications',
      '/api/notifications?per_page=2',
      '/api/notifications?per_page=2&page=2',
      '/api/notifications?unread_only=true',
      '/api/notifications?type=task_assignment',
      `/api/notifications?challenge_id=${world.challenge.id}`,
      '/api/notifications?challenge_id=0',
    ].map((path) => ({ token, path })),
  );
}

const answeredOk = (answer: ReadAnswer) => assert.equal(answer.status, 200, answer.body);

function forgetAll(ctx: TestContext) {
  ctx.deps.sharedReads.clear();
  ctx.deps.keptItems.clear();
}

function assertKeptEqualsRendered(ctx: TestContext, world: World, afterWrite: string) {
  return assertKeptReads(ctx.app, readsOf(world), afterWrite, { forget: () => forgetAll(ctx), eachAnswer: answeredOk });
}

const assignmentStatus = (ctx: TestContext, id: number, status: AssignmentStatus) =>
  ctx.db.updateTable('assignments').set({ status }).where('id', '=', id).execute();

const taskStatus = (ctx: TestContext, id: number, status: TaskStatus) =>
  ctx.db.updateTable('tasks').set({ status }).where('id', '=', id).execute();

/** Every kind of write that changes what a notification page shows; the API's where it has one, else the rows. */
const WRITES: Record<string, (ctx: TestContext, world: World) => Promise<unknown>> = {
  'a new notification': (ctx, w) =>
    tell(ctx, w.reader.user.id, 'task_assignment', { challenge_id: w.other.id, task_id: w.applied.id }, `${w.step}`),
  'one marked read (API)': (ctx, w) => markOldestUnreadRead(ctx, w.reader),
  'all marked read (API)': (ctx, w) => apiClient(ctx.app, w.owner.token).post('/api/notifications/mark-all-read'),
  'the newest deleted (API), and its id handed out again': async (ctx, w) => {
    const gone = await newestNotification(ctx, w.reader.user.id);
    await apiClient(ctx.app, w.reader.token).delete(`/api/notifications/${gone.id}`);
    await tell(ctx, w.reader.user.id, 'challenge_analyzed', { challenge_id: w.other.id }, `In its place ${w.step}`);
  },
  'one deleted by a statement': async (ctx, w) => {
    const gone = await newestNotification(ctx, w.reader.user.id);
    await ctx.db.deleteFrom('notifications').where('id', '=', gone.id).execute();
  },
  // Declined rather than accepted: the reader's other assignment is active, and a contributor holds one at a time.
  'the invitation declined, or open again': (ctx, w) =>
    assignmentStatus(ctx, w.invitation.id, w.step % 2 === 0 ? 'declined' : 'invited'),
  'the invitation withdrawn, its task done': async (ctx, w) => {
    await ctx.db
      .updateTable('assignments')
      .set({ status: 'declined', withdrawn_at: new Date().toISOString() })
      .where('id', '=', w.invitation.id)
      .execute();
    await taskStatus(ctx, w.tasks.invitedTask.id, w.step % 2 === 0 ? 'completed' : 'matching');
  },
  'the revision handed in': (ctx, w) =>
    assignmentStatus(ctx, w.revision.id, w.step % 2 === 0 ? 'submitted' : 'in_progress'),
  "another contributor's solution reviewed": (ctx, w) =>
    assignmentStatus(ctx, w.submitted.id, w.step % 2 === 0 ? 'completed' : 'submitted'),
  'the applied task staffed': (ctx, w) => taskStatus(ctx, w.applied.id, w.step % 2 === 0 ? 'assigned' : 'pending'),
  'the team invitation answered': (ctx, w) =>
    ctx.db
      .updateTable('team_members')
      .set({ status: w.step % 2 === 0 ? 'accepted' : 'declined' })
      .where('team_id', '=', w.team.id)
      .execute(),
  'the team invitation withdrawn, or made again': async (ctx, w) => {
    const member = await ctx.db
      .selectFrom('team_members')
      .select('id')
      .where('team_id', '=', w.team.id)
      .where('volunteer_id', '=', w.reader.volunteer.id)
      .executeTakeFirst();
    if (member) await ctx.db.deleteFrom('team_members').where('id', '=', member.id).execute();
    else {
      await ctx.db
        .insertInto('team_members')
        .values({
          team_id: w.team.id,
          volunteer_id: w.reader.volunteer.id,
          role: 'member',
          status: 'invited',
          invited_at: new Date().toISOString(),
          responded_at: null,
        })
        .execute();
    }
  },
  'a challenge renamed and archived': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ title: `Renamed ${w.step}`, status: w.step % 2 === 0 ? 'archived' : 'active' })
      .where('id', '=', w.challenge.id)
      .execute(),
  'the other challenge finished': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ status: w.step % 2 === 0 ? 'completed' : 'active' })
      .where('id', '=', w.other.id)
      .execute(),
};

for (const dialect of testDialects()) {
  describe(`kept notification pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('sends each page kept whole while nothing changed', async () => {
      const world = await buildWorld(ctx, dialect);
      await assertKeptEqualsRendered(ctx, world, 'nothing');
      const { hits, misses } = ctx.deps.sharedReads;
      await readEach(ctx.app, readsOf(world), { eachAnswer: answeredOk });
      assert.equal(ctx.deps.sharedReads.misses, misses, 'nothing rendered again');
      assert.equal(ctx.deps.sharedReads.hits, hits + readsOf(world).length);
    });

    itAnswersWhatItRendersAfterEachWrite(
      () => ctx,
      WRITES,
      (ctx) => buildWorld(ctx, dialect),
      assertKeptEqualsRendered,
    );

    it('keeps a page showing an open invitation only until it expires', async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const task = await createTask(ctx.db, challenge.id, { status: 'matching' });
      const me = await createVolunteer(ctx.db);
      const expiresAt = new Date(Date.now() + 1_500).toISOString();
      const invitation = await createAssignment(ctx.db, task.id, me.volunteer.id, {
        status: 'invited',
        expires_at: expiresAt,
      });
      await tell(ctx, me.user.id, 'task_assignment', {
        challenge_id: challenge.id,
        task_id: task.id,
        assignment_id: invitation.id,
      });
      const read = [{ token: me.token, path: '/api/notifications' }];
      const [open] = await readEach(ctx.app, [...read, ...read], { eachAnswer: answeredOk });
      assert.equal(JSON.parse(open!.body).data[0].actionable, true);
      await sleep(Math.max(0, Date.parse(expiresAt) - Date.now()) + 50);
      const [kept] = await readEach(ctx.app, read, { eachAnswer: answeredOk });
      assert.equal(JSON.parse(kept!.body).data[0].inactive_reason, 'The invitation expired.');
    });

    it('keeps no page naming a target that is gone', async () => {
      const world = await buildWorld(ctx, dialect);
      await ctx.db.deleteFrom('tasks').where('id', '=', world.tasks.workedTask.id).execute();
      const reads = [{ token: world.reader.token, path: '/api/notifications' }];
      const before = ctx.deps.sharedReads.hits;
      const [first, again] = await readEach(ctx.app, [...reads, ...reads], { eachAnswer: answeredOk });
      assert.equal(ctx.deps.sharedReads.hits, before, 'rendered every time');
      assert.equal(first!.body, again!.body);
      assert.ok(first!.body.includes('The task was removed from its challenge.'));
    });
  });
}
