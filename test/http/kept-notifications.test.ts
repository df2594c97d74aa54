import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Dialect } from '../../src/db/column-types.ts';
import { KeptItems } from '../../src/http/kept-items.ts';
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
  type Read,
  type ReadAnswer,
  readEach,
} from '../helpers/kept-reads.ts';
import { markOldestUnreadRead, newestNotification, tell } from '../helpers/notification-fixtures.ts';

/**
 * `GET /api/notifications` keeps each notification's head (id, type, title, message, link, data) as JSON and writes
 * only its tail (read state, action state, the challenge's title) on each read (kept-notifications.ts): after any
 * write, every page answers exactly what it answers with nothing kept, and exactly what the route answered before
 * it kept anything (the whole notifications through the route's serializer, as an app with a budget of 0 still
 * answers), byte for byte.
 */

type World = Awaited<ReturnType<typeof buildWorld>>;

/** Text a serializer must escape, and the very words that join a head to its tail. */
const AWKWARD = 'Quote " backslash \\ newline \n tab \t ","challenge":{"id":1} é ☃ 𝄞 </script>';

async function buildWorld(ctx: TestContext, dialect: Dialect) {
  const owner = await createCompany(ctx.db);
  const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active', title: 'Harbour rota' });
  const other = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const task = await createTask(ctx.db, challenge.id, { status: 'matching' });
  const applied = await createTask(ctx.db, other.id, { status: 'pending' });
  const reader = await createVolunteer(ctx.db);
  const second = await createVolunteer(ctx.db);
  const invitation = await createAssignment(ctx.db, task.id, reader.volunteer.id, { status: 'invited' });
  const team = await createTeam(ctx.db, challenge.id, [{ volunteerId: reader.volunteer.id, status: 'invited' }]);
  const world = { dialect, owner, challenge, other, task, applied, reader, second, invitation, team, step: 0 };
  await tell(ctx, reader.user.id, 'task_assignment', {
    challenge_id: challenge.id,
    task_id: task.id,
    assignment_id: invitation.id,
  });
  await tell(ctx, reader.user.id, 'team_invitation', { challenge_id: challenge.id, team_id: team.id });
  await tell(ctx, reader.user.id, 'challenge_analyzed', { challenge_id: other.id }, AWKWARD);
  await tell(ctx, reader.user.id, 'webhook_deactivated', {});
  await tell(ctx, second.user.id, 'task_interest', { challenge_id: other.id, task_id: applied.id });
  await tell(ctx, second.user.id, 'task_completed', { challenge_id: challenge.id, task_id: task.id });
  return world;
}

/** Every list a reader may ask for: whole, paged from either end, filtered by each filter. */
async function readsOf(ctx: TestContext, world: World): Promise<Read[]> {
  const reads: Read[] = [];
  for (const token of [world.reader.token, world.second.token]) {
    const first = await apiClient(ctx.app, token).get('/api/notifications?per_page=2');
    const last = first.data.meta.last_page;
    for (const path of [
      '/api/notifications',
      '/api/notifications?per_page=2',
      '/api/notifications?per_page=2&page=2',
      `/api/notifications?per_page=2&page=${last}`,
      '/api/notifications?unread_only=true',
      '/api/notifications?type=task_assignment',
      `/api/notifications?challenge_id=${world.challenge.id}`,
      '/api/notifications?challenge_id=0',
    ]) {
      reads.push({ token, path });
    }
  }
  return reads;
}

const answeredOk = (answer: ReadAnswer) => assert.equal(answer.status, 200, answer.body);

async function assertKeptEqualsRendered(ctx: TestContext, bare: FastifyInstance, world: World, afterWrite: string) {
  const reads = await readsOf(ctx, world);
  await assertKeptReads(ctx.app, reads, afterWrite, {
    forget: () => {
      ctx.deps.sharedReads.clear();
      ctx.deps.keptItems.clear();
    },
    eachAnswer: answeredOk,
    eachKept: async (answer, read) => {
      const [whole] = await readEach(bare, [read]);
      assert.equal(answer.body, whole!.body, `${read.path} as the whole notifications, after ${afterWrite}`);
      assert.deepEqual(answer.type, whole!.type);
    },
  });
}

/**
 * A new notification (the highest id of all), read so that its head is kept, then deleted by `remove`: what the
 * next notification written may take the id of.
 */
async function keptThenDeleted(
  ctx: TestContext,
  w: World,
  person: { user: { id: number }; token: string },
  remove: (id: number) => Promise<unknown>,
) {
  await tell(ctx, person.user.id, 'challenge_analyzed', { challenge_id: w.other.id }, `Soon gone ${w.step}`);
  const gone = await newestNotification(ctx, person.user.id);
  await readEach(ctx.app, [{ token: person.token, path: '/api/notifications' }], { eachAnswer: answeredOk });
  await remove(gone.id);
  return gone;
}

