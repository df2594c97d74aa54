import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type ApiClient, apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createVolunteer, LONG_TEXT } from '../helpers/factories.ts';
import { webClient } from '../helpers/web-client.ts';

/**
 * Issue 10, items 11 and 12: how text from a URL or a body is read. Only a canonical positive decimal integer names a
 * resource, on every `{id}` route of the OpenAPI document; a NUL character in any text input is a 422 naming the
 * field, the same on both engines (PostgreSQL cannot store it, SQLite would).
 */

type Operation = {
  description?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: { type?: unknown } }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Ids that Number() or a loose coercion would read as 16, 10 or 1 (or that are out of range), as URL path text. */
const LOOSE_IDS = ['0x10', '1e1', '%201', '1%20', '+1', '01', '0', '-1', '1.0', '2147483648', '1%00', '%E2%80%8B1'];
const NOT_FOUND = 'The requested resource was not found.';

for (const dialect of testDialects()) {
  describe(`Path ids and integer query parameters [${dialect}]`, () => {
    let ctx: TestContext;
    let doc: Document;
    let company: ApiClient;
    let contributor: ApiClient;
    const tokens = { company: '', contributor: '' };
    before(async () => {
      ctx = await createTestContext(dialect);
      const owner = await createCompany(ctx.db);
      tokens.company = owner.token;
      tokens.contributor = (await createVolunteer(ctx.db)).token;
      company = apiClient(ctx.app, tokens.company);
      contributor = apiClient(ctx.app, tokens.contributor);
      // Ids 1, 10 and 16 exist, so a loosely read id would name something rather than fall through to "not found".
      for (let i = 0; i < 16; i++) await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      doc = (await apiClient(ctx.app).get('/api/openapi.json')).data;
    });
    after(() => ctx.close());

    const contributorOnly = (operation: Operation) => /^Contributor accounts only/.test(operation.description ?? '');
    const callerFor = (operation: Operation) => (contributorOnly(operation) ? contributor : company);

    it('answers 404 "not found" to every non-canonical id on every route with an id in its path', async () => {
      const routes = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'path'))
          .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
      );
      const idRoutes = routes.filter(({ path }) => path.startsWith('/api/'));
      assert.ok(idRoutes.length >= 15, `found ${idRoutes.length} routes with an id`);
      for (const { method, path, operation } of idRoutes) {
        for (const id of LOOSE_IDS) {
          const url = path.replace(/\{[^}]+\}/g, id);
          const response = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${contributorOnly(operation) ? tokens.contributor : tokens.company}`,
              'content-type': 'application/json',
            },
            payload: '{}',
          });
          assert.equal(response.statusCode, 404, `${method} ${url}: ${response.body}`);
          assert.equal(JSON.parse(response.body).message, NOT_FOUND, `${method} ${url}`);
        }
      }
    });

    it('still reads the canonical form of the same ids', async () => {
      for (const id of ['1', '10', '16']) {
        const response = await company.get(`/api/challenges/${id}`);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.data.data?.id ?? response.data.id, Number(id));
      }
    });

    it('answers 422 naming the parameter to a non-canonical integer in any query string', async () => {
      const queries = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod).flatMap(([method, operation]) =>
          method === 'get' && !/\{/.test(path)
            ? (operation.parameters ?? [])
                .filter((parameter) => parameter.in === 'query' && parameter.schema?.type === 'integer')
                .map((parameter) => ({ path, name: parameter.name, operation }))
            : [],
        ),
      );
      const names = new Set(queries.map((query) => query.name));
      for (const expected of ['page', 'per_page', 'challenge_id', 'task_id', 'complexity_level']) {
        assert.ok(names.has(expected), `some list takes ?${expected}`);
      }
      for (const { path, name, operation } of queries) {
        for (const value of ['0x1', '1e0', '%201', '+1', '01', '1.0']) {
          const response = await callerFor(operation).get(`${path}?${name}=${value}`);
          assert.equal(response.statusCode, 422, `${path}?${name}=${value}: ${response.body}`);
          assert.deepEqual(Object.keys(response.data.errors), [name], `${path}?${name}=${value}`);
        }
        // A list that requires another parameter (find people's `skill`) answers its own 422 without it.
        if ((operation.parameters ?? []).some((parameter) => parameter.required && parameter.name !== name)) continue;
        const canonical = await callerFor(operation).get(`${path}?${name}=1`);
        assert.equal(canonical.statusCode, 200, `${path}?${name}=1: ${canonical.body}`);
      }
    });
  });

  describe(`NUL characters in text [${dialect}]`, () => {
    let ctx: TestContext;
    let company: ApiClient;
    before(async () => {
      ctx = await createTestContext(dialect);
      company = apiClient(ctx.app, (await createCompany(ctx.db)).token);
    });
    after(() => ctx.close());

    const challengeCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('challenges')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses a NUL in a JSON string field with a 422 on that field, storing nothing', async () => {
      const before = await challengeCount();
      const response = await company.post('/api/challenges', {
        title: 'Warehouse\u0000 onboarding',
        description: LONG_TEXT,
      });
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.data.errors, { title: ['The title must not contain a NUL character.'] });
      assert.equal(response.data.message, 'The title must not contain a NUL character.');
      assert.equal(await challengeCount(), before);
    });

    it('refuses a NUL in a form field and in a multipart field', async () => {
      const form = await company.post(
        '/api/challenges',
        `title=Warehouse%00onboarding&description=${encodeURIComponent(LONG_TEXT)}`,
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      assert.equal(form.statusCode, 422, form.body);
      assert.deepEqual(Object.keys(form.data.errors), ['title']);

      const multipart = new FormData();
      multipart.set('company_name', 'Acme\u0000 Ltd');
      const response = await company.multipart('PUT', '/api/companies/profile', multipart);
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.data.errors, { company_name: ['The company name must not contain a NUL character.'] });
    });

    it('refuses a NUL in the field and q list filters and any query parameter', async () => {
      for (const query of ['field=health%00care', 'q=clinic%00', 'status=active%00']) {
        const response = await company.get(`/api/challenges?${query}`);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
        assert.deepEqual(Object.keys(response.data.errors), [query.split('=')[0]], query);
      }
      const ok = await company.get('/api/challenges?field=healthcare&q=clinic');
      assert.equal(ok.statusCode, 200, ok.body);
    });

    it('refuses a NUL in web forms and page query strings too, which have no schema', async () => {
      const visitor = webClient(ctx.app);
      const email = `nul-${process.pid}@example.test`;
      const register = await visitor.submit('/register', '/register', {
        name: 'Ada\u0000 Lovelace',
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        account_type: 'contributor',
      });
      assert.equal(register.statusCode, 422, register.body);
      assert.match(register.body, /The name must not contain a NUL character\./);
      const users = await ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
      assert.equal(users.length, 0);
      const page = await visitor.get('/login?next=%2Fdashboard%00');
      assert.equal(page.statusCode, 422, page.body);
      assert.match(page.body, /The next must not contain a NUL character\./);
    });

    it('ignores an unknown field whatever it holds, as unknown fields are', async () => {
      const response = await company.put('/api/companies/profile', {
        'company\u0000name': 'Acme\u0000',
        industry: 'Retail',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.data.industry, 'Retail');
    });
  });
}
