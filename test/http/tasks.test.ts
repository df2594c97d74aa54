import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { skillIdsForNames } from '../../src/modules/skills/skills.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
  ensureSkill,
} from '../helpers/factories.ts';

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);
const uniqueSkill = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`;

for (const dialect of testDialects()) {
  describe(`tasks: list, read, my-tasks [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers 401 without a token on every endpoint', async () => {
      const api = apiClient(ctx.app);
      for (const path of ['/api/tasks', '/api/tasks/available', '/api/tasks/my-tasks', '/api/tasks/1']) {
        const response = await api.get(path);
        assert.equal(response.statusCode, 401, path);
        assert.deepEqual(response.data, { message: 'Unauthenticated.' });
      }
    });

    it('lists the tasks of visible challenges only, newest first', async () => {
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const skill = uniqueSkill('Visibility');
      const byStatus = new Map<string, number>();
      for (const status of ['submitted', 'analyzing', 'active', 'in_progress', 'completed', 'rejected', 'archived']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        byStatus.set(status, (await createTask(ctx.db, challenge.id, { skills: [skill] })).id);
      }
      const publicIds = ['completed', 'in_progress', 'active'].map((s) => byStatus.get(s));
      const list = async (token: string) =>
        ids((await apiClient(ctx.app, token).get(`/api/tasks?skill=${skill}`)).data.data);
      assert.deepEqual(await list(contributor.token), publicIds);
      assert.deepEqual(await list(other.token), publicIds);
      assert.deepEqual(await list(owner.token), [...byStatus.values()].reverse());
    });

    it('filters by status, challenge, workstream and skill (name or alias, any case)', async () => {
      const { company, token } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const otherChallenge = await createChallenge(ctx.db, company.id);
      const workstream = await createWorkstream(ctx.db, challenge.id);
      // A taxonomy skill that no other test here names, and one of its aliases.
      const skill = 'Kubernetes';
      const alias = 'k8s';
      const scripted = await createTask(ctx.db, challenge.id, {
        skills: [skill, 'Testing'],
        workstream_id: workstream.id,
      });
      const matching = await createTask(ctx.db, challenge.id, { status: 'matching' });
      const elsewhere = await createTask(ctx.db, otherChallenge.id, { skills: [skill] });

      const api = apiClient(ctx.app, token);
      const list = async (query: string) => {
        const response = await api.get(`/api/tasks?${query}`);
        assert.equal(response.statusCode, 200, query);
        return ids(response.data.data);
      };
      assert.deepEqual(await list(`challenge_id=${challenge.id}`), [matching.id, scripted.id]);
      assert.deepEqual(await list(`challenge_id=${challenge.id}&status=matching`), [matching.id]);
      assert.deepEqual(await list(`workstream_id=${workstream.id}`), [scripted.id]);
      assert.deepEqual(await list(`skill=${skill.toUpperCase()}`), [elsewhere.id, scripted.id]);
      assert.deepEqual(await list(`skill=${encodeURIComponent(`  ${alias.toUpperCase()} `)}`), [
        elsewhere.id,
        scripted.id,
      ]);
      assert.deepEqual(await list(`skill=${skill}&challenge_id=${challenge.id}`), [scripted.id]);
      assert.deepEqual(await list(`skill=${uniqueSkill('Cobol')}`), []);
      assert.deepEqual(await list(`challenge_id=999999`), []);

      for (const query of ['status=done', 'challenge_id=abc', 'challenge_id=0', 'workstream_id=-3']) {
        assert.equal((await api.get(`/api/tasks?${query}`)).statusCode, 422, query);
      }
    });

    it('resolves skill names through the taxonomy (names and aliases) and skills added by hand by name', async () => {
      const skill = await ensureSkill(ctx.db, 'Kubernetes');
      const other = await ensureSkill(ctx.db, uniqueSkill('Swift'));
      const found = await skillIdsForNames(ctx.db, [skill.name.toUpperCase(), 'K8S', ` ${other.name} `, 'nope', '']);
      assert.deepEqual(
        found.sort((a, b) => a - b),
        [skill.id, other.id].sort((a, b) => a - b),
      );
      assert.deepEqual(await skillIdsForNames(ctx.db, []), []);
    });

    it('paginates 20 to a page with the contract envelope', async () => {
      const { company, token } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      for (let i = 0; i < 22; i++) await createTask(ctx.db, challenge.id);
      const api = apiClient(ctx.app, token);
      const first = await api.get(`/api/tasks?challenge_id=${challenge.id}`);
      assert.equal(first.data.data.length, 20);
      assert.equal(first.data.meta.per_page, 20);
      assert.equal(first.data.meta.total, 22);
      assert.equal(first.data.meta.last_page, 2);
      assert.match(first.data.links.next, new RegExp(`challenge_id=${challenge.id}`));
      const past = await api.get(`/api/tasks?challenge_id=${challenge.id}&page=5`);
      assert.deepEqual(past.data.data, []);
      assert.equal(past.data.meta.total, 22);
      for (const query of ['per_page=0', 'per_page=101', 'page=abc']) {
        for (const path of ['/api/tasks', '/api/tasks/available', '/api/tasks/my-tasks']) {
          const caller = path === '/api/tasks' ? token : (await createVolunteer(ctx.db)).token;
          const response = await apiClient(ctx.app, caller).get(`${path}?${query}`);
          assert.equal(response.statusCode, 422, `${path}?${query}`);
        }
      }
    });

    it('shows a task of a visible challenge with the assignments the caller may see', async () => {
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const alice = await createVolunteer(ctx.db);
      const bob = await createVolunteer(ctx.db);
      const outsider = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id);
      const workstream = await createWorkstream(ctx.db, challenge.id);
      const task = await createTask(ctx.db, challenge.id, { skills: ['Go'], workstream_id: workstream.id });
      const aliceAssignment = await createAssignment(ctx.db, task.id, alice.volunteer.id, { status: 'declined' });
      const bobAssignment = await createAssignment(ctx.db, task.id, bob.volunteer.id);

      const asOwner = await apiClient(ctx.app, owner.token).get(`/api/tasks/${task.id}`);
      assert.equal(asOwner.statusCode, 200);
      assert.equal(asOwner.data.title, task.title);
      assert.deepEqual(asOwner.data.required_skills, ['Go']);
      assert.deepEqual(asOwner.data.acceptance_criteria, ['It works']);
      assert.equal(asOwner.data.estimated_hours, 8);
      assert.deepEqual(asOwner.data.workstream, { id: workstream.id, title: workstream.title });
      assert.deepEqual(ids(asOwner.data.assignments), [aliceAssignment.id, bobAssignment.id]);
      assert.equal(asOwner.data.assignments[1].volunteer.id, bob.volunteer.id);
      assert.equal(asOwner.data.assignments[1].match_reasoning.summary, 'Good fit');

      const asAlice = await apiClient(ctx.app, alice.token).get(`/api/tasks/${task.id}`);
      assert.deepEqual(ids(asAlice.data.assignments), [aliceAssignment.id]);
      const asOutsider = await apiClient(ctx.app, outsider.token).get(`/api/tasks/${task.id}`);
      assert.deepEqual(asOutsider.data.assignments, []);
      const asOther = await apiClient(ctx.app, other.token).get(`/api/tasks/${task.id}`);
      assert.equal(asOther.statusCode, 200);
      assert.deepEqual(asOther.data.assignments, []);
      const noProfile = await createAccount(ctx.db, 'contributor');
      assert.deepEqual((await apiClient(ctx.app, noProfile.token).get(`/api/tasks/${task.id}`)).data.assignments, []);
    });

    it('is 404 for unknown, non-integer and invisible tasks', async () => {
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      for (const id of ['999999', 'abc', '0', '2.5']) {
        assert.equal((await apiClient(ctx.app, contributor.token).get(`/api/tasks/${id}`)).statusCode, 404, id);
      }
      for (const status of ['submitted', 'analyzing', 'rejected', 'archived']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        const task = await createTask(ctx.db, challenge.id);
        const url = `/api/tasks/${task.id}`;
        assert.equal((await apiClient(ctx.app, owner.token).get(url)).statusCode, 200, status);
        const asOther = await apiClient(ctx.app, other.token).get(url);
        assert.equal(asOther.statusCode, 404, status);
        assert.deepEqual(asOther.data, { message: 'Task not found.' });
        assert.equal((await apiClient(ctx.app, contributor.token).get(url)).statusCode, 404, status);
      }
    });

    it("my-tasks: the contributor's tasks with their assignment, declined ones left out", async () => {
      const { company } = await createCompany(ctx.db);
      const me = await createVolunteer(ctx.db);
      const someoneElse = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const mine: number[] = [];
      const assignmentByTask = new Map<number, number>();
      for (const status of ['invited', 'declined', 'in_progress', 'completed', 'invited']) {
        const task = await createTask(ctx.db, challenge.id);
        const assignment = await createAssignment(ctx.db, task.id, me.volunteer.id, { status });
        await createAssignment(ctx.db, task.id, someoneElse.volunteer.id, { status: 'declined' });
        if (status !== 'declined') {
          mine.push(task.id);
          assignmentByTask.set(task.id, assignment.id);
        }
      }
      const notMine = await createTask(ctx.db, challenge.id);
      await createAssignment(ctx.db, notMine.id, someoneElse.volunteer.id);

      const response = await apiClient(ctx.app, me.token).get('/api/tasks/my-tasks');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(ids(response.data.data), mine.reverse());
      for (const item of response.data.data) {
        assert.equal(item.my_assignment.id, assignmentByTask.get(item.id));
        assert.equal(item.my_assignment.volunteer_id, me.volunteer.id);
        assert.equal(item.my_assignment.task.id, item.id);
        assert.equal(item.challenge.id, challenge.id);
      }
      assert.equal(response.data.meta.total, 4);
      assert.equal(response.data.meta.per_page, 20);

      const second = await apiClient(ctx.app, me.token).get('/api/tasks/my-tasks?per_page=3&page=2');
      assert.deepEqual(ids(second.data.data), mine.slice(3));
      assert.equal(second.data.meta.total, 4);
      // A page past the end has no row to carry the total: it is counted.
      const past = await apiClient(ctx.app, me.token).get('/api/tasks/my-tasks?per_page=3&page=3');
      assert.deepEqual(past.data.data, []);
      assert.equal(past.data.meta.total, 4);
      // Another contributor's list is their own: the statements compiled once take each caller's id.
      const theirs = await apiClient(ctx.app, someoneElse.token).get('/api/tasks/my-tasks');
      assert.deepEqual(ids(theirs.data.data), [notMine.id]);
      assert.equal(theirs.data.meta.total, 1);
    });

    it('my-tasks and available are for contributors; without a profile they are empty', async () => {
      const { token } = await createCompany(ctx.db);
      for (const path of ['/api/tasks/my-tasks', '/api/tasks/available']) {
        const asCompany = await apiClient(ctx.app, token).get(path);
        assert.equal(asCompany.statusCode, 403, path);
        assert.equal(asCompany.data.message, 'Only contributor accounts can do this.');
        const noProfile = await createAccount(ctx.db, 'contributor');
        const empty = await apiClient(ctx.app, noProfile.token).get(path);
        assert.equal(empty.statusCode, 200, path);
        assert.deepEqual(empty.data.data, [], path);
        assert.equal(empty.data.meta.total, 0, path);
      }
    });
  });
}
