import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
import { queuedJobs } from '../helpers/queued-jobs.ts';

/** Issue 12, item 1: the company corrects the plan the analysis made (docs/api.md, "Correcting the analysis"). */
for (const dialect of testDialects()) {
  describe(`correcting the analysis [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** An active team challenge with one workstream and its analysis-planned task needing Python. */
    async function plan() {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const workstream = await createWorkstream(ctx.db, challenge.id, { title: 'Build' });
      const task = await createTask(ctx.db, challenge.id, {
        workstream_id: workstream.id,
        title: 'Write the importer',
        skills: ['Python'],
      });
      return { owner, challenge, workstream, task, api: apiClient(ctx.app, owner.token) };
    }

    async function feedOf(token: string): Promise<number[]> {
      const response = await apiClient(ctx.app, token).get('/api/tasks/available');
      assert.equal(response.statusCode, 200);
      return response.data.data.map((task: { id: number }) => task.id);
    }

    async function changesOf(api: ReturnType<typeof apiClient>, challengeId: number) {
      const response = await api.get(`/api/challenges/${challengeId}/changes`);
      assert.equal(response.statusCode, 200, response.body);
      return response.data.data as Array<{ action: string; summary: string; details: any; task_id: number | null }>;
    }

    it('adds a workstream and a task: the task is matched, offered to those who fit, and recorded', async () => {
      const { challenge, api } = await plan();
      const pythonist = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, pythonist.volunteer.id, 'PostgreSQL');

      const added = await api.post(`/api/challenges/${challenge.id}/workstreams`, {
        title: 'Data',
        description: 'Where the data lives.',
      });
      assert.equal(added.statusCode, 201, added.body);
      assert.equal(added.data.data.title, 'Data');
      assert.equal(added.data.data.origin, 'company');
      assert.equal(added.data.data.position, 2);
      assert.deepEqual(added.data.data.tasks, []);

      const created = await api.post(`/api/workstreams/${added.data.data.id}/tasks`, {
        title: 'Design the schema',
        required_skills: [{ name: 'postgresql', level: 'advanced' }, { name: 'SQL' }],
        estimated_hours: 12,
      });
      assert.equal(created.statusCode, 201, created.body);
      const task = created.data.data;
      assert.equal(task.status, 'pending');
      assert.equal(task.origin, 'company');
      assert.equal(task.source, null);
      assert.equal(task.required_experience_level, 'mid');
      assert.deepEqual(task.required_skills, ['PostgreSQL', 'SQL']);
      assert.deepEqual(task.required_skill_levels, [
        { name: 'PostgreSQL', level: 'advanced' },
        { name: 'SQL', level: null },
      ]);
      assert.equal(task.position, 1);

      assert.ok((await feedOf(pythonist.token)).includes(task.id), 'offered to a contributor holding PostgreSQL');
      const jobs = await queuedJobs(ctx, 'task.match');
      assert.ok(
        jobs.some((job) => job.payload.taskId === task.id),
        'task.match queued',
      );

      const detail = await api.get(`/api/challenges/${challenge.id}`);
      const data = detail.data.workstreams.find((w: { id: number }) => w.id === added.data.data.id);
      assert.deepEqual(
        data.tasks.map((t: { id: number }) => t.id),
        [task.id],
      );
      const changes = await changesOf(api, challenge.id);
      assert.deepEqual(
        changes.map((change) => change.action),
        ['task_added', 'workstream_added'],
      );
      assert.equal(changes[0]!.summary, 'Added the task "Design the schema" to "Data".');
      assert.equal(changes[0]!.task_id, task.id);
    });

    it('edits a task: fields, skills (the feeds follow), order; marks it as the company’s and records what changed', async () => {
      const { challenge, workstream, task, api } = await plan();
      const second = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, skills: ['Python'] });
      const pythonist = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, pythonist.volunteer.id, 'Python');
      const writer = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, writer.volunteer.id, 'Copywriting');
      assert.ok((await feedOf(pythonist.token)).includes(task.id));
      assert.ok(!(await feedOf(writer.token)).includes(task.id));

      const response = await api.patch(`/api/tasks/${task.id}`, {
        title: 'Write the product copy',
        required_skills: [{ name: 'copywriting', level: 'expert' }],
        estimated_hours: 6,
        required_experience_level: 'senior',
        position: 1,
      });
      assert.equal(response.statusCode, 200, response.body);
      const edited = response.data.data;
      assert.equal(edited.title, 'Write the product copy');
      assert.deepEqual(edited.required_skills, ['Copywriting']);
      assert.deepEqual(edited.required_skill_levels, [{ name: 'Copywriting', level: 'expert' }]);
      assert.deepEqual(edited.required_skill_reasons, [
        { name: 'Copywriting', reason: 'Named by the company.', core: true },
      ]);
      assert.equal(edited.estimated_hours, 6);
      assert.equal(edited.origin, 'analysis');
      assert.ok(edited.company_edited_at, 'marked as changed by the company');
      assert.ok(!(await feedOf(pythonist.token)).includes(task.id), 'no longer offered for Python');
      assert.ok((await feedOf(writer.token)).includes(task.id), 'offered for Copywriting');
      const levels = await ctx.db.selectFrom('task_skills').select('level').where('task_id', '=', task.id).execute();
      assert.deepEqual(
        levels.map((row) => row.level),
        ['expert'],
        'matching reads the level',
      );

      const order = (await api.get(`/api/challenges/${challenge.id}`)).data.workstreams[0].tasks.map(
        (t: { id: number }) => t.id,
      );
      assert.deepEqual(order, [task.id, second.id]);
      const moved = await api.patch(`/api/tasks/${task.id}`, { position: 5 });
      assert.equal(moved.statusCode, 200);
      const reordered = (await api.get(`/api/challenges/${challenge.id}`)).data.workstreams[0].tasks;
      assert.deepEqual(
        reordered.map((t: { id: number; position: number }) => [t.id, t.position]),
        [
          [second.id, 1],
          [task.id, 2],
        ],
      );

      const [latest, first] = await changesOf(api, challenge.id);
      assert.equal(first!.action, 'task_edited');
      assert.equal(
        first!.summary,
        'Changed the task "Write the product copy": title, experience level, estimate, skills, order.',
      );
      assert.deepEqual(first!.details.required_skills, { from: ['Python'], to: ['Copywriting (expert)'] });
      assert.deepEqual(first!.details.estimated_hours, { from: 8, to: 6 });
      assert.equal(latest!.summary, 'Changed the task "Write the product copy": order.');

      const unchanged = await api.patch(`/api/tasks/${task.id}`, { title: 'Write the product copy' });
      assert.equal(unchanged.statusCode, 200);
      assert.equal((await changesOf(api, challenge.id)).length, 2, 'nothing that differs records nothing');
    });

    it('refuses bad task edits with a clear 422, changing nothing', async () => {
      const { challenge, workstream, task, api } = await plan();
      const other = await createChallenge(ctx.db, (await createCompany(ctx.db)).company.id);
      const foreign = await createWorkstream(ctx.db, other.id);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { required_skills: [{ name: 'Basket weaving for dragons' }] },
          'required_skills',
          'Guild does not know the skill "Basket weaving for dragons"',
        ],
        [{ required_skills: [] }, 'required_skills', ''],
        [
          { required_skills: [{ name: 'Python', level: 'guru' }] },
          'required_skills',
          'must be one of: beginner, intermediate, advanced, expert',
        ],
        [{ estimated_hours: 0 }, 'estimated_hours', ''],
        [{ title: '' }, 'title', ''],
        [{ position: 0 }, 'position', ''],
        [{ workstream_id: foreign.id }, 'workstream_id', 'The workstream must be a workstream of the same challenge.'],
      ];
      for (const [body, field, message] of cases) {
        const response = await api.patch(`/api/tasks/${task.id}`, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        const errors = Object.entries(response.data.errors ?? {});
        assert.ok(
          errors.some(
            ([name, texts]) => name.startsWith(field) && (texts as string[]).some((t) => t.includes(message)),
          ),
          `${JSON.stringify(body)} → ${response.body}`,
        );
      }
      const completed = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, status: 'completed' });
      const refused = await api.patch(`/api/tasks/${completed.id}`, { title: 'Something else' });
      assert.equal(refused.statusCode, 422);
      assert.equal(
        refused.data.message,
        'This task is completed: it stays part of the record and can no longer change.',
      );
      const row = await ctx.db.selectFrom('tasks').selectAll().where('id', '=', task.id).executeTakeFirstOrThrow();
      assert.equal(row.title, 'Write the importer');
      assert.equal(row.company_edited_at, null);
      assert.deepEqual(await changesOf(api, challenge.id), []);
    });

    it('removes a task only while no work is under way on it; open invitations are withdrawn and told', async () => {
      const { challenge, workstream, task, api } = await plan();
      const invitee = await createVolunteer(ctx.db);
      const worker = await createVolunteer(ctx.db);
      const invitation = await createAssignment(ctx.db, task.id, invitee.volunteer.id, { status: 'invited' });
      const busy = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, status: 'in_progress' });
      await createAssignment(ctx.db, busy.id, worker.volunteer.id, { status: 'in_progress' });

      const refused = await api.delete(`/api/tasks/${busy.id}`);
      assert.equal(refused.statusCode, 422);
      assert.match(refused.data.message, /cannot be removed while work on it is under way/);
      assert.ok(await ctx.db.selectFrom('tasks').select('id').where('id', '=', busy.id).executeTakeFirst());

      const removed = await api.delete(`/api/tasks/${task.id}`);
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await api.get(`/api/tasks/${task.id}`)).statusCode, 404);
      assert.equal(
        await ctx.db.selectFrom('assignments').select('id').where('id', '=', invitation.id).executeTakeFirst(),
        undefined,
      );
      const notes = await apiClient(ctx.app, invitee.token).get('/api/notifications');
      const withdrawn = notes.data.data.find((n: { type: string }) => n.type === 'invitation_withdrawn');
      assert.ok(withdrawn, 'the invitee is told');
      assert.match(withdrawn.message, /the company removed the task from its challenge/);
      assert.equal(withdrawn.action_url, `/challenges/${challenge.id}`);
      const [change] = await changesOf(api, challenge.id);
      assert.equal(change!.summary, 'Removed the task "Write the importer".');
      assert.equal(change!.task_id, task.id);

      assert.equal((await api.delete(`/api/tasks/${task.id}`)).statusCode, 404);
    });

    it('merges a task into another: skills, criteria and hours combined, the merged one removed', async () => {
      const { challenge, workstream, task, api } = await plan();
      const other = await createTask(ctx.db, challenge.id, {
        workstream_id: workstream.id,
        title: 'Test the importer',
        skills: ['Python', 'Data analysis'],
        estimated_hours: 5,
        acceptance_criteria: JSON.stringify(['Tests pass']),
      });
      const self = await api.post(`/api/tasks/${task.id}/merge`, { into_task_id: task.id });
      assert.equal(self.statusCode, 422);
      assert.deepEqual(self.data.errors, { into_task_id: ['A task cannot be merged into itself.'] });
      const elsewhere = await createTask(
        ctx.db,
        (await createChallenge(ctx.db, (await createCompany(ctx.db)).company.id)).id,
      );
      const foreign = await api.post(`/api/tasks/${other.id}/merge`, { into_task_id: elsewhere.id });
      assert.equal(foreign.statusCode, 422);

      const merged = await api.post(`/api/tasks/${other.id}/merge`, { into_task_id: task.id });
      assert.equal(merged.statusCode, 200, merged.body);
      const into = merged.data.data;
      assert.equal(into.id, task.id);
      assert.equal(into.title, 'Write the importer');
      assert.equal(into.estimated_hours, 13);
      assert.deepEqual([...into.required_skills].sort(), ['Data analysis', 'Python']);
      assert.deepEqual(into.acceptance_criteria, ['It works', 'Tests pass']);
      assert.match(into.description, /Test the importer: Do the thing well\./);
      assert.ok(into.company_edited_at);
      assert.equal((await api.get(`/api/tasks/${other.id}`)).statusCode, 404);
      const [change] = await changesOf(api, challenge.id);
      assert.equal(change!.action, 'task_merged');
      assert.deepEqual(change!.details.merged_task, { id: other.id, title: 'Test the importer' });
    });

    it('re-runs matching for an open task (202, task.match queued); 422 once it has its contributor', async () => {
      const { challenge, workstream, task, api } = await plan();
      const before = (await queuedJobs(ctx, 'task.match')).filter((job) => job.payload.taskId === task.id).length;
      const response = await api.post(`/api/tasks/${task.id}/rematch`);
      assert.equal(response.statusCode, 202, response.body);
      assert.equal(response.data.data.id, task.id);
      const after = (await queuedJobs(ctx, 'task.match')).filter((job) => job.payload.taskId === task.id).length;
      assert.equal(after, before + 1);
      const assigned = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, status: 'assigned' });
      const refused = await api.post(`/api/tasks/${assigned.id}/rematch`);
      assert.equal(refused.statusCode, 422);
      assert.match(refused.data.message, /This task already has its contributor, so there is nobody to look for/);
      assert.equal((await changesOf(api, challenge.id))[0]!.action, 'task_rematched');
    });

    it('edits, reorders and removes workstreams; a removal takes its tasks, or nothing when one is busy', async () => {
      const { challenge, workstream, task, api } = await plan();
      const second = await createWorkstream(ctx.db, challenge.id, { title: 'Ship', position: 2 });
      const renamed = await api.patch(`/api/workstreams/${second.id}`, { title: 'Release', position: 1 });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.data.data.title, 'Release');
      assert.equal(renamed.data.data.position, 1);
      assert.ok(renamed.data.data.company_edited_at);
      const order = (await api.get(`/api/challenges/${challenge.id}`)).data.workstreams.map(
        (w: { id: number }) => w.id,
      );
      assert.deepEqual(order, [second.id, workstream.id]);

      const worker = await createVolunteer(ctx.db);
      const busy = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, title: 'Busy one' });
      const accepted = await createAssignment(ctx.db, busy.id, worker.volunteer.id, { status: 'accepted' });
      const refused = await api.delete(`/api/workstreams/${workstream.id}`);
      assert.equal(refused.statusCode, 422);
      assert.match(refused.data.message, /The task "Busy one" cannot be removed/);
      assert.ok(
        await ctx.db.selectFrom('tasks').select('id').where('id', '=', task.id).executeTakeFirst(),
        'all or nothing',
      );

      await ctx.db.updateTable('assignments').set({ status: 'declined' }).where('id', '=', accepted.id).execute();
      const removed = await api.delete(`/api/workstreams/${workstream.id}`);
      assert.equal(removed.statusCode, 204, removed.body);
      const left = await ctx.db.selectFrom('tasks').select('id').where('challenge_id', '=', challenge.id).execute();
      assert.deepEqual(left, []);
      const [change] = await changesOf(api, challenge.id);
      assert.equal(change!.summary, 'Removed the workstream "Build" with its 2 tasks.');
    });

    it('edits the refined brief while the challenge runs, never before the analysis wrote it or after it ended', async () => {
      const owner = await createCompany(ctx.db);
      const api = apiClient(ctx.app, owner.token);
      const running = await createChallenge(ctx.db, owner.company.id, { status: 'in_progress', refined_brief: 'Old.' });
      const edited = await api.put(`/api/challenges/${running.id}`, { refined_brief: 'A clearer brief.' });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.data.refined_brief, 'A clearer brief.');
      assert.equal(edited.data.status, 'in_progress');
      assert.deepEqual(
        await queuedJobs(ctx, 'challenge.analyze').then((jobs) =>
          jobs.filter((j) => j.payload.challengeId === running.id),
        ),
        [],
      );
      const [change] = await changesOf(api, running.id);
      assert.equal(change!.action, 'brief_edited');
      assert.deepEqual(change!.details.refined_brief, { from: 'Old.', to: 'A clearer brief.' });

      for (const [status, message] of [
        ['submitted', 'The refined brief is written by the analysis: it can be edited once the analysis has finished.'],
        ['completed', 'The refined brief can no longer be edited: the challenge is completed.'],
        ['archived', 'The refined brief can no longer be edited: the challenge is archived.'],
      ] as const) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status, refined_brief: 'Kept.' });
        const refused = await api.put(`/api/challenges/${challenge.id}`, { refined_brief: 'New.' });
        assert.equal(refused.statusCode, 422, status);
        assert.equal(refused.data.message, message);
      }
      const titleToo = await api.put(`/api/challenges/${running.id}`, { refined_brief: 'Again.', title: 'New title' });
      assert.equal(titleToo.statusCode, 422, 'the title still changes only before the analysis');
    });

    it('is the owning company’s alone: 401, 403 for contributors and other companies, 404 when invisible', async () => {
      const { challenge, workstream, task, owner } = await plan();
      const contributor = await createVolunteer(ctx.db);
      const other = await createCompany(ctx.db);
      const draft = await createChallenge(ctx.db, owner.company.id, { status: 'analyzing' });
      const draftWorkstream = await createWorkstream(ctx.db, draft.id);
      const draftTask = await createTask(ctx.db, draft.id, { workstream_id: draftWorkstream.id });
      const routes = (ids: {
        challenge: number;
        workstream: number;
        task: number;
      }): Array<[string, string, unknown]> => [
        ['POST', `/api/challenges/${ids.challenge}/workstreams`, { title: 'X' }],
        ['PATCH', `/api/workstreams/${ids.workstream}`, { title: 'X' }],
        ['DELETE', `/api/workstreams/${ids.workstream}`, undefined],
        ['POST', `/api/workstreams/${ids.workstream}/tasks`, { title: 'X', required_skills: [{ name: 'Python' }] }],
        ['PATCH', `/api/tasks/${ids.task}`, { title: 'X' }],
        ['DELETE', `/api/tasks/${ids.task}`, undefined],
        ['POST', `/api/tasks/${ids.task}/merge`, { into_task_id: ids.task + 1000000 }],
        ['POST', `/api/tasks/${ids.task}/rematch`, undefined],
        ['GET', `/api/challenges/${ids.challenge}/changes`, undefined],
      ];
      const send = (token: string | undefined, [method, url, body]: [string, string, unknown]) => {
        const client = apiClient(ctx.app, token);
        if (method === 'GET') return client.get(url);
        if (method === 'DELETE') return client.delete(url);
        if (method === 'PATCH') return client.patch(url, body);
        return client.post(url, body);
      };
      for (const route of routes({ challenge: challenge.id, workstream: workstream.id, task: task.id })) {
        const label = `${route[0]} ${route[1]}`;
        assert.equal((await send(undefined, route)).statusCode, 401, label);
        const asContributor = await send(contributor.token, route);
        assert.equal(asContributor.statusCode, 403, label);
        assert.equal(asContributor.data.message, 'Only company accounts can do this.');
        const asOther = await send(other.token, route);
        assert.equal(asOther.statusCode, 403, label);
        assert.equal(asOther.data.message, 'Only the company that owns this challenge can do this.');
      }
      for (const route of routes({ challenge: draft.id, workstream: draftWorkstream.id, task: draftTask.id })) {
        assert.equal((await send(other.token, route)).statusCode, 404, `invisible: ${route[0]} ${route[1]}`);
      }
      for (const route of routes({ challenge: 999999, workstream: 999999, task: 999999 })) {
        assert.equal((await send(owner.token, route)).statusCode, 404, `unknown: ${route[0]} ${route[1]}`);
      }
      const row = await ctx.db.selectFrom('tasks').selectAll().where('id', '=', task.id).executeTakeFirstOrThrow();
      assert.equal(row.title, task.title, 'nobody but the owner changed anything');
    });

    it('changes a plan only while the team challenge runs (422 otherwise, and for community challenges)', async () => {
      const owner = await createCompany(ctx.db);
      const api = apiClient(ctx.app, owner.token);
      for (const [overrides, message] of [
        [{ status: 'analyzing' }, 'Only the plan of an active challenge or a challenge in progress can be changed'],
        [{ status: 'completed' }, 'Only the plan of an active challenge or a challenge in progress can be changed'],
        [{ status: 'archived' }, 'Only the plan of an active challenge or a challenge in progress can be changed'],
        [
          { status: 'active', challenge_type: 'community_discussion' },
          'This challenge collects ideas from the community',
        ],
      ] as const) {
        const challenge = await createChallenge(ctx.db, owner.company.id, overrides);
        const workstream = await createWorkstream(ctx.db, challenge.id);
        const task = await createTask(ctx.db, challenge.id, { workstream_id: workstream.id });
        for (const response of [
          await api.post(`/api/challenges/${challenge.id}/workstreams`, { title: 'More' }),
          await api.patch(`/api/tasks/${task.id}`, { title: 'Renamed' }),
          await api.delete(`/api/workstreams/${workstream.id}`),
        ]) {
          assert.equal(response.statusCode, 422, JSON.stringify(overrides));
          assert.ok(response.data.message.startsWith(message), response.data.message);
        }
      }
    });
  });
}
