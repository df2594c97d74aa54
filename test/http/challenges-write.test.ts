import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createVolunteer, LONG_TEXT } from '../helpers/factories.ts';
import { countQueuedJobs, queuedJobs } from '../helpers/queued-jobs.ts';

const valid = { title: 'Faster onboarding', description: LONG_TEXT };

for (const dialect of testDialects()) {
  describe(`challenges: create, update, archive [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function analyzeJobs(challengeId: number) {
      const jobs = await queuedJobs(ctx, 'challenge.analyze');
      return jobs.filter((job) => job.payload.challengeId === challengeId);
    }

    async function challengeRow(id: number) {
      return ctx.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    it('creates a submitted challenge and queues one brief analysis', async () => {
      const { company, token } = await createCompany(ctx.db);
      const response = await apiClient(ctx.app, token).post('/api/challenges', {
        title: '  Faster onboarding  ',
        description: LONG_TEXT,
        status: 'active',
      });
      assert.equal(response.statusCode, 201);
      const body = response.data;
      assert.equal(body.title, 'Faster onboarding', 'strings are trimmed');
      assert.equal(body.status, 'submitted', 'a status in the body is ignored');
      assert.equal(body.ai_analysis_status, 'pending');
      assert.equal(body.company_id, company.id);
      assert.deepEqual(body.company, { id: company.id, company_name: company.company_name, logo_url: null });
      assert.equal(body.challenge_type, null);
      const jobs = await analyzeJobs(body.id);
      assert.equal(jobs.length, 1);
      assert.deepEqual(jobs[0].payload, { challengeId: body.id });
      assert.equal(jobs[0].status, 'pending');
      assert.equal((await challengeRow(body.id)).description, LONG_TEXT);
      // The answer comes from the insert itself (one statement): it must be what the challenge reads as afterwards.
      const shown = await apiClient(ctx.app, token).get(`/api/challenges/${body.id}`);
      for (const [field, value] of Object.entries(body)) assert.deepEqual(shown.data[field], value, field);
    });

    it('is for companies with a completed profile', async () => {
      const contributor = await createVolunteer(ctx.db);
      const asContributor = await apiClient(ctx.app, contributor.token).post('/api/challenges', valid);
      assert.equal(asContributor.statusCode, 403);
      assert.equal(asContributor.data.message, 'Only company accounts can do this.');

      const jobsBefore = await countQueuedJobs(ctx);
      const noProfile = await createAccount(ctx.db, 'company');
      const response = await apiClient(ctx.app, noProfile.token).post('/api/challenges', valid);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.data, {
        message:
          'Complete your company profile with POST /api/companies/complete-profile before submitting a challenge.',
      });
      assert.equal(await countQueuedJobs(ctx), jobsBefore);
    });

    it('validates title and description, counting characters not bytes', async () => {
      const { token } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ description: LONG_TEXT }, 'title', 'The title field is required.'],
        [{ ...valid, title: '   ' }, 'title', 'The title field is required.'],
        [{ ...valid, title: 'x'.repeat(256) }, 'title', 'The title must not be greater than 255 characters.'],
        [{ ...valid, title: 42 }, 'title', 'The title must be a string.'],
        [{ title: 'T' }, 'description', 'The description field is required.'],
        [{ ...valid, description: 'x'.repeat(99) }, 'description', 'The description must be at least 100 characters.'],
        [
          { ...valid, description: 'x'.repeat(5001) },
          'description',
          'The description must not be greater than 5000 characters.',
        ],
        [{ ...valid, description: '😀'.repeat(99) }, 'description', 'The description must be at least 100 characters.'],
        [
          { ...valid, description: 'é'.repeat(5001) },
          'description',
          'The description must not be greater than 5000 characters.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await api.post('/api/challenges', body);
        assert.equal(response.statusCode, 422, JSON.stringify(body).slice(0, 80));
        assert.deepEqual(response.data.errors[field], [message]);
        assert.equal(typeof response.data.message, 'string');
      }
      for (const description of ['x'.repeat(100), 'x'.repeat(5000), '😀'.repeat(100), 'é'.repeat(5000)]) {
        const response = await api.post('/api/challenges', { title: 'Edge', description });
        assert.equal(response.statusCode, 201, `${description.length} code units`);
        assert.equal(response.data.description, description);
      }
    });

    it('lets the owner edit while submitted or analyzing; only a new description restarts the analysis', async () => {
      const { company, token } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      const created = (await api.post('/api/challenges', valid)).data;
      await ctx.db.updateTable('challenges').set({ status: 'analyzing' }).where('id', '=', created.id).execute();

      const titleOnly = await api.put(`/api/challenges/${created.id}`, { title: 'A sharper title' });
      assert.equal(titleOnly.statusCode, 200);
      assert.equal(titleOnly.data.title, 'A sharper title');
      assert.equal(titleOnly.data.status, 'analyzing', 'a title change leaves the analysis running');
      assert.equal((await analyzeJobs(created.id)).length, 1);

      const sameText = await api.put(`/api/challenges/${created.id}`, { description: LONG_TEXT });
      assert.equal(sameText.statusCode, 200);
      assert.equal((await analyzeJobs(created.id)).length, 1, 'an unchanged description is no change');

      const newText = `${LONG_TEXT} Also cover night shifts.`;
      const changed = await api.put(`/api/challenges/${created.id}`, { description: newText });
      assert.equal(changed.statusCode, 200);
      assert.equal(changed.data.description, newText);
      assert.equal(changed.data.status, 'submitted');
      assert.equal(changed.data.ai_analysis_status, 'pending');
      assert.equal(changed.data.title, 'A sharper title');
      assert.equal((await analyzeJobs(created.id)).length, 2);
      assert.equal(changed.data.company.id, company.id);

      const empty = await api.put(`/api/challenges/${created.id}`, {});
      assert.equal(empty.statusCode, 200);
      assert.equal((await analyzeJobs(created.id)).length, 2);
    });

    it('validates edits like creation', async () => {
      const { company, token } = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id, { status: 'submitted' });
      const api = apiClient(ctx.app, token);
      for (const [body, field] of [
        [{ title: 'x'.repeat(256) }, 'title'],
        [{ title: '' }, 'title'],
        [{ description: 'x'.repeat(99) }, 'description'],
        [{ description: 'x'.repeat(5001) }, 'description'],
        [{ description: 12 }, 'description'],
      ] as const) {
        const response = await api.put(`/api/challenges/${challenge.id}`, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body).slice(0, 60));
        assert.ok(response.data.errors[field]);
      }
      const row = await challengeRow(challenge.id);
      assert.equal(row.title, challenge.title);
      assert.equal(row.updated_at, challenge.updated_at);
    });

    it('refuses edits once the challenge has left submitted and analyzing', async () => {
      const { company, token } = await createCompany(ctx.db);
      for (const status of ['active', 'in_progress', 'completed', 'rejected', 'archived']) {
        const challenge = await createChallenge(ctx.db, company.id, { status });
        const response = await apiClient(ctx.app, token).put(`/api/challenges/${challenge.id}`, {
          description: `${LONG_TEXT} New.`,
        });
        assert.equal(response.statusCode, 422, status);
        assert.match(response.data.message, /^This challenge can no longer be edited/);
        assert.equal(response.data.errors, undefined);
        assert.equal((await challengeRow(challenge.id)).description, LONG_TEXT);
        assert.equal((await analyzeJobs(challenge.id)).length, 0);
      }
    });

    it('archives from any status, once', async () => {
      const { company, token } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      for (const status of ['submitted', 'analyzing', 'active', 'in_progress', 'completed', 'rejected']) {
        const challenge = await createChallenge(ctx.db, company.id, { status, updated_at: '2026-01-01T00:00:00.000Z' });
        const response = await api.post(`/api/challenges/${challenge.id}/archive`);
        assert.equal(response.statusCode, 200, status);
        assert.equal(response.data.status, 'archived');
        assert.notEqual(response.data.updated_at, '2026-01-01T00:00:00.000Z');

        const archivedAt = (await challengeRow(challenge.id)).updated_at;
        const again = await api.post(`/api/challenges/${challenge.id}/archive`);
        assert.equal(again.statusCode, 200);
        assert.equal(again.data.status, 'archived');
        assert.equal(again.data.updated_at, archivedAt);
        assert.equal((await challengeRow(challenge.id)).updated_at, archivedAt, 'no second write');
      }
    });

    it('lets only the owning company change a challenge', async () => {
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const open = await createChallenge(ctx.db, owner.company.id, { status: 'submitted' });
      const draft = await createChallenge(ctx.db, owner.company.id, { status: 'submitted' });
      const live = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      // An "active" challenge of another company is visible, so touching it is 403; a draft is invisible: 404.
      await ctx.db.updateTable('challenges').set({ status: 'active' }).where('id', '=', open.id).execute();

      const asContributor = apiClient(ctx.app, contributor.token);
      assert.equal((await asContributor.put(`/api/challenges/${draft.id}`, { title: 'x' })).statusCode, 403);
      assert.equal((await asContributor.post(`/api/challenges/${live.id}/archive`)).statusCode, 403);

      const asOther = apiClient(ctx.app, other.token);
      const put = await asOther.put(`/api/challenges/${live.id}`, { title: 'Hijacked' });
      assert.equal(put.statusCode, 403);
      assert.equal(put.data.message, 'Only the company that owns this challenge can do this.');
      assert.equal((await asOther.post(`/api/challenges/${live.id}/archive`)).statusCode, 403);
      assert.equal((await asOther.put(`/api/challenges/${draft.id}`, { title: 'x' })).statusCode, 404);
      assert.equal((await asOther.post(`/api/challenges/${draft.id}/archive`)).statusCode, 404);

      assert.equal((await challengeRow(live.id)).status, 'active');
      assert.equal((await challengeRow(live.id)).title, live.title);
      assert.equal((await challengeRow(draft.id)).status, 'submitted');

      const asOwner = apiClient(ctx.app, owner.token);
      for (const id of ['999999', 'abc', '0']) {
        assert.equal((await asOwner.put(`/api/challenges/${id}`, { title: 'x' })).statusCode, 404, id);
        assert.equal((await asOwner.post(`/api/challenges/${id}/archive`)).statusCode, 404, id);
      }
    });
  });
}
