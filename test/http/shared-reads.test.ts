import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import fc from 'fast-check';
import type { ChallengeStatus } from '../../src/modules/challenges/challenges.state.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createChallenge,
  createCompany,
  createIdea,
  createTask,
  createVolunteer,
  createWorkstream,
} from '../helpers/factories.ts';
import { assertKeptEqualsRendered as assertKeptReads, readEach } from '../helpers/kept-reads.ts';

/**
 * The kept bodies of the shared reads (src/http/shared-reads.ts, migration 0032): after any write, every read answers
 * exactly what it answers when nothing is kept. Each check reads everything as every viewer (from the bodies kept
 * before, where their versions allow), then each read again with nothing kept, compares the bytes, and keeps every
 * viewer's bodies again for the check after the next write.
 */

const DAY_MS = 24 * 3600 * 1000;
type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld(ctx: TestContext) {
  const owner = await createCompany(ctx.db);
  const other = await createCompany(ctx.db);
  const voter = await createVolunteer(ctx.db);
  const author = await createVolunteer(ctx.db);
  const team = await createChallenge(ctx.db, owner.company.id);
  const workstream = await createWorkstream(ctx.db, team.id);
  const task = await createTask(ctx.db, team.id, { workstream_id: workstream.id });
  const contest = await createChallenge(ctx.db, owner.company.id, {
    challenge_type: 'community_discussion',
    deadline: new Date(Date.now() + DAY_MS).toISOString(),
  });
  const voterIdea = await createIdea(ctx.db, contest.id, voter.volunteer.id);
  const authorIdea = await createIdea(ctx.db, contest.id, author.volunteer.id, { final_score: 60 });
  const draftIdea = await createIdea(ctx.db, contest.id, author.volunteer.id, {
    status: 'submitted',
    ai_score: null,
    final_score: null,
  });
  const draft = await createChallenge(ctx.db, owner.company.id, { status: 'submitted' });
  const othersChallenge = await createChallenge(ctx.db, other.company.id);
  const viewers = [owner.token, other.token, voter.token, author.token];
  const paths = [
    '/api/challenges?page=1&per_page=3',
    '/api/challenges?page=2&per_page=3',
    '/api/challenges/my-challenges?per_page=3',
    `/api/challenges/${team.id}`,
    `/api/challenges/${contest.id}`,
    `/api/challenges/${draft.id}`,
    `/api/challenges/${othersChallenge.id}`,
    `/api/challenges/${contest.id}/ideas`,
    `/api/challenges/${contest.id}/ideas?sort=votes&per_page=2`,
  ];
  return {
    owner,
    other,
    voter,
    author,
    team,
    workstream,
    task,
    contest,
    voterIdea,
    authorIdea,
    draftIdea,
    draft,
    othersChallenge,
    reads: viewers.flatMap((token) => paths.map((path) => ({ token, path }))),
    step: 0,
  };
}

/** Every read once, as a viewer would; `unkept`: each with nothing kept before it (rendered anew). */
function readAll(ctx: TestContext, world: World, unkept = false) {
  return readEach(ctx.app, world.reads, unkept ? { forget: () => ctx.deps.sharedReads.clear() } : {});
}

function assertKeptEqualsRendered(ctx: TestContext, world: World, after: string) {
  return assertKeptReads(ctx.app, world.reads, after, { forget: () => ctx.deps.sharedReads.clear() });
}

