import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from 'typebox/value';
import { Page } from '../../src/http/schemas.ts';
import { loadAssignmentsByIds } from '../../src/modules/assignments/assignments.loader.ts';
import { loadTasks } from '../../src/modules/tasks/tasks.loader.ts';
import { MyTask, Task } from '../../src/modules/tasks/tasks.schemas.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
} from '../helpers/factories.ts';
import { assertKeptEqualsRendered as assertKeptReads, type ReadAnswer, readEach } from '../helpers/kept-reads.ts';

/**
 * The task lists of one contributor (`/tasks/available`, `/tasks/my-tasks`) write each task's JSON once per challenge
 * version and keep it (src/http/kept-items.ts, kept-tasks.ts): after any write, every page answers exactly what it
 * answers with nothing kept, and each item is exactly what the task and assignment mappers make, within the schema.
 */

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld(ctx: TestContext) {
  const owner = await createCompany(ctx.db);
  const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const elsewhere = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
  const workstream = await createWorkstream(ctx.db, challenge.id);
  const skill = `Kept-${challenge.id}`;
  const inWorkstream = await createTask(ctx.db, challenge.id, { skills: [skill], workstream_id: workstream.id });
  const plain = await createTask(ctx.db, challenge.id, { skills: [skill] });
  const other = await createTask(ctx.db, elsewhere.id, { skills: [skill] });
  const reader = await createVolunteer(ctx.db);
  const second = await createVolunteer(ctx.db);
  for (const person of [reader, second]) await addVolunteerSkill(ctx.db, person.volunteer.id, skill);
  const held = await createTask(ctx.db, challenge.id, { skills: [skill], workstream_id: workstream.id });
  const assignment = await createAssignment(ctx.db, held.id, reader.volunteer.id, { status: 'in_progress' });
  await createAssignment(ctx.db, plain.id, second.volunteer.id, { status: 'invited' });
  const paths = ['/api/tasks/available', '/api/tasks/available?per_page=2&page=2', '/api/tasks/my-tasks'];
  return {
    owner,
    challenge,
    elsewhere,
    workstream,
    tasks: { inWorkstream, plain, other, held },
    assignment,
    reads: [reader.token, second.token].flatMap((token) => paths.map((path) => ({ token, path }))),
    step: 0,
  };
}

/** Every answer of these reads is a page: a 200. */
const answeredOk = (answer: ReadAnswer) => assert.equal(answer.status, 200, answer.body);

function readAll(ctx: TestContext, world: World) {
  return readEach(ctx.app, world.reads, { eachAnswer: answeredOk });
}

const TaskPage = Page(Task);
const MyTaskPage = Page(MyTask);

/** Each item is what the mappers make of its rows (no field more or less), and the page fits the route's schema. */
async function assertItemsAsMapped(ctx: TestContext, path: string, body: string) {
  const page = JSON.parse(body);
  const tasks = await loadTasks(ctx.db, { ids: page.data.map((item: { id: number }) => item.id) });
  const byId = new Map(tasks.map((task) => [task.id, task]));
  if (path.includes('my-tasks')) {
    assert.ok(Value.Check(MyTaskPage, page), `${path} fits its schema`);
    const assignments = await loadAssignmentsByIds(
      ctx.db,
      page.data.map((item: { my_assignment: { id: number } }) => item.my_assignment.id),
    );
    for (const item of page.data) {
      assert.deepEqual(item, { ...byId.get(item.id), my_assignment: assignments.get(item.my_assignment.id) });
    }
  } else {
    assert.ok(Value.Check(TaskPage, page), `${path} fits its schema`);
    for (const item of page.data) assert.deepEqual(item, byId.get(item.id));
  }
}

function assertKeptEqualsRendered(ctx: TestContext, world: World, afterWrite: string) {
  return assertKeptReads(ctx.app, world.reads, afterWrite, {
    // Both what keeps the tasks and what keeps the pages whole (src/http/user-pages.ts).
    forget: () => {
      ctx.deps.keptItems.clear();
      ctx.deps.sharedReads.clear();
    },
    eachAnswer: answeredOk,
    eachKept: (answer, read) => assertItemsAsMapped(ctx, read.path, answer.body),
  });
}

