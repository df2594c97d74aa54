import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { finalScore } from '../../src/modules/ideas/ideas.scoring.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createIdea, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';

for (const dialect of testDialects()) {
  describe(`ideas: votes [${dialect}]`, () => {
    let ctx: TestContext;
    let owner: Awaited<ReturnType<typeof createCompany>>;
    let author: Awaited<ReturnType<typeof createVolunteer>>;
    let voters: Array<Awaited<ReturnType<typeof createVolunteer>>>;
    let challengeId: number;

    before(async () => {
      ctx = await createTestContext(dialect);
      owner = await createCompany(ctx.db);
      author = await createVolunteer(ctx.db);
      voters = [];
      for (let i = 0; i < 12; i++) voters.push(await createVolunteer(ctx.db));
      challengeId = (await createChallenge(ctx.db, owner.company.id, COMMUNITY)).id;
    });
    after(() => ctx.close());

    const vote = (token: string, ideaId: number, body: unknown) =>
      apiClient(ctx.app, token).post(`/api/ideas/${ideaId}/vote`, body);
    const scoredIdea = () => createIdea(ctx.db, challengeId, author.volunteer.id, { ai_score: 70, final_score: 58 });
    const votesOf = async (ideaId: number) => {
      const rows = await ctx.db
        .selectFrom('idea_votes')
        .select(['volunteer_id', 'vote'])
        .where('idea_id', '=', ideaId)
        .execute();
      return rows.map((row) => ({ ...row }));
    };
    const ideaRow = (ideaId: number) =>
      ctx.db.selectFrom('ideas').selectAll().where('id', '=', ideaId).executeTakeFirstOrThrow();
    async function insertVotes(ideaId: number, value: number, from: typeof voters) {
      const now = new Date().toISOString();
      await ctx.db
        .insertInto('idea_votes')
        .values(
          from.map((v) => ({
            idea_id: ideaId,
            volunteer_id: v.volunteer.id,
            vote: value,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }

    it('votes up, changes, removes with 0, and answers the idea with new totals and my_vote', async () => {
      const idea = await scoredIdea();
      const [voter] = voters;
      const steps: Array<[number, [number, number, number], number]> = [
        [1, [1, 0, 1], 61],
        [1, [1, 0, 1], 61],
        [-1, [0, 1, -1], 55],
        [0, [0, 0, 0], 58],
        [0, [0, 0, 0], 58],
      ];
      for (const [value, [up, down, total], final] of steps) {
        const response = await vote(voter.token, idea.id, { vote: value });
        assert.equal(response.statusCode, 200, `vote ${value}`);
        const { votes_up, votes_down, vote_total, final_score, my_vote } = response.data;
        assert.deepEqual([votes_up, votes_down, vote_total, final_score, my_vote], [up, down, total, final, value]);
        const rows = await votesOf(idea.id);
        assert.deepEqual(rows, value === 0 ? [] : [{ volunteer_id: voter.volunteer.id, vote: value }]);
      }
      await vote(voter.token, idea.id, { vote: -1 });
      const asVoter = await apiClient(ctx.app, voter.token).get(`/api/ideas/${idea.id}`);
      assert.equal(asVoter.data.my_vote, -1);
      const asAuthor = await apiClient(ctx.app, author.token).get(`/api/ideas/${idea.id}`);
      assert.equal(asAuthor.data.my_vote, 0);
      assert.equal(asAuthor.data.vote_total, -1);
    });

    it('clamps the community part of the final score at both ends', async () => {
      const liked = await scoredIdea();
      await insertVotes(liked.id, 1, voters.slice(0, 10));
      const top = await vote(voters[10].token, liked.id, { vote: 1 });
      assert.equal(top.data.vote_total, 11);
      assert.equal(top.data.final_score, 88);
      const back = await vote(voters[10].token, liked.id, { vote: -1 });
      assert.deepEqual([back.data.vote_total, back.data.final_score], [9, 85]);

      const disliked = await scoredIdea();
      await insertVotes(disliked.id, -1, voters.slice(0, 10));
      const bottom = await vote(voters[10].token, disliked.id, { vote: -1 });
      assert.deepEqual([bottom.data.votes_down, bottom.data.vote_total, bottom.data.final_score], [11, -11, 28]);
    });

    it('validates the vote: an integer -1, 0 or 1, sent as a number', async () => {
      const idea = await scoredIdea();
      const cases: Array<[unknown, string]> = [
        [{ vote: 2 }, 'The vote must not be greater than 1.'],
        [{ vote: -2 }, 'The vote must be at least -1.'],
        [{ vote: '1' }, 'The vote must be an integer.'],
        [{ vote: 0.5 }, 'The vote must be an integer.'],
        [{ vote: true }, 'The vote must be an integer.'],
        [{ vote: null }, 'The vote field is required.'],
        [{}, 'The vote field is required.'],
      ];
      for (const [body, message] of cases) {
        const response = await vote(voters[0].token, idea.id, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.deepEqual(response.data, { message, errors: { vote: [message] } });
      }
      assert.deepEqual(await votesOf(idea.id), []);
    });

    it('refuses votes on one’s own idea and on ideas not scored yet (422)', async () => {
      const own = await scoredIdea();
      const response = await vote(author.token, own.id, { vote: 1 });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data, { message: 'You cannot vote on your own idea.' });
      for (const status of ['pending_review', 'rejected', 'error']) {
        const unscored = await createIdea(ctx.db, challengeId, author.volunteer.id, {
          status,
          ai_score: null,
          final_score: null,
        });
        const refused = await vote(voters[0].token, unscored.id, { vote: 1 });
        assert.equal(refused.statusCode, 422, status);
        assert.deepEqual(refused.data, { message: 'Only ideas that have been scored can be voted on.' });
        assert.deepEqual(await votesOf(unscored.id), []);
      }
      assert.deepEqual(await votesOf(own.id), []);
    });

    it('lets only contributors with a profile vote (403), on ideas they may see (404)', async () => {
      const idea = await scoredIdea();
      const asCompany = await vote(owner.token, idea.id, { vote: 1 });
      assert.equal(asCompany.statusCode, 403);
      assert.equal(asCompany.data.message, 'Only contributor accounts can do this.');
      const profileless = await createAccount(ctx.db, 'contributor');
      const noProfile = await vote(profileless.token, idea.id, { vote: 1 });
      assert.equal(noProfile.statusCode, 403);
      assert.equal(
        noProfile.data.message,
        'Complete your contributor profile with POST /api/volunteers/complete-profile before voting on ideas.',
      );

      assert.equal((await vote(voters[0].token, 999_999, { vote: 1 })).statusCode, 404);
      assert.equal((await vote(voters[0].token, 0, { vote: 1 })).statusCode, 404);
      const archived = await createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, status: 'archived' });
      const hidden = await createIdea(ctx.db, archived.id, author.volunteer.id);
      const response = await vote(voters[0].token, hidden.id, { vote: 1 });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.data, { message: 'Idea not found.' });
      assert.deepEqual(await votesOf(idea.id), []);
    });

    it('keeps the totals exact under concurrent votes from many contributors', async () => {
      const idea = await scoredIdea();
      const crowd = voters.slice(0, 10);
      const first = await Promise.all(crowd.map((v, i) => vote(v.token, idea.id, { vote: i < 7 ? 1 : -1 })));
      assert.deepEqual(
        first.map((r) => r.statusCode),
        crowd.map(() => 200),
      );
      await assertTotalsMatchVotes(idea.id, { up: 7, down: 3 });

      // Everyone changes their mind at once; one more voter races against themselves.
      const changes = crowd.map((v, i) => vote(v.token, idea.id, { vote: i < 5 ? -1 : i < 7 ? 0 : 1 }));
      const racer = voters[10];
      const racing = [1, -1, 1, 0, -1, 1].map((value) => vote(racer.token, idea.id, { vote: value }));
      const second = await Promise.all([...changes, ...racing]);
      assert.ok(second.every((r) => r.statusCode === 200));
      const rows = await votesOf(idea.id);
      assert.ok(rows.filter((row) => row.volunteer_id === racer.volunteer.id).length <= 1);
      const racerVote = rows.find((row) => row.volunteer_id === racer.volunteer.id)?.vote ?? 0;
      await assertTotalsMatchVotes(idea.id, {
        up: 3 + (racerVote === 1 ? 1 : 0),
        down: 5 + (racerVote === -1 ? 1 : 0),
      });
    });

    async function assertTotalsMatchVotes(ideaId: number, expected: { up: number; down: number }) {
      const rows = await votesOf(ideaId);
      const up = rows.filter((row) => row.vote === 1).length;
      const down = rows.filter((row) => row.vote === -1).length;
      assert.deepEqual({ up, down }, expected);
      const idea = await ideaRow(ideaId);
      assert.deepEqual(
        [idea.votes_up, idea.votes_down, idea.vote_total, idea.final_score],
        [up, down, up - down, finalScore(70, up - down)],
      );
    }
  });
}
