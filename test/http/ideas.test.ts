import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scoredIdeasOf } from '../../src/modules/ideas/ideas.embed.ts';
import { callerFor } from '../helpers/callers.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createIdea } from '../helpers/factories.ts';
import { COMMUNITY, type IdeasCast, ideasCast } from '../helpers/idea-fixtures.ts';
import { countQueuedJobs, queuedJobs } from '../helpers/queued-jobs.ts';

const DESCRIPTION = 'An idea worth trying: '.padEnd(150, 'x');

type Listed = { id: number; title: string; status: string; my_vote: number };

for (const dialect of testDialects()) {
  describe(`ideas: submit and list [${dialect}]`, () => {
    let ctx: TestContext;
    let { owner, otherCompany, author, reader, community } = {} as IdeasCast;

    before(async () => {
      ctx = await createTestContext(dialect);
      ({ owner, otherCompany, author, reader, community } = await ideasCast(ctx.db));
    });
    after(() => ctx.close());

    const ideasOf = (challengeId: number) => `/api/challenges/${challengeId}/ideas`;
    const submit = (token: string, challengeId: number, body: unknown) =>
      apiClient(ctx.app, token).post(ideasOf(challengeId), body);
    const countIdeas = async () => (await ctx.db.selectFrom('ideas').select('id').execute()).length;

    it('answers 401 without a token on every endpoint', async () => {
      const api = apiClient(ctx.app);
      for (const response of [
        await api.get(ideasOf(community.id)),
        await api.post(ideasOf(community.id), { title: 'T', description: DESCRIPTION }),
        await api.get('/api/ideas/my-ideas'),
        await api.get('/api/ideas/1'),
        await api.post('/api/ideas/1/vote', { vote: 1 }),
      ]) {
        assert.equal(response.statusCode, 401);
      }
    });

    it('submits an idea: 201, pending review, scoring queued and 5 reputation points, all in one go', async () => {
      const response = await submit(author.token, community.id, {
        title: '  Peer mentoring  ',
        description: DESCRIPTION,
      });
      assert.equal(response.statusCode, 201);
      const idea = response.data;
      assert.equal(idea.title, 'Peer mentoring');
      assert.equal(idea.description, DESCRIPTION);
      assert.equal(idea.challenge_id, community.id);
      assert.deepEqual(idea.volunteer, { id: author.volunteer.id, name: author.user.name });
      assert.equal(idea.status, 'pending_review');
      assert.equal(idea.ai_score, null);
      assert.equal(idea.ai_feedback, null);
      assert.equal(idea.final_score, null);
      assert.deepEqual([idea.votes_up, idea.votes_down, idea.vote_total, idea.my_vote], [0, 0, 0, 0]);

      const jobs = await queuedJobs(ctx, 'idea.score');
      assert.deepEqual(
        jobs.map((job) => job.payload),
        [{ ideaId: idea.id }],
      );
      const events = await ctx.db
        .selectFrom('reputation_events')
        .selectAll()
        .where('volunteer_id', '=', author.volunteer.id)
        .execute();
      assert.deepEqual(
        events.map((e) => [e.points, e.reason, e.subject_type, e.subject_id]),
        [[5, 'idea_submitted', 'idea', idea.id]],
      );
      const volunteer = await ctx.db
        .selectFrom('volunteers')
        .select('reputation_score')
        .where('id', '=', author.volunteer.id)
        .executeTakeFirstOrThrow();
      assert.equal(volunteer.reputation_score, 5);
    });

    it('counts the description length in characters: 100 and 2000 are accepted', async () => {
      for (const description of ['é'.repeat(100), '😀'.repeat(2000)]) {
        const response = await submit(author.token, community.id, { title: 'Edge', description });
        assert.equal(response.statusCode, 201);
        await ctx.db.deleteFrom('ideas').where('id', '=', response.data.id).execute();
      }
    });

    it('validates title and description with field errors and writes nothing', async () => {
      const countJobs = () => countQueuedJobs(ctx);
      const [ideasBefore, jobsBefore] = [await countIdeas(), await countJobs()];
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { title: 'T', description: 'x'.repeat(99) },
          'description',
          'The description must be at least 100 characters.',
        ],
        [
          { title: 'T', description: 'x'.repeat(2001) },
          'description',
          'The description must not be greater than 2000 characters.',
        ],
        [{ title: 'T' }, 'description', 'The description field is required.'],
        [{ title: 'T', description: 12 }, 'description', 'The description must be a string.'],
        [{ description: DESCRIPTION }, 'title', 'The title field is required.'],
        [{ title: '   ', description: DESCRIPTION }, 'title', 'The title field is required.'],
        [
          { title: 'x'.repeat(256), description: DESCRIPTION },
          'title',
          'The title must not be greater than 255 characters.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await submit(author.token, community.id, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body).slice(0, 60));
        assert.deepEqual(response.data.errors, { [field]: [message] });
      }
      assert.equal(await countIdeas(), ideasBefore);
      assert.equal(await countJobs(), jobsBefore);
    });

    it('lets only contributors with a profile submit (403 otherwise)', async () => {
      const asCompany = await submit(owner.token, community.id, { title: 'T', description: DESCRIPTION });
      assert.equal(asCompany.statusCode, 403);
      assert.equal(asCompany.data.message, 'Only contributor accounts can do this.');
      const profileless = await createAccount(ctx.db, 'contributor');
      const noProfile = await submit(profileless.token, community.id, { title: 'T', description: DESCRIPTION });
      assert.equal(noProfile.statusCode, 403);
      assert.equal(
        noProfile.data.message,
        'Complete your contributor profile with POST /api/volunteers/complete-profile before submitting ideas.',
      );
    });

    it('answers 404 for unknown or invisible challenges and 422 for the wrong type or status', async () => {
      const draft = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, status: 'submitted' });
      const teamWork = await createChallenge(ctx.db, owner.company.id, { challenge_type: 'team_execution' });
      const untyped = await createChallenge(ctx.db, owner.company.id, { challenge_type: null, status: 'active' });
      const body = { title: 'T', description: DESCRIPTION };
      const before = await countIdeas();

      for (const id of [999_999, draft.id]) {
        const post = await submit(author.token, id, body);
        assert.equal(post.statusCode, 404);
        assert.deepEqual(post.data, { message: 'Challenge not found.' });
        assert.equal((await apiClient(ctx.app, author.token).get(ideasOf(id))).statusCode, 404);
      }
      assert.equal((await apiClient(ctx.app, author.token).get('/api/challenges/abc/ideas')).statusCode, 404);

      for (const id of [teamWork.id, untyped.id]) {
        const post = await submit(author.token, id, body);
        assert.equal(post.statusCode, 422);
        assert.deepEqual(post.data, { message: 'This challenge does not accept ideas.' });
        const list = await apiClient(ctx.app, author.token).get(ideasOf(id));
        assert.equal(list.statusCode, 422);
        assert.equal(list.data.message, 'This challenge does not accept ideas.');
      }

      for (const status of ['in_progress', 'completed']) {
        const closed = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, status });
        const post = await submit(author.token, closed.id, body);
        assert.equal(post.statusCode, 422, status);
        assert.deepEqual(post.data, { message: 'Ideas can only be submitted while the challenge is active.' });
        assert.equal((await apiClient(ctx.app, author.token).get(ideasOf(closed.id))).statusCode, 200);
      }
      assert.equal(await countIdeas(), before);

      // The owner sees its own draft, so it learns the real reason rather than a 404.
      assert.equal((await apiClient(ctx.app, owner.token).get(ideasOf(draft.id))).statusCode, 200);
    });

    it('lists scored ideas plus the caller’s own in any status, best final score first', async () => {
      const listed = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const other = reader.volunteer.id;
      const low = await createIdea(ctx.db, listed.id, other, { ai_score: 40, final_score: 44, vote_total: 0 });
      const high = await createIdea(ctx.db, listed.id, other, { ai_score: 60, final_score: 81, vote_total: 9 });
      const mid = await createIdea(ctx.db, listed.id, other, { ai_score: 90, final_score: 66, vote_total: 1 });
      const readersPending = await createIdea(ctx.db, listed.id, other, {
        status: 'pending_review',
        ai_score: null,
        final_score: null,
      });
      const mineRejected = await createIdea(ctx.db, listed.id, author.volunteer.id, {
        status: 'rejected',
        ai_score: 5,
        final_score: null,
      });
      const mineScored = await createIdea(ctx.db, listed.id, author.volunteer.id, { ai_score: 50, final_score: 50 });
      await createIdea(ctx.db, community.id, other, { final_score: 99 });

      const order = async (token: string, query = '') => {
        const response = await apiClient(ctx.app, token).get(`${ideasOf(listed.id)}${query}`);
        assert.equal(response.statusCode, 200, query);
        return response.data.data.map((idea: Listed) => idea.id);
      };
      assert.deepEqual(await order(author.token), [high.id, mid.id, mineScored.id, low.id, mineRejected.id]);
      assert.deepEqual(await order(author.token, '?sort=final_score'), await order(author.token));
      assert.deepEqual(await order(author.token, '?sort=ai_score'), [
        mid.id,
        high.id,
        mineScored.id,
        low.id,
        mineRejected.id,
      ]);
      assert.deepEqual(await order(author.token, '?sort=votes'), [
        high.id,
        mid.id,
        mineScored.id,
        mineRejected.id,
        low.id,
      ]);
      assert.deepEqual(await order(author.token, '?sort=created_at'), [
        mineScored.id,
        mineRejected.id,
        mid.id,
        high.id,
        low.id,
      ]);
      // Another contributor and the owning company see the scored ones only.
      assert.deepEqual(await order(reader.token), [high.id, mid.id, mineScored.id, low.id, readersPending.id]);
      assert.deepEqual(await order(owner.token), [high.id, mid.id, mineScored.id, low.id]);
      assert.deepEqual(await order(otherCompany.token), [high.id, mid.id, mineScored.id, low.id]);

      const unknownSort = await apiClient(ctx.app, author.token).get(`${ideasOf(listed.id)}?sort=popularity`);
      assert.equal(unknownSort.statusCode, 422);
      assert.deepEqual(unknownSort.data.errors, {
        sort: ['The sort must be one of: final_score, ai_score, votes, created_at.'],
      });

      const page = await apiClient(ctx.app, author.token).get(`${ideasOf(listed.id)}?per_page=2&page=3`);
      assert.deepEqual(
        page.data.data.map((idea: Listed) => idea.id),
        [mineRejected.id],
      );
      assert.deepEqual(
        { ...page.data.meta, path: null },
        { current_page: 3, from: 5, last_page: 3, path: null, per_page: 2, to: 5, total: 5 },
      );
      assert.match(page.data.links.prev, /page=2/);
      assert.equal(page.data.links.next, null);
    });

    it('embeds scored ideas in the challenge read with the viewer’s vote (scoredIdeasOf)', async () => {
      const embedded = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const second = await createIdea(ctx.db, embedded.id, author.volunteer.id, { final_score: 60 });
      const first = await createIdea(ctx.db, embedded.id, author.volunteer.id, { final_score: 75 });
      await createIdea(ctx.db, embedded.id, reader.volunteer.id, { status: 'pending_review', final_score: null });
      const now = new Date().toISOString();
      await ctx.db
        .insertInto('idea_votes')
        .values({ idea_id: second.id, volunteer_id: reader.volunteer.id, vote: -1, created_at: now, updated_at: now })
        .execute();
      const viewer = await callerFor(ctx.db, reader.token);
      const ideas = await scoredIdeasOf(ctx.db, embedded.id, viewer);
      assert.deepEqual(
        ideas.map((idea) => [idea.id, idea.my_vote]),
        [
          [first.id, 0],
          [second.id, -1],
        ],
      );
      assert.deepEqual(ideas[0].volunteer, { id: author.volunteer.id, name: author.user.name });
      assert.equal(ideas[0].ai_feedback?.scores.feasibility, 70);
    });
  });
}