/** Every kind of write that changes what a listed task shows; the API's where it has one, else the rows. */
const WRITES: Record<string, (ctx: TestContext, world: World) => Promise<unknown>> = {
  'task edited (API)': (ctx, w) =>
    apiClient(ctx.app, w.owner.token).patch(`/api/tasks/${w.tasks.inWorkstream.id}`, {
      title: `Edited through the API ${w.step}`,
    }),
  'task row changed': (ctx, w) =>
    ctx.db
      .updateTable('tasks')
      .set({ description: `Described again ${w.step}`, estimated_hours: w.step + 1 })
      .where('id', '=', w.tasks.plain.id)
      .execute(),
  'workstream renamed': (ctx, w) =>
    ctx.db
      .updateTable('workstreams')
      .set({ title: `Workstream ${w.step}` })
      .where('id', '=', w.workstream.id)
      .execute(),
  'challenge renamed': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ title: `Challenge ${w.step}` })
      .where('id', '=', w.challenge.id)
      .execute(),
  'challenge moved to in progress and back': (ctx, w) =>
    ctx.db
      .updateTable('challenges')
      .set({ status: w.step % 2 === 0 ? 'in_progress' : 'active' })
      .where('id', '=', w.elsewhere.id)
      .execute(),
  'task moved to another challenge': (ctx, w) =>
    ctx.db
      .updateTable('tasks')
      .set({ challenge_id: w.step % 2 === 0 ? w.elsewhere.id : w.challenge.id })
      .where('id', '=', w.tasks.other.id)
      .execute(),
  'my assignment moved': (ctx, w) =>
    ctx.db
      .updateTable('assignments')
      .set({ status: w.step % 2 === 0 ? 'submitted' : 'in_progress', actual_hours: w.step })
      .where('id', '=', w.assignment.id)
      .execute(),
};

for (const dialect of testDialects()) {
  describe(`kept tasks of the per-user task lists [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers the task lists from kept tasks, byte for byte, while nothing changed', async () => {
      const world = await buildWorld(ctx);
      await assertKeptEqualsRendered(ctx, world, 'nothing');
      const { hits, misses } = ctx.deps.keptItems;
      ctx.deps.sharedReads.clear();
      await readAll(ctx, world);
      assert.ok(ctx.deps.keptItems.hits > hits, 'the kept tasks were used');
      assert.equal(ctx.deps.keptItems.misses, misses, 'nothing was loaded again');
      const pages = ctx.deps.sharedReads.hits;
      const tasksLookedUp = ctx.deps.keptItems.hits + ctx.deps.keptItems.misses;
      await readAll(ctx, world);
      assert.equal(ctx.deps.sharedReads.hits, pages + world.reads.length, 'then the pages kept whole were sent');
      assert.equal(ctx.deps.keptItems.hits + ctx.deps.keptItems.misses, tasksLookedUp, 'with no task looked up');
    });

    for (const [name, write] of Object.entries(WRITES)) {
      it(`answers what it renders after: ${name}`, async () => {
        const world = await buildWorld(ctx);
        await assertKeptEqualsRendered(ctx, world, 'nothing');
        for (world.step = 0; world.step < 2; world.step++) {
          await write(ctx, world);
          await assertKeptEqualsRendered(ctx, world, `${name} (${world.step})`);
        }
      });
    }

    it('keeps nothing with a budget of 0', async () => {
      const bare = await createTestContext(dialect, { SHARED_READ_CACHE_MB: '0' });
      try {
        const owner = await createCompany(bare.db);
        const challenge = await createChallenge(bare.db, owner.company.id, { status: 'active' });
        await createTask(bare.db, challenge.id, { skills: ['Kept-none'] });
        const reader = await createVolunteer(bare.db);
        await addVolunteerSkill(bare.db, reader.volunteer.id, 'Kept-none');
        for (let i = 0; i < 2; i++) {
          const response = await apiClient(bare.app, reader.token).get('/api/tasks/available');
          assert.equal(response.data.data.length, 1);
        }
        assert.equal(bare.deps.keptItems.hits, 0);
        assert.equal(bare.deps.keptItems.misses, 2);
      } finally {
        await bare.close();
      }
    });
  });
}