/** Every kind of write that changes what a listed notification shows; the API's where it has one, else the rows. */
const WRITES: Record<string, (ctx: TestContext, world: World) => Promise<unknown>> = {
  'one marked read (API)': (ctx, w) => markOldestUnreadRead(ctx, w.reader),
  'all marked read (API)': (ctx, w) => apiClient(ctx.app, w.second.token).post('/api/notifications/mark-all-read'),
  'a new notification': (ctx, w) =>
    tell(ctx, w.reader.user.id, 'task_assignment', { challenge_id: w.other.id, task_id: w.applied.id }),
  'the newest deleted (API), and its id handed out again': async (ctx, w) => {
    const gone = await keptThenDeleted(ctx, w, w.reader, (id) =>
      apiClient(ctx.app, w.reader.token).delete(`/api/notifications/${id}`),
    );
    await tell(ctx, w.reader.user.id, gone.type, {}, `Another one in its place ${w.step}`);
    // What the deletions count is for: SQLite hands the highest id out again.
    if (w.dialect === 'sqlite')
      assert.equal((await newestNotification(ctx, w.reader.user.id)).id, gone.id, 'id handed out again');
  },
  'one deleted by a statement, its id handed out again to the same user': async (ctx, w) => {
    const gone = await keptThenDeleted(ctx, w, w.second, (id) =>
      ctx.db.deleteFrom('notifications').where('id', '=', id).execute(),
    );
    await tell(ctx, w.second.user.id, gone.type, { challenge_id: w.challenge.id }, `In its place ${w.step}`);
    if (w.dialect === 'sqlite')
      assert.equal((await newestNotification(ctx, w.second.user.id)).id, gone.id, 'id handed out again');
  },
  'the invitation answered': (ctx, w) =>
    ctx.db
      .updateTable('assignments')
      .set({ status: w.step % 2 === 0 ? 'accepted' : 'invited' })
      .where('id', '=', w.invitation.id)
      .execute(),
  'the team invitation answered': (ctx, w) =>
    ctx.db
      .updateTable('team_members')
      .set({ status: w.step % 2 === 0 ? 'accepted' : 'invited' })
      .where('team_id', '=', w.team.id)
      .execute(),
  'the applied task staffed': (ctx, w) =>
    ctx.db
      .updateTable('tasks')
      .set({ status: w.step % 2 === 0 ? 'assigned' : 'pending' })
      .where('id', '=', w.applied.id)
      .execute(),
  'a challenge renamed and archived': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ title: `Renamed ${w.step}`, status: w.step % 2 === 0 ? 'archived' : 'active' })
      .where('id', '=', w.challenge.id)
      .execute(),
};

for (const dialect of testDialects()) {
  describe(`kept notification heads [${dialect}]`, () => {
    let ctx: TestContext;
    /** The same service keeping nothing: the route's answer as it was before it kept heads. */
    let bare: FastifyInstance;
    before(async () => {
      ctx = await createTestContext(dialect);
      bare = await buildApp({ ...ctx.deps, keptItems: new KeptItems(0) });
      await bare.ready();
    });
    after(async () => {
      await bare.close();
      await ctx.close();
    });

    it('answers the lists from kept heads, byte for byte, while nothing changed', async () => {
      const world = await buildWorld(ctx, dialect);
      await assertKeptEqualsRendered(ctx, bare, world, 'nothing');
      const { hits, misses } = ctx.deps.keptItems;
      // The pages themselves are kept whole too (kept-notification-pages.test.ts): rendered again, from the heads.
      await readEach(ctx.app, await readsOf(ctx, world), {
        forget: () => ctx.deps.sharedReads.clear(),
        eachAnswer: answeredOk,
      });
      assert.ok(ctx.deps.keptItems.hits > hits, 'the kept heads were used');
      assert.equal(ctx.deps.keptItems.misses, misses, 'nothing was loaded again');
    });

    for (const [name, write] of Object.entries(WRITES)) {
      it(`answers what it renders after: ${name}`, async () => {
        const world = await buildWorld(ctx, dialect);
        await assertKeptEqualsRendered(ctx, bare, world, 'nothing');
        for (world.step = 0; world.step < 2; world.step++) {
          await write(ctx, world);
          await assertKeptEqualsRendered(ctx, bare, world, `${name} (${world.step})`);
        }
      });
    }

    it('a user’s deletion leaves other users’ kept heads in use', async () => {
      const world = await buildWorld(ctx, dialect);
      const reads = (await readsOf(ctx, world)).filter((read) => read.token === world.second.token);
      await readEach(ctx.app, reads, { eachAnswer: answeredOk });
      const gone = await newestNotification(ctx, world.reader.user.id);
      await apiClient(ctx.app, world.reader.token).delete(`/api/notifications/${gone.id}`);
      const { misses } = ctx.deps.keptItems;
      await readEach(ctx.app, reads, { forget: () => ctx.deps.sharedReads.clear(), eachAnswer: answeredOk });
      assert.equal(ctx.deps.keptItems.misses, misses);
    });

    it('keeps nothing with a budget of 0', async () => {
      const world = await buildWorld(ctx, dialect);
      const before = { hits: ctx.deps.keptItems.hits, misses: ctx.deps.keptItems.misses };
      const kept = new KeptItems(0);
      const app = await buildApp({ ...ctx.deps, keptItems: kept });
      try {
        for (let i = 0; i < 2; i++) {
          const response = await apiClient(app, world.reader.token).get('/api/notifications');
          assert.equal(response.data.data.length, 4);
        }
        assert.deepEqual([kept.hits, kept.misses], [0, 0]);
        assert.deepEqual([ctx.deps.keptItems.hits, ctx.deps.keptItems.misses], [before.hits, before.misses]);
      } finally {
        await app.close();
      }
    });
  });
}
