import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createTask, createVolunteer, createWorkstream } from '../helpers/factories.ts';

const reasons = [
  { name: 'Network Security', reason: 'The brief asks to audit the firewall rules.', core: true },
  { name: 'Auditing', reason: 'Needed because it is an audit ("audit" in the brief).', core: false },
];

/** Where a task comes from (its brief excerpt) and why it needs each skill, through every read of a task. */
for (const dialect of testDialects()) {
  describe(`tasks: source and skill reasons [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('returns source and required_skill_reasons on the task, the task list and the challenge', async () => {
      const { company, token } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const workstream = await createWorkstream(ctx.db, challenge.id);
      const task = await createTask(ctx.db, challenge.id, {
        workstream_id: workstream.id,
        skills: ['Network Security', 'Auditing'],
        source: 'We need someone to audit the firewall rules on our office routers',
        skill_reasons: JSON.stringify(reasons),
      });
      const api = apiClient(ctx.app, token);

      const single = await api.get(`/api/tasks/${task.id}`);
      assert.equal(single.statusCode, 200);
      assert.equal(single.data.source, 'We need someone to audit the firewall rules on our office routers');
      assert.deepEqual(single.data.required_skill_reasons, reasons);
      assert.deepEqual(single.data.required_skills, ['Network Security', 'Auditing']);

      const list = await api.get(`/api/tasks?challenge_id=${challenge.id}`);
      assert.deepEqual(list.data.data[0].required_skill_reasons, reasons);
      const shown = await api.get(`/api/challenges/${challenge.id}`);
      assert.equal(shown.data.workstreams[0].tasks[0].source, single.data.source);
      assert.deepEqual(shown.data.tasks[0].required_skill_reasons, reasons);
    });

    it('a task planned without them has source null and no reasons', async () => {
      const { company } = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const task = await createTask(ctx.db, challenge.id, { skills: ['Figma'] });
      const response = await apiClient(ctx.app, contributor.token).get(`/api/tasks/${task.id}`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.data.source, null);
      assert.deepEqual(response.data.required_skill_reasons, []);
    });

    it('documents both fields in the OpenAPI description', async () => {
      const response = await apiClient(ctx.app).get('/api/openapi.json');
      const text = JSON.stringify(response.data);
      assert.match(text, /"required_skill_reasons"/);
      assert.match(text, /The excerpt of the challenge brief the task was planned from/);
    });
  });
}
