import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { allPages, createGuildClient, GuildApiError, type Schemas, unwrap } from '../../sdk/src/index.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';

const DESCRIPTION =
  'Our warehouse team needs a simple way to track pallets from the loading dock to the shelves, with a weekly report.';

/** The SDK against the real server on loopback: real HTTP, the generated types checked by tsc on every call. */
for (const dialect of testDialects()) {
  describe(`SDK client [${dialect}]`, () => {
    let ctx: TestContext;
    let baseUrl: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    after(() => ctx.close());

    it('creates a challenge, reads it back, and lists the company’s challenges page by page', async () => {
      const company = await createCompany(ctx.db);
      const guild = createGuildClient({ baseUrl, token: company.token });

      const created = await guild.POST('/api/challenges', {
        body: { title: 'Pallet tracking', description: DESCRIPTION },
      });
      assert.equal(created.response.status, 201);
      const challenge: Schemas['Challenge'] | undefined = created.data;
      assert.equal(challenge?.title, 'Pallet tracking');
      assert.equal(challenge?.status, 'submitted');
      assert.equal(challenge?.company.id, company.company.id);

      const read = await unwrap(guild.GET('/api/challenges/{id}', { params: { path: { id: challenge?.id ?? 0 } } }));
      assert.equal(read.id, challenge?.id);
      assert.equal(read.description, DESCRIPTION);
      assert.deepEqual(read.tasks, []);

      const more = [];
      for (const title of ['Dock scheduling', 'Shelf labels']) {
        more.push(await unwrap(guild.POST('/api/challenges', { body: { title, description: DESCRIPTION } })));
      }
      const first = await unwrap(guild.GET('/api/challenges/my-challenges', { params: { query: { per_page: 2 } } }));
      assert.deepEqual(
        first.data.map((item) => item.title),
        ['Shelf labels', 'Dock scheduling'],
      );
      assert.equal(first.meta.total, 3);
      assert.equal(first.meta.last_page, 2);
      assert.ok(first.links.next);

      const titles: string[] = [];
      for await (const item of allPages((page) =>
        guild.GET('/api/challenges/my-challenges', { params: { query: { page, per_page: 2 } } }),
      )) {
        titles.push(item.title);
      }
      assert.deepEqual(titles, ['Shelf labels', 'Dock scheduling', 'Pallet tracking']);
    });

    it('gives the error bodies typed: field errors of a 422, a 404, a 403, a 401 without a token', async () => {
      const company = await createCompany(ctx.db);
      const guild = createGuildClient({ baseUrl, token: company.token });

      const invalid = await guild.POST('/api/challenges', { body: { title: 'Short', description: 'Too short.' } });
      assert.equal(invalid.response.status, 422);
      assert.match(invalid.error?.errors?.description?.[0] ?? '', /at least 100 characters/);
      const thrown = await unwrap(
        guild.POST('/api/challenges', { body: { title: 'Short', description: 'Too short.' } }),
      ).catch((error: unknown) => error);
      assert.ok(thrown instanceof GuildApiError);
      assert.equal(thrown.status, 422);
      assert.deepEqual(Object.keys(thrown.fieldErrors), ['description']);

      const missing = await guild.GET('/api/challenges/{id}', { params: { path: { id: 2147483647 } } });
      assert.equal(missing.response.status, 404);
      assert.match(missing.error?.message ?? '', /not found/i);

      const volunteer = await createVolunteer(ctx.db);
      const contributor = createGuildClient({ baseUrl, token: volunteer.token });
      const forbidden = await contributor.POST('/api/challenges', { body: { title: 'X', description: DESCRIPTION } });
      assert.equal(forbidden.response.status, 403);

      const anonymous = createGuildClient({ baseUrl });
      assert.equal((await anonymous.GET('/api/user')).response.status, 401);
      assert.equal((await anonymous.GET('/api/health')).data?.status, 'ok');
    });
  });
}
