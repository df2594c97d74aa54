import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { pageRequest } from '../../src/http/pagination.ts';
import { listAvailableTasks } from '../../src/modules/tasks/tasks.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

for (const dialect of testDialects()) {
  describe(`tasks: available [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /**
     * A company with an active challenge and a contributor holding `skills`; skill names are made unique per test,
     * so no other test's task can share one with this contributor.
     */
    async function setup(skills: string[]) {
      const tag = crypto.randomUUID().slice(0, 8);
      const skill = (name: string) => `${name}-${tag}`;
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const me = await createVolunteer(ctx.db);
      for (const name of skills) await addVolunteerSkill(ctx.db, me.volunteer.id, skill(name));
      const available = async () => {
        const response = await apiClient(ctx.app, me.token).get('/api/tasks/available');
        assert.equal(response.statusCode, 200);
        return ids(response.data.data);
      };
      return { owner, challenge, me, skill, available };
    }

    it('offers pending and matching tasks only', async () => {
      const { challenge, skill, available } = await setup(['Rust']);
      const offered: number[] = [];
      for (const status of ['pending', 'matching', 'assigned', 'in_progress', 'completed']) {
        const task = await createTask(ctx.db, challenge.id, { status, skills: [skill('Rust')] });
        if (status === 'pending' || status === 'matching') offered.push(task.id);
      }
      assert.deepEqual(await available(), offered.reverse());
    });

    it('offers tasks of active and in-progress challenges only', async () => {
      const { owner, skill, available } = await setup(['Elixir']);
      const offered: number[] = [];
      for (const status of ['submitted', 'analyzing', 'active', 'in_progress', 'completed', 'rejected', 'archived']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        const task = await createTask(ctx.db, challenge.id, { skills: [skill('Elixir')] });
        if (status === 'active' || status === 'in_progress') offered.push(task.id);
      }
      assert.deepEqual(await available(), offered.reverse());
    });

    it('drops the tasks of a challenge once it is archived', async () => {
      const { owner, challenge, skill, available } = await setup(['Scala']);
      const task = await createTask(ctx.db, challenge.id, { skills: [skill('Scala')] });
      assert.deepEqual(await available(), [task.id]);
      const archive = await apiClient(ctx.app, owner.token).post(`/api/challenges/${challenge.id}/archive`);
      assert.equal(archive.statusCode, 200);
      assert.deepEqual(await available(), []);
    });

    it('needs at least one shared skill', async () => {
      const { challenge, skill, available } = await setup(['Haskell', 'OCaml']);
      const shared = await createTask(ctx.db, challenge.id, { skills: [skill('Perl'), skill('OCaml')] });
      await createTask(ctx.db, challenge.id, { skills: [skill('Perl')] });
      await createTask(ctx.db, challenge.id, { skills: [] });
      assert.deepEqual(await available(), [shared.id]);
    });

    it('leaves out tasks on which the contributor has an assignment in any status, but not others’ assignments', async () => {
      const { challenge, me, skill, available } = await setup(['Dart']);
      const someoneElse = await createVolunteer(ctx.db);
      const free = await createTask(ctx.db, challenge.id, { skills: [skill('Dart')] });
      await createAssignment(ctx.db, free.id, someoneElse.volunteer.id, { status: 'declined' });
      for (const status of ['invited', 'accepted', 'declined', 'completed', 'completed']) {
        const task = await createTask(ctx.db, challenge.id, { status: 'matching', skills: [skill('Dart')] });
        await createAssignment(ctx.db, task.id, me.volunteer.id, { status });
      }
      assert.deepEqual(await available(), [free.id]);
    });

    it('puts the best skill overlap first, then the newest', async () => {
      const { challenge, skill, available } = await setup(['A', 'B', 'C']);
      const one = await createTask(ctx.db, challenge.id, { skills: [skill('A')] });
      const three = await createTask(ctx.db, challenge.id, { skills: [skill('A'), skill('B'), skill('C')] });
      const twoOld = await createTask(ctx.db, challenge.id, { skills: [skill('B'), skill('C'), skill('Z')] });
      const twoNew = await createTask(ctx.db, challenge.id, { skills: [skill('A'), skill('C')] });
      const oneNew = await createTask(ctx.db, challenge.id, { skills: [skill('C'), skill('Y')] });
      assert.deepEqual(await available(), [three.id, twoNew.id, twoOld.id, oneNew.id, one.id]);
    });

    it('paginates with the envelope, including a page past the end', async () => {
      const { challenge, me, skill } = await setup(['Lua']);
      const created: number[] = [];
      for (let i = 0; i < 5; i++) created.push((await createTask(ctx.db, challenge.id, { skills: [skill('Lua')] })).id);
      const api = apiClient(ctx.app, me.token);
      const second = await api.get('/api/tasks/available?per_page=2&page=2');
      assert.deepEqual(ids(second.data.data), [created[2], created[1]]);
      assert.deepEqual(
        { ...second.data.meta, path: undefined },
        { current_page: 2, from: 3, last_page: 3, path: undefined, per_page: 2, to: 4, total: 5 },
      );
      const past = await api.get('/api/tasks/available?per_page=2&page=7');
      assert.deepEqual(past.data.data, []);
      assert.equal(past.data.meta.total, 5);
      const defaults = await api.get('/api/tasks/available');
      assert.equal(defaults.data.meta.per_page, 20);
      assert.equal(defaults.data.meta.total, 5);
    });

    it('answers an empty page to a contributor without skills', async () => {
      const { challenge, available } = await setup([]);
      await createTask(ctx.db, challenge.id, { skills: ['Anything'] });
      assert.deepEqual(await available(), []);
    });

    it('reads any page in two statements from the kept feed: the count, then the page', async () => {
      const { challenge, me, skill } = await setup(['Zig', 'Nim']);
      const tasks = [];
      for (let i = 0; i < 4; i++) tasks.push(await createTask(ctx.db, challenge.id, { skills: [skill('Zig')] }));
      const best = await createTask(ctx.db, challenge.id, { skills: [skill('Zig'), skill('Nim')] });
      // Counted on results: subqueries are transformed as queries too, but only statements return results.
      let queries = 0;
      const counted = ctx.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries++;
          return args.result;
        },
      });
      const read = async (page: number) => {
        queries = 0;
        const { rows, total } = await listAvailableTasks(counted, me.volunteer.id, pageRequest({ page, per_page: 2 }));
        return { ids: ids(rows), total, queries };
      };
      const newestFirst = ids(tasks).reverse();
      assert.deepEqual(await read(1), { ids: [best.id, newestFirst[0]], total: 5, queries: 2 });
      // The last page is read from the other end of the key and keeps the feed's order.
      assert.deepEqual(await read(2), { ids: newestFirst.slice(1, 3), total: 5, queries: 2 });
      assert.deepEqual(await read(3), { ids: newestFirst.slice(3), total: 5, queries: 2 });
      assert.deepEqual(await read(4), { ids: [], total: 5, queries: 1 });
    });
  });
}
