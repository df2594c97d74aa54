import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.ts';
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

async function createAnalysis(db: Db, challengeId: number, stage: string, createdAt: string) {
  return db
    .insertInto('challenge_analyses')
    .values({
      challenge_id: challengeId,
      stage,
      summary: `${stage} summary`,
      objectives: JSON.stringify(['Cut onboarding time']),
      constraints: '[]',
      success_criteria: JSON.stringify(['Two weeks']),
      stakeholders: '[]',
      risks: JSON.stringify(['Adoption']),
      recommended_approach: null,
      confidence_score: 82,
      provider: 'local',
      model: null,
      created_at: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

for (const dialect of testDialects()) {
  describe(`challenges: single read [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('returns the challenge with analyses, workstreams with their tasks, and tasks', async () => {
      const { company, token: ownerToken } = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      const later = await createAnalysis(ctx.db, challenge.id, 'complexity', '2026-01-02T00:00:00.000Z');
      const earlier = await createAnalysis(ctx.db, challenge.id, 'brief', '2026-01-01T00:00:00.000Z');
      const second = await createWorkstream(ctx.db, challenge.id, { position: 2 });
      const first = await createWorkstream(ctx.db, challenge.id, { position: 1 });
      const a = await createTask(ctx.db, challenge.id, { workstream_id: first.id, skills: ['Figma'] });
      const b = await createTask(ctx.db, challenge.id, { workstream_id: second.id });
      const c = await createTask(ctx.db, challenge.id, { workstream_id: first.id });
      const loose = await createTask(ctx.db, challenge.id);
      await createIdea(ctx.db, challenge.id, contributor.volunteer.id);

      const response = await apiClient(ctx.app, ownerToken).get(`/api/challenges/${challenge.id}`);
      assert.equal(response.statusCode, 200);
      const body = response.data;
      assert.equal(body.id, challenge.id);
      assert.equal(body.company.company_name, company.company_name);
      assert.deepEqual(ids(body.analyses), [earlier.id, later.id]);
      assert.deepEqual(body.analyses[0].objectives, ['Cut onboarding time']);
      assert.deepEqual(body.analyses[0].constraints, []);
      assert.equal(body.analyses[0].confidence_score, 82);
      assert.deepEqual(ids(body.workstreams), [first.id, second.id]);
      assert.deepEqual(ids(body.workstreams[0].tasks), [a.id, c.id]);
      assert.deepEqual(ids(body.workstreams[1].tasks), [b.id]);
      assert.deepEqual(ids(body.tasks), [a.id, b.id, c.id, loose.id]);
      assert.deepEqual(body.tasks[0].required_skills, ['Figma']);
      assert.deepEqual(body.tasks[0].workstream, { id: first.id, title: first.title });
      assert.deepEqual(body.tasks[0].challenge, { id: challenge.id, title: challenge.title, status: 'active' });
      assert.equal(body.tasks[3].workstream, null);
      assert.deepEqual(body.ideas, [], 'a team-execution challenge embeds no ideas');

      const seen = await apiClient(ctx.app, contributor.token).get(`/api/challenges/${challenge.id}`);
      assert.equal(seen.statusCode, 200);
      assert.deepEqual(seen.data.analyses, [], "a contributor never gets the company's analysis notes");
      assert.deepEqual(ids(seen.data.tasks), [a.id, b.id, c.id, loose.id], 'but sees the work');
    });

    it("gives another company none of the owner's analysis notes", async () => {
      const { company } = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id);
      await createAnalysis(ctx.db, challenge.id, 'brief', '2026-01-01T00:00:00.000Z');
      const response = await apiClient(ctx.app, other.token).get(`/api/challenges/${challenge.id}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data.analyses, []);
    });

    it('embeds the scored ideas of a community challenge only', async () => {
      const { company } = await createCompany(ctx.db);
      const author = await createVolunteer(ctx.db);
      const viewer = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, company.id, {
        challenge_type: 'community_discussion',
        complexity_level: 1,
      });
      const scored = await createIdea(ctx.db, challenge.id, author.volunteer.id);
      await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        status: 'pending_review',
        ai_score: null,
        ai_feedback: null,
        final_score: null,
      });
      await createIdea(ctx.db, challenge.id, author.volunteer.id, { status: 'rejected' });

      const response = await apiClient(ctx.app, viewer.token).get(`/api/challenges/${challenge.id}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(ids(response.data.ideas), [scored.id]);
      assert.equal(response.data.ideas[0].volunteer.id, author.volunteer.id);
      assert.deepEqual(response.data.workstreams, []);
      assert.deepEqual(response.data.tasks, []);
    });

    it('is 404 for unknown and non-integer ids', async () => {
      const { token } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
        const response = await api.get(`/api/challenges/${id}`);
        assert.equal(response.statusCode, 404, id);
        assert.equal(typeof response.data.message, 'string');
      }
    });

    it('hides non-public challenges from everyone but their company', async () => {
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      for (const status of ['submitted', 'analyzing', 'rejected', 'archived']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        const url = `/api/challenges/${challenge.id}`;
        assert.equal((await apiClient(ctx.app, owner.token).get(url)).statusCode, 200, status);
        const asOther = await apiClient(ctx.app, other.token).get(url);
        assert.equal(asOther.statusCode, 404, status);
        assert.deepEqual(asOther.data, { message: 'Challenge not found.' });
        assert.equal((await apiClient(ctx.app, contributor.token).get(url)).statusCode, 404, status);
      }
      for (const status of ['active', 'in_progress', 'completed']) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        const url = `/api/challenges/${challenge.id}`;
        assert.equal((await apiClient(ctx.app, other.token).get(url)).statusCode, 200, status);
        assert.equal((await apiClient(ctx.app, contributor.token).get(url)).statusCode, 200, status);
      }
    });
  });
}
