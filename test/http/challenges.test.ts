import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';

/** Each test files its challenges under its own field, so lists filtered by it see only that test's rows. */
const uniqueField = () => `Field ${crypto.randomUUID()}`;
const ALL_STATUSES = ['submitted', 'analyzing', 'active', 'in_progress', 'completed', 'rejected', 'archived'];
const PUBLIC_STATUSES = ['active', 'in_progress', 'completed'];

for (const dialect of testDialects()) {
  describe(`challenges: lists and reads [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** One challenge per status for a company, all under `field`. */
    async function oneOfEachStatus(companyId: number, field: string) {
      const byStatus = new Map<string, number>();
      for (const status of ALL_STATUSES) {
        byStatus.set(status, (await createChallenge(ctx.db, companyId, { status, field })).id);
      }
      return byStatus;
    }

    it('answers 401 without a token on every endpoint', async () => {
      const api = apiClient(ctx.app);
      for (const response of [
        await api.get('/api/challenges'),
        await api.get('/api/challenges/my-challenges'),
        await api.get('/api/challenges/1'),
        await api.post('/api/challenges', { title: 'x', description: 'y' }),
        await api.put('/api/challenges/1', {}),
        await api.post('/api/challenges/1/archive'),
      ]) {
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.data, { message: 'Unauthenticated.' });
      }
    });

    it('lists public challenges to everyone and a company its own in every status, newest first', async () => {
      const field = uniqueField();
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const own = await oneOfEachStatus(owner.company.id, field);
      const others = await oneOfEachStatus(other.company.id, field);
      const url = `/api/challenges?field=${encodeURIComponent(field)}`;

      const asContributor = await apiClient(ctx.app, contributor.token).get(url);
      assert.equal(asContributor.statusCode, 200);
      const publicIds = [...PUBLIC_STATUSES.map((s) => own.get(s)), ...PUBLIC_STATUSES.map((s) => others.get(s))];
      assert.deepEqual(
        asContributor.data.data.map((c: { id: number }) => c.id),
        publicIds.sort((a, b) => b! - a!),
      );

      const asOwner = await apiClient(ctx.app, owner.token).get(url);
      const ownerIds = [...own.values(), ...PUBLIC_STATUSES.map((s) => others.get(s))];
      assert.deepEqual(
        asOwner.data.data.map((c: { id: number }) => c.id),
        ownerIds.sort((a, b) => b! - a!),
      );
    });

    it('embeds the company with its public logo path', async () => {
      const field = uniqueField();
      const withLogo = await createCompany(ctx.db, { company: { logo_storage_key: 'logos/abc123.png' } });
      const withoutLogo = await createCompany(ctx.db);
      const a = await createChallenge(ctx.db, withLogo.company.id, { field });
      const b = await createChallenge(ctx.db, withoutLogo.company.id, { field });
      const response = await apiClient(ctx.app, withoutLogo.token).get(`/api/challenges?field=${field}`);
      const byId = new Map(response.data.data.map((c: { id: number }) => [c.id, c]));
      assert.deepEqual((byId.get(a.id) as { company: unknown }).company, {
        id: withLogo.company.id,
        company_name: withLogo.company.company_name,
        logo_url: '/files/logos/abc123.png',
      });
      assert.equal((byId.get(b.id) as { company: { logo_url: unknown } }).company.logo_url, null);
      const item = byId.get(a.id) as Record<string, unknown>;
      for (const key of ['id', 'company_id', 'title', 'description', 'refined_brief', 'field', 'score']) {
        assert.ok(key in item, key);
      }
      for (const key of ['complexity_level', 'challenge_type', 'status', 'ai_analysis_status', 'rejection_reason']) {
        assert.ok(key in item, key);
      }
      assert.match(item.created_at as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('filters by status, challenge type, complexity, field and text', async () => {
      const field = uniqueField();
      const { company, token } = await createCompany(ctx.db);
      const contributor = await createVolunteer(ctx.db);
      const community = await createChallenge(ctx.db, company.id, {
        field,
        challenge_type: 'community_discussion',
        complexity_level: 1,
        title: 'Greener Packaging for 100% of orders, Évaluation included',
      });
      const team = await createChallenge(ctx.db, company.id, {
        field,
        status: 'in_progress',
        complexity_level: 4,
        description: `${'x'.repeat(100)} mentions the WAREHOUSE_floor explicitly.`,
      });
      const draft = await createChallenge(ctx.db, company.id, { field, status: 'submitted' });
      const ids = async (query: string, caller = token) => {
        const response = await apiClient(ctx.app, caller).get(`/api/challenges?field=${field}&${query}`);
        assert.equal(response.statusCode, 200, query);
        return response.data.data.map((c: { id: number }) => c.id);
      };
      assert.deepEqual(await ids('status=in_progress'), [team.id]);
      assert.deepEqual(await ids('status=submitted'), [draft.id]);
      assert.deepEqual(await ids('status=submitted', contributor.token), []);
      assert.deepEqual(await ids('challenge_type=community_discussion'), [community.id]);
      assert.deepEqual(await ids('challenge_type=team_execution'), [draft.id, team.id]);
      assert.deepEqual(await ids('complexity_level=4'), [team.id]);
      assert.deepEqual(await ids('q=greener%20PACKAGING'), [community.id]);
      assert.deepEqual(await ids('q=warehouse_floor'), [team.id]);
      assert.deepEqual(await ids(`q=${encodeURIComponent('100%')}`), [community.id]);
      assert.deepEqual(await ids('q=greener_packaging'), [], 'underscore matches literally');
      assert.deepEqual(await ids(`q=${encodeURIComponent('Évaluation INCLUDED')}`), [community.id], 'non-ASCII text');
      assert.deepEqual(await ids('q=%20%20'), [draft.id, team.id, community.id], 'a blank q is no filter');

      const fieldOnly = await apiClient(ctx.app, token).get(`/api/challenges?field=${field.toUpperCase()}`);
      assert.equal(fieldOnly.data.meta.total, 3, 'field ignores case');
      const partial = await apiClient(ctx.app, token).get(`/api/challenges?field=${field.slice(0, -2)}`);
      assert.equal(partial.data.meta.total, 0, 'field matches exactly');
    });

    it('answers 422 for unknown filter values', async () => {
      const { token } = await createCompany(ctx.db);
      const api = apiClient(ctx.app, token);
      for (const [query, field] of [
        ['status=open', 'status'],
        ['challenge_type=hackathon', 'challenge_type'],
        ['complexity_level=5', 'complexity_level'],
        ['complexity_level=0', 'complexity_level'],
        ['complexity_level=abc', 'complexity_level'],
      ]) {
        for (const path of ['/api/challenges', '/api/challenges/my-challenges']) {
          const response = await api.get(`${path}?${query}`);
          assert.equal(response.statusCode, 422, `${path}?${query}`);
          assert.ok(response.data.errors[field], `${path}?${query}`);
        }
      }
      const status = await api.get('/api/challenges?status=open');
      assert.match(status.data.errors.status[0], /^The status must be one of: submitted, analyzing, active/);
    });

    it('paginates 15 to a page with the contract envelope', async () => {
      const field = uniqueField();
      const { company, token } = await createCompany(ctx.db);
      const created = [];
      for (let i = 0; i < 17; i++) created.push((await createChallenge(ctx.db, company.id, { field })).id);
      const api = apiClient(ctx.app, token);

      const first = await api.get(`/api/challenges?field=${field}`);
      assert.equal(first.data.data.length, 15);
      assert.equal(first.data.data[0].id, created[16]);
      assert.deepEqual(
        { ...first.data.meta, path: undefined },
        { current_page: 1, from: 1, last_page: 2, path: undefined, per_page: 15, to: 15, total: 17 },
      );
      assert.match(first.data.meta.path, /\/api\/challenges$/);
      assert.equal(first.data.links.prev, null);
      assert.match(first.data.links.next, /page=2/);
      assert.match(first.data.links.next, /field=/, 'links keep the filters');

      const second = await api.get(`/api/challenges?field=${field}&page=2`);
      assert.deepEqual(
        second.data.data.map((c: { id: number }) => c.id),
        [created[1], created[0]],
      );
      assert.equal(second.data.meta.from, 16);
      assert.equal(second.data.links.next, null);

      const small = await api.get(`/api/challenges?field=${field}&per_page=5&page=4`);
      assert.deepEqual(
        small.data.data.map((c: { id: number }) => c.id),
        [created[1], created[0]],
      );

      // Pages are read from whichever end of the list is nearer: walked page by page, they still give every
      // challenge once, newest first, whatever the page size.
      for (const perPage of [3, 4, 16]) {
        const walked = [];
        for (let number = 1; number <= Math.ceil(17 / perPage); number++) {
          const response = await api.get(`/api/challenges?field=${field}&per_page=${perPage}&page=${number}`);
          walked.push(...response.data.data.map((c: { id: number }) => c.id));
        }
        assert.deepEqual(walked, created.toReversed(), `per_page=${perPage}`);
      }

      const past = await api.get(`/api/challenges?field=${field}&page=9`);
      assert.equal(past.statusCode, 200);
      assert.deepEqual(past.data.data, []);
      assert.equal(past.data.meta.total, 17);
      assert.equal(past.data.meta.from, null);

      for (const query of ['per_page=0', 'per_page=101', 'page=abc', 'page=0']) {
        const response = await api.get(`/api/challenges?${query}`);
        assert.equal(response.statusCode, 422, query);
      }
    });

    it('my-challenges: company only, all of its own and nothing else', async () => {
      const field = uniqueField();
      const owner = await createCompany(ctx.db);
      const other = await createCompany(ctx.db);
      const own = await oneOfEachStatus(owner.company.id, field);
      await oneOfEachStatus(other.company.id, field);
      const response = await apiClient(ctx.app, owner.token).get('/api/challenges/my-challenges');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.data.data.map((c: { id: number }) => c.id),
        [...own.values()].sort((a, b) => b - a),
      );
      assert.equal(response.data.meta.per_page, 15);
      const filtered = await apiClient(ctx.app, owner.token).get('/api/challenges/my-challenges?status=archived');
      assert.deepEqual(
        filtered.data.data.map((c: { id: number }) => c.id),
        [own.get('archived')],
      );

      const contributor = await createVolunteer(ctx.db);
      const forbidden = await apiClient(ctx.app, contributor.token).get('/api/challenges/my-challenges');
      assert.equal(forbidden.statusCode, 403);
      assert.equal(forbidden.data.message, 'Only company accounts can do this.');

      const noProfile = await createAccount(ctx.db, 'company');
      const empty = await apiClient(ctx.app, noProfile.token).get('/api/challenges/my-challenges');
      assert.equal(empty.statusCode, 200);
      assert.deepEqual(empty.data.data, []);
    });
  });
}
