import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * Issue 12, item 1 on the challenge page: the owning company corrects the plan (workstreams, tasks, refined brief)
 * with forms that go to the plan-editing API, sees what it changed and its change history; nobody else sees any of it.
 */
for (const dialect of testDialects()) {
  describe(`correcting the analysis on the challenge page [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** An active team challenge of a company that can sign in: two workstreams, three tasks, one with work under way. */
    async function plannedChallenge(overrides: Record<string, unknown> = {}) {
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, owner.company.id, {
        title: 'Harbour wall repair',
        refined_brief: 'Repair the harbour wall before the winter storms.',
        ...overrides,
      });
      const build = await createWorkstream(ctx.db, challenge.id, { title: 'Build', position: 1 });
      const survey = await createWorkstream(ctx.db, challenge.id, { title: 'Survey', position: 2 });
      const importer = await createTask(ctx.db, challenge.id, {
        workstream_id: build.id,
        title: 'Write the importer',
        skills: ['Python'],
      });
      const schema = await createTask(ctx.db, challenge.id, {
        workstream_id: build.id,
        title: 'Design the schema',
        skills: ['PostgreSQL'],
      });
      const busy = await createTask(ctx.db, challenge.id, {
        workstream_id: survey.id,
        title: 'Survey the site',
        status: 'in_progress',
      });
      const worker = await createVolunteer(ctx.db, { user: await withPassword() });
      await createAssignment(ctx.db, busy.id, worker.volunteer.id, { status: 'in_progress' });
      return { owner, challenge, build, survey, importer, schema, busy, worker };
    }

    it('the owner gets a form for every correction, each sent to its API route', async () => {
      const { owner, challenge, build, survey, importer, schema, busy } = await plannedChallenge();
      const client = await signedIn(ctx.app, owner.user.email);
      const response = await client.get(`/challenges/${challenge.id}`);
      assert.equal(response.statusCode, 200, response.body);
      const page = parsePage(response.body);
      const forms = page.forms();
      const formTo = (method: string, target: string) => {
        const found = forms.filter((form) => form.method === method && form.target === target);
        assert.equal(found.length, 1, `one ${method} form to ${target}`);
        return found[0]!;
      };

      const add = formTo('POST', `/api/challenges/${challenge.id}/workstreams`);
      assert.equal(add.control('Title').required, true);
      const editWorkstream = formTo('PATCH', `/api/workstreams/${build.id}`);
      assert.equal(editWorkstream.control('Title').value, 'Build');
      assert.match(editWorkstream.control('Place in the plan (optional)').description.join(' '), /Now number 1\./);
      assert.match(formTo('DELETE', `/api/workstreams/${survey.id}`).confirm ?? '', /Remove the workstream “Survey”/);

      const newTask = formTo('POST', `/api/workstreams/${build.id}/tasks`);
      assert.equal(newTask.control('Skill 1').name, 'required_skills.0.name');
      assert.deepEqual(
        newTask.control('Level of skill 1').options.map((option) => option.value),
        ['', 'beginner', 'intermediate', 'advanced', 'expert'],
      );
      assert.equal(newTask.control('Experience it asks for').value, 'mid');

      // The task's form holds what the task is now: its skills with their levels, estimate, workstream.
      const edit = formTo('PATCH', `/api/tasks/${importer.id}`);
      assert.equal(edit.control('Title').value, 'Write the importer');
      assert.equal(edit.control('Skill 1').value, 'Python');
      assert.equal(edit.control('Level of skill 1').value, '');
      assert.equal(edit.control('Skill 2').value, '', 'a blank row to add a skill');
      assert.equal(edit.control('Supporting (skill 1)').name, 'required_skills.0.core');
      assert.equal(edit.control('Supporting (skill 1)').checked, false, 'a core skill');
      assert.equal(edit.control('Estimate in hours (optional)').value, '8');
      assert.deepEqual(
        edit.control('Workstream').options.map((option) => [option.text, option.selected]),
        [
          ['Build', true],
          ['Survey', false],
        ],
      );
      assert.match(edit.control('Place in its workstream (optional)').description.join(' '), /Now number 1\./);
      const merge = formTo('POST', `/api/tasks/${importer.id}/merge`);
      assert.deepEqual(
        merge.control('Merge into').options.map((option) => option.value),
        [String(schema.id), String(busy.id)],
      );
      assert.match(merge.confirm ?? '', /^Merge “Write the importer” into the task you chose\?/);
      assert.match(formTo('DELETE', `/api/tasks/${importer.id}`).confirm ?? '', /Remove the task “Write the importer”/);
      formTo('POST', `/api/tasks/${importer.id}/rematch`);

      // Work under way: the page says why it cannot go; matching again is for tasks still looking for people.
      assert.match(page.textOf(`#task-${busy.id}`), /it cannot be removed or merged while that work lasts/);
      assert.ok(!page.textOf(`#task-${importer.id}`).includes('while that work lasts'));
      assert.equal(forms.filter((form) => form.target === `/api/tasks/${busy.id}/rematch`).length, 0);

      // A task outside every workstream is not moved into one by saving it.
      const loose = await createTask(ctx.db, challenge.id, { title: 'Loose end' });
      const again = parsePage((await client.get(`/challenges/${challenge.id}`)).body);
      const looseForm = again
        .forms()
        .find((form) => form.method === 'PATCH' && form.target === `/api/tasks/${loose.id}`);
      assert.deepEqual(
        looseForm?.control('Workstream').options.map((option) => [option.value, option.selected]),
        [
          ['', true],
          [String(build.id), false],
          [String(survey.id), false],
        ],
      );

      const brief = formTo('PUT', `/api/challenges/${challenge.id}`);
      assert.equal(brief.control('Refined brief').value, 'Repair the harbour wall before the winter storms.');

      assert.ok(page.headings(2).includes('Change history'));
      assert.match(page.textOf('#history'), /No changes yet/);
      assert.ok(!page.text.includes('Changed by you'), 'nothing changed yet');
    });

    it('marks what the company changed or added, and lists its changes in plain words', async () => {
      const { owner, challenge, build, importer, schema } = await plannedChallenge();
      const api = apiClient(ctx.app, owner.token);
      const edited = await api.patch(`/api/tasks/${importer.id}`, {
        required_skills: [
          { name: 'Python', level: 'advanced' },
          { name: 'sql', core: false },
        ],
        estimated_hours: 12,
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const added = await api.post(`/api/workstreams/${build.id}/tasks`, {
        title: 'Load the old records',
        required_skills: [{ name: 'SQL' }],
      });
      assert.equal(added.statusCode, 201, added.body);
      assert.equal((await api.delete(`/api/tasks/${schema.id}`)).statusCode, 204);

      const client = await signedIn(ctx.app, owner.user.email);
      const page = parsePage((await client.get(`/challenges/${challenge.id}`)).body);
      assert.match(page.textOf(`#task-${importer.id}`), /Changed by you/);
      assert.match(page.textOf(`#task-${importer.id}`), /Python, advanced/);
      // The form holds each skill's flag as it is now: SQL supporting, Python core, the blank row unticked.
      const form = page
        .forms()
        .find((candidate) => candidate.method === 'PATCH' && candidate.target === `/api/tasks/${importer.id}`)!;
      assert.equal(form.control('Skill 2').value, 'SQL');
      assert.equal(form.control('Supporting (skill 2)').checked, true);
      assert.equal(form.control('Supporting (skill 1)').checked, false);
      assert.equal(form.control('Supporting (skill 3)').checked, false);
      assert.match(page.textOf(`#task-${added.data.data.id}`), /Changed by you/);
      assert.ok(!page.textOf('#tasks').includes('Design the schema'), 'the removed task is gone');

      const history = page.textOf('#history');
      assert.match(history, /Show your changes to the plan \(3, only your company sees them\)/);
      assert.match(history, /Removed the task "Design the schema"\./);
      assert.match(history, /Added the task "Load the old records" to "Build"\./);
      assert.match(history, /Changed the task "Write the importer": estimate, skills\./);
      assert.match(history, /Skills: Python → Python \(advanced\), SQL \(supporting\)/);
      assert.match(history, /Estimate: 8 hours → 12 hours/);
      assert.match(history, new RegExp(`${owner.user.name}, \\d`));
      // Newest first.
      assert.ok(history.indexOf('Removed the task') < history.indexOf('Added the task'));
    });

    it('another company and the contributors see the challenge without any of it', async () => {
      const { owner, challenge, importer, worker } = await plannedChallenge();
      await apiClient(ctx.app, owner.token).patch(`/api/tasks/${importer.id}`, { estimated_hours: 3 });
      const other = await createCompany(ctx.db, { user: await withPassword() });
      const outsider = await createVolunteer(ctx.db, { user: await withPassword() });
      for (const email of [other.user.email, worker.user.email, outsider.user.email]) {
        const client = await signedIn(ctx.app, email);
        const response = await client.get(`/challenges/${challenge.id}`);
        assert.equal(response.statusCode, 200, `${email}: ${response.body}`);
        const page = parsePage(response.body);
        assert.match(page.text, /Write the importer/);
        const editing = page
          .forms()
          .filter((form) => /^\/api\/(workstreams|tasks)\/|\/workstreams$|^\/api\/challenges\/\d+$/.test(form.target));
        assert.deepEqual(editing, [], `${email} gets no form to change the plan`);
        assert.ok(!page.text.includes('Change this task'), email);
        assert.ok(!page.text.includes('Changed by you'), email);
        assert.ok(!page.headings(2).includes('Change history'), email);
      }
    });

    it('once the challenge is completed, or for a community challenge, the plan offers no changes', async () => {
      const completed = await plannedChallenge({ status: 'completed' });
      const client = await signedIn(ctx.app, completed.owner.user.email);
      const page = parsePage((await client.get(`/challenges/${completed.challenge.id}`)).body);
      assert.match(page.text, /Write the importer/);
      assert.ok(!page.text.includes('Change this task'));
      assert.ok(!page.text.includes('Add a workstream'));
      assert.ok(!page.text.includes('Edit the refined brief'));
      assert.ok(page.headings(2).includes('Change history'), 'the record stays readable');

      const community = await plannedChallenge({ challenge_type: 'community_discussion' });
      const owner = await signedIn(ctx.app, community.owner.user.email);
      const ideas = parsePage((await owner.get(`/challenges/${community.challenge.id}`)).body);
      assert.ok(!ideas.text.includes('Change this task'));
      assert.ok(!ideas.text.includes('Add a workstream'));
      assert.ok(!ideas.headings(2).includes('Change history'));
    });
  });
}
