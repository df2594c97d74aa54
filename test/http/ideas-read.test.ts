import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createIdea, createVolunteer, LONG_TEXT } from '../helpers/factories.ts';
import { COMMUNITY, type IdeasCast, ideasCast } from '../helpers/idea-fixtures.ts';

type Listed = { id: number };

for (const dialect of testDialects()) {
  describe(`ideas: my ideas and single read [${dialect}]`, () => {
    let ctx: TestContext;
    let { owner, otherCompany, author, reader, community } = {} as IdeasCast;

    before(async () => {
      ctx = await createTestContext(dialect);
      ({ owner, otherCompany, author, reader, community } = await ideasCast(ctx.db));
    });
    after(() => ctx.close());

    it("lists a contributor's own ideas, newest first, in every status", async () => {
      const mine = await createVolunteer(ctx.db);
      const elsewhere = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const a = await createIdea(ctx.db, community.id, mine.volunteer.id, { status: 'rejected', final_score: null });
      const b = await createIdea(ctx.db, elsewhere.id, mine.volunteer.id);
      const c = await createIdea(ctx.db, community.id, mine.volunteer.id, { status: 'pending_review' });
      await createIdea(ctx.db, community.id, reader.volunteer.id);
      const response = await apiClient(ctx.app, mine.token).get('/api/ideas/my-ideas?per_page=2');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.data.data.map((idea: Listed) => idea.id),
        [c.id, b.id],
      );
      assert.equal(response.data.meta.total, 3);
      const next = await apiClient(ctx.app, mine.token).get(response.data.links.next.replace(/^https?:\/\/[^/]+/, ''));
      assert.deepEqual(
        next.data.data.map((idea: Listed) => idea.id),
        [a.id],
      );

      assert.equal((await apiClient(ctx.app, owner.token).get('/api/ideas/my-ideas')).statusCode, 403);
      const profileless = await createAccount(ctx.db, 'contributor');
      const empty = await apiClient(ctx.app, profileless.token).get('/api/ideas/my-ideas');
      assert.equal(empty.statusCode, 200);
      assert.deepEqual(empty.data.data, []);
      assert.equal(empty.data.meta.total, 0);
    });

    it('shows one idea when scored, own, or on the caller company’s challenge — else 404', async () => {
      const scored = await createIdea(ctx.db, community.id, author.volunteer.id);
      const pending = await createIdea(ctx.db, community.id, author.volunteer.id, {
        status: 'pending_review',
        description: LONG_TEXT,
      });
      const read = async (token: string, id: number) => apiClient(ctx.app, token).get(`/api/ideas/${id}`);

      for (const token of [author.token, reader.token, owner.token, otherCompany.token]) {
        const response = await read(token, scored.id);
        assert.equal(response.statusCode, 200);
        assert.equal(response.data.id, scored.id);
      }
      assert.equal((await read(author.token, pending.id)).statusCode, 200);
      assert.equal((await read(owner.token, pending.id)).statusCode, 200);
      for (const token of [reader.token, otherCompany.token]) {
        const response = await read(token, pending.id);
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.data, { message: 'Idea not found.' });
      }
      assert.equal((await read(reader.token, 999_999)).statusCode, 404);
      assert.equal((await read(reader.token, 0)).statusCode, 404);

      // An archived challenge hides even its scored ideas from everyone but the owner.
      const archived = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, status: 'archived' });
      const hidden = await createIdea(ctx.db, archived.id, author.volunteer.id);
      assert.equal((await read(author.token, hidden.id)).statusCode, 404);
      assert.equal((await read(reader.token, hidden.id)).statusCode, 404);
      assert.equal((await read(owner.token, hidden.id)).statusCode, 200);
    });
  });
}