/** Every kind of write that changes one of the reads; the API's where it has one, else the rows themselves. */
const WRITES: Record<string, (ctx: TestContext, world: World) => Promise<unknown>> = {
  'refined brief edited (API)': (ctx, w) =>
    apiClient(ctx.app, w.owner.token).put(`/api/challenges/${w.team.id}`, { refined_brief: `Brief ${w.step}` }),
  'contest deadline moved (API)': (ctx, w) =>
    apiClient(ctx.app, w.owner.token).put(`/api/challenges/${w.contest.id}`, {
      deadline: new Date(Date.now() + (2 + w.step) * DAY_MS).toISOString(),
    }),
  'challenge archived (API)': (ctx, w) =>
    apiClient(ctx.app, w.other.token).post(`/api/challenges/${w.othersChallenge.id}/archive`),
  'draft opened or closed': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set((eb) => ({
        status: eb
          .case()
          .when('status', '=', 'submitted')
          .then(eb.val<ChallengeStatus>('active'))
          .else(eb.val<ChallengeStatus>('submitted'))
          .end(),
      }))
      .where('id', '=', w.draft.id)
      .execute(),
  'challenge created': (ctx, w) => createChallenge(ctx.db, w.owner.company.id),
  'task edited': (ctx, w) =>
    ctx.db
      .updateTable('tasks')
      .set({ title: `Task edited ${w.step}` })
      .where('id', '=', w.task.id)
      .execute(),
  'task added': (ctx, w) => createTask(ctx.db, w.team.id, { workstream_id: w.workstream.id }),
  'workstream renamed': (ctx, w) =>
    ctx.db
      .updateTable('workstreams')
      .set({ title: `Workstream ${w.step}` })
      .where('id', '=', w.workstream.id)
      .execute(),
  'analysis added': (ctx, w) =>
    ctx.db
      .insertInto('challenge_analyses')
      .values({
        challenge_id: w.contest.id,
        stage: 'brief',
        summary: `Summary ${w.step}`,
        objectives: '[]',
        constraints: '[]',
        success_criteria: '[]',
        stakeholders: '[]',
        risks: '[]',
        recommended_approach: null,
        confidence_score: 80,
        provider: 'local',
        model: null,
        created_at: new Date().toISOString(),
      })
      .execute(),
  'idea added': (ctx, w) => createIdea(ctx.db, w.contest.id, w.author.volunteer.id, { final_score: w.step }),
  'idea scored or back to submitted': (ctx, w) =>
    ctx.db
      .updateTable('ideas')
      .set((eb) => ({
        status: eb.case().when('status', '=', 'scored').then('submitted').else('scored').end(),
        ai_score: 65,
        final_score: 52,
      }))
      .where('id', '=', w.draftIdea.id)
      .execute(),
  'vote (API)': (ctx, w) =>
    apiClient(ctx.app, w.voter.token).post(`/api/ideas/${w.authorIdea.id}/vote`, { vote: [1, -1, 0][w.step % 3] }),
  'company renamed': (ctx, w) =>
    ctx.db
      .updateTable('companies')
      .set({ company_name: `Owner ${w.step}` })
      .where('id', '=', w.owner.company.id)
      .execute(),
  'company logo changed': (ctx, w) =>
    ctx.db
      .updateTable('companies')
      .set({ logo_storage_key: `logos/${w.step}.png` })
      .where('id', '=', w.owner.company.id)
      .execute(),
  'idea author renamed': (ctx, w) =>
    ctx.db
      .updateTable('users')
      .set({ name: `Author ${w.step}` })
      .where('id', '=', w.author.user.id)
      .execute(),
};

for (const dialect of testDialects()) {
  describe(`shared reads: kept bodies [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers a read again from its kept body, byte for byte, while nothing changed', async () => {
      const world = await buildWorld(ctx);
      await assertKeptEqualsRendered(ctx, world, 'nothing');
      const hits = ctx.deps.sharedReads.hits;
      const again = await readAll(ctx, world);
      assert.ok(ctx.deps.sharedReads.hits - hits >= world.reads.length / 2, 'the kept bodies were used');
      assert.deepEqual(again, await readAll(ctx, world));
    });

    it('after each kind of write, every read equals the read with nothing kept', async () => {
      const world = await buildWorld(ctx);
      await assertKeptEqualsRendered(ctx, world, 'the start');
      for (const [name, write] of Object.entries(WRITES)) {
        world.step += 1;
        await write(ctx, world);
        await assertKeptEqualsRendered(ctx, world, name);
      }
    });

    it('after any sequence of writes, every read equals the read with nothing kept (fast-check)', async () => {
      const names = Object.keys(WRITES);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }), async (sequence) => {
          const world = await buildWorld(ctx);
          await assertKeptEqualsRendered(ctx, world, 'the start');
          for (const name of sequence) {
            world.step += 1;
            await WRITES[name](ctx, world);
            await assertKeptEqualsRendered(ctx, world, `${name} in ${sequence.join(', ')}`);
          }
        }),
        { numRuns: 5 },
      );
    });

    it('stops answering a contest from its kept body when its deadline passes, with no write', async () => {
      const world = await buildWorld(ctx);
      const path = `/api/challenges/${world.contest.id}`;
      const listPath = '/api/challenges?per_page=50';
      const before = await apiClient(ctx.app, world.other.token).get(path);
      assert.equal(before.data.ideas_open, true);
      await apiClient(ctx.app, world.other.token).get(listPath);
      const deadline = Date.parse(before.data.deadline);
      mock.timers.enable({ apis: ['Date'], now: deadline + 1000 });
      try {
        const afterDeadline = await apiClient(ctx.app, world.other.token).get(path);
        assert.equal(afterDeadline.data.ideas_open, false);
        const list = await apiClient(ctx.app, world.other.token).get(listPath);
        const listed = list.data.data.find((challenge: { id: number }) => challenge.id === world.contest.id);
        assert.equal(listed.ideas_open, false);
      } finally {
        mock.timers.reset();
      }
    });

    it('keeps nothing with SHARED_READ_CACHE_MB=0', async () => {
      const bare = await createTestContext(dialect, { SHARED_READ_CACHE_MB: '0' });
      try {
        const { token } = await createVolunteer(bare.db);
        await apiClient(bare.app, token).get('/api/challenges');
        await apiClient(bare.app, token).get('/api/challenges');
        assert.equal(bare.deps.sharedReads.hits, 0);
      } finally {
        await bare.close();
      }
    });
  });
}
