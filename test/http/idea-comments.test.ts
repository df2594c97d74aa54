import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createIdea } from '../helpers/factories.ts';
import { COMMUNITY, type IdeasCast, ideasCast } from '../helpers/idea-fixtures.ts';

for (const dialect of testDialects()) {
  describe(`ideas: comment threads [${dialect}]`, () => {
    let ctx: TestContext;
    let { owner, otherCompany, author, reader, community } = {} as IdeasCast;

    before(async () => {
      ctx = await createTestContext(dialect);
      ({ owner, otherCompany, author, reader, community } = await ideasCast(ctx.db));
    });
    after(() => ctx.close());

    const as = (token?: string) => apiClient(ctx.app, token);

    it('threads comments oldest first in the list envelope, naming who wrote each', async () => {
      const idea = await createIdea(ctx.db, community.id, author.volunteer.id);
      const url = `/api/ideas/${idea.id}/comments`;
      const first = await as(reader.token).post(url, { body: 'How would the fridges be cleaned?' });
      assert.equal(first.statusCode, 201);
      assert.deepEqual(
        { ...first.data.data, id: undefined, created_at: undefined },
        {
          id: undefined,
          idea_id: idea.id,
          author: { name: reader.user.name, role: 'contributor', is_idea_author: false },
          body: 'How would the fridges be cleaned?',
          created_at: undefined,
        },
      );
      await as(author.token).post(url, { body: 'A rota of volunteers, twice a week.' });
      await as(owner.token).post(url, { body: 'We could fund the cleaning kit.' });
      await as(otherCompany.token).post(url, { body: 'Interesting.' });

      const page = await as(reader.token).get(`${url}?per_page=3`);
      assert.equal(page.statusCode, 200);
      assert.equal(page.data.meta.total, 4);
      assert.deepEqual(
        page.data.data.map((c: { author: { name: string; role: string; is_idea_author: boolean } }) => [
          c.author.role,
          c.author.is_idea_author,
        ]),
        [
          ['contributor', false],
          ['contributor', true],
          ['company', false],
        ],
      );
      assert.equal(page.data.data[2].author.name, owner.company.company_name);
      assert.ok(page.data.links.next);
      const next = await as(reader.token).get(`${url}?per_page=3&page=2`);
      assert.deepEqual(
        next.data.data.map((c: { body: string }) => c.body),
        ['Interesting.'],
      );
    });

    it("notifies the idea's author of others' comments, not of their own", async () => {
      const idea = await createIdea(ctx.db, community.id, author.volunteer.id, { title: 'Fridges' });
      const url = `/api/ideas/${idea.id}/comments`;
      const before = (await notificationsOf(ctx.db, author.user.id)).length;
      await as(author.token).post(url, { body: 'Adding a detail.' });
      assert.equal((await notificationsOf(ctx.db, author.user.id)).length, before);
      await as(owner.token).post(url, { body: 'Nice.' });
      const told = (await notificationsOf(ctx.db, author.user.id)).slice(before);
      assert.deepEqual(
        told.map((n) => [n.type, n.message, n.action_url]),
        [
          [
            'idea_comment',
            `${owner.company.company_name} commented on your idea "Fridges".`,
            `/challenges/${community.id}#idea-${idea.id}`,
          ],
        ],
      );
    });

    it('lets only those who may read the idea read or write its thread: 401, 404, 422', async () => {
      const pending = await createIdea(ctx.db, community.id, author.volunteer.id, { status: 'pending_review' });
      const url = `/api/ideas/${pending.id}/comments`;
      assert.equal((await as().get(url)).statusCode, 401);
      assert.equal((await as().post(url, { body: 'Hi' })).statusCode, 401);
      // Not scored yet: only its author and the challenge's company may read it, and so comment.
      for (const token of [reader.token, otherCompany.token]) {
        assert.equal((await as(token).get(url)).statusCode, 404);
        assert.equal((await as(token).post(url, { body: 'Hi' })).statusCode, 404);
      }
      assert.equal((await as(author.token).post(url, { body: 'Note to self' })).statusCode, 201);
      assert.equal((await as(owner.token).get(url)).data.meta.total, 1);
      assert.equal((await as(reader.token).get('/api/ideas/999999/comments')).statusCode, 404);
      const draft = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, status: 'submitted' });
      const hidden = await createIdea(ctx.db, draft.id, author.volunteer.id);
      assert.equal((await as(reader.token).get(`/api/ideas/${hidden.id}/comments`)).statusCode, 404);

      const scored = await createIdea(ctx.db, community.id, author.volunteer.id);
      const scoredUrl = `/api/ideas/${scored.id}/comments`;
      for (const body of [{}, { body: '' }, { body: '   ' }, { body: 'x'.repeat(2001) }, { body: 5 }]) {
        const response = await as(reader.token).post(scoredUrl, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(response.data.errors.body, JSON.stringify(response.data));
      }
      assert.equal((await as(reader.token).get(`${scoredUrl}?per_page=101`)).statusCode, 422);
    });
  });
}
