import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccountTypeGate } from '../helpers/assertions.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createIdea, createVolunteer, LONG_TEXT } from '../helpers/factories.ts';
import { COMMUNITY, type IdeasCast, ideasCast } from '../helpers/idea-fixtures.ts';
import { insertWebhookRow } from '../helpers/webhooks.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const NOT_OWNER = 'Only the company that owns this challenge can do this.';

for (const dialect of testDialects()) {
  describe(`contests: deadline, shortlist, winners [${dialect}]`, () => {
    let ctx: TestContext;
    let { owner, otherCompany, author, reader } = {} as IdeasCast;

    before(async () => {
      ctx = await createTestContext(dialect);
      ({ owner, otherCompany, author, reader } = await ideasCast(ctx.db));
    });
    after(() => ctx.close());

    const as = (token?: string) => apiClient(ctx.app, token);
    const contest = (overrides: Record<string, unknown> = {}) =>
      createChallenge(ctx.db, owner.company.id, { ...COMMUNITY, ...overrides });

    it('takes deadline, prize, judging criteria and public at creation, and shows them', async () => {
      const created = await as(owner.token).post('/api/challenges', {
        title: 'Less food waste',
        description: LONG_TEXT,
        deadline: '2099-03-01',
        prize: '£500 and a pilot with our stores',
        judging_criteria: 'Cost under £1,000\nWorks with volunteers',
        public: true,
      });
      assert.equal(created.statusCode, 201);
      const { deadline, prize, judging_criteria, ideas_open, winners_announced_at } = created.data;
      assert.deepEqual(
        { deadline, prize, judging_criteria, public: created.data.public, ideas_open, winners_announced_at },
        {
          deadline: '2099-03-01T23:59:59.000Z',
          prize: '£500 and a pilot with our stores',
          judging_criteria: 'Cost under £1,000\nWorks with volunteers',
          public: true,
          ideas_open: false,
          winners_announced_at: null,
        },
      );
      const plain = await as(owner.token).post('/api/challenges', { title: 'Plain', description: LONG_TEXT });
      assert.deepEqual(
        [plain.data.deadline, plain.data.prize, plain.data.judging_criteria, plain.data.public],
        [null, null, null, false],
      );
      const withZone = await as(owner.token).post('/api/challenges', {
        title: 'Zoned',
        description: LONG_TEXT,
        deadline: '2099-03-01T17:00:00+02:00',
      });
      assert.equal(withZone.data.deadline, '2099-03-01T15:00:00.000Z');
    });

    it('refuses a deadline in the past or in another format, and over-long texts, with 422 on the field', async () => {
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ deadline: '2001-01-01' }, 'deadline', /must be in the future/],
        [{ deadline: new Date(Date.now() - 60_000).toISOString() }, 'deadline', /must be in the future/],
        [{ deadline: 'next friday' }, 'deadline', /must be a date \(YYYY-MM-DD\) or a date and time with a time zone/],
        [{ deadline: '2099-02-30' }, 'deadline', /must be a date/],
        [{ deadline: '2099-03-01T17:00' }, 'deadline', /must be a date/],
        [{ prize: 'x'.repeat(501) }, 'prize', /500/],
        [{ judging_criteria: 'x'.repeat(2001) }, 'judging_criteria', /2000/],
        [{ public: 'yes' }, 'public', /boolean/],
      ];
      for (const [extra, field, message] of cases) {
        const response = await as(owner.token).post('/api/challenges', {
          title: 'T',
          description: LONG_TEXT,
          ...extra,
        });
        assert.equal(response.statusCode, 422, JSON.stringify(extra));
        assert.match(response.data.errors[field].join(' '), message, JSON.stringify(extra));
      }
    });

    it('changes the contest settings of an active community challenge by PUT, by their own rules', async () => {
      const challenge = await contest();
      const put = (body: Record<string, unknown>, token = owner.token) =>
        as(token).put(`/api/challenges/${challenge.id}`, body);
      const changed = await put({ deadline: '2099-01-31', prize: 'A trip', judging_criteria: 'Cheap', public: true });
      assert.equal(changed.statusCode, 200);
      assert.deepEqual(
        [changed.data.deadline, changed.data.prize, changed.data.judging_criteria, changed.data.public],
        ['2099-01-31T23:59:59.000Z', 'A trip', 'Cheap', true],
      );
      assert.equal(changed.data.status, 'active', 'contest settings do not send the brief back to analysis');
      assert.equal(changed.data.ideas_open, true);
      // The brief itself is still fixed once the analysis is done.
      assert.equal((await put({ description: `${LONG_TEXT} More.` })).statusCode, 422);
      // null (or an empty form field) clears a setting.
      const cleared = await put({ prize: '', deadline: null });
      assert.deepEqual([cleared.data.prize, cleared.data.deadline], [null, null]);

      assert.equal((await put({ prize: 'Mine' }, otherCompany.token)).statusCode, 403);
      assert.equal((await put({ prize: 'Mine' }, author.token)).statusCode, 403);
      assert.equal((await as().put(`/api/challenges/${challenge.id}`, { prize: 'Mine' })).statusCode, 401);
      const draft = await contest({ status: 'submitted' });
      assert.equal((await put({ prize: 'x' }, otherCompany.token)).statusCode, 403);
      assert.equal((await as(otherCompany.token).put(`/api/challenges/${draft.id}`, { prize: 'x' })).statusCode, 404);
    });

    it('refuses contest settings on team work, and fixes the terms once a contest closed; public stays free', async () => {
      const team = await createChallenge(ctx.db, owner.company.id);
      const onTeam = await as(owner.token).put(`/api/challenges/${team.id}`, { public: true });
      assert.equal(onTeam.statusCode, 422);
      assert.match(onTeam.data.message, /for community discussion challenges; this one is team work/);

      const closed = await contest({ status: 'completed', deadline: inDays(-1) });
      const terms = await as(owner.token).put(`/api/challenges/${closed.id}`, { prize: 'Later' });
      assert.equal(terms.statusCode, 422);
      assert.match(terms.data.message, /closed: its deadline, prize and judging criteria can no longer change/);
      // The same deadline sent back (a form re-sending its fields) is no change, though it has passed.
      const same = await as(owner.token).put(`/api/challenges/${closed.id}`, {
        deadline: closed.deadline,
        public: true,
      });
      assert.equal(same.statusCode, 200);
      assert.equal(same.data.public, true);

      const announced = await contest({ winners_announced_at: inDays(-1) });
      const late = await as(owner.token).put(`/api/challenges/${announced.id}`, { deadline: '2099-01-01' });
      assert.equal(late.statusCode, 422);
      assert.match(late.data.message, /winners have been announced/);
    });

    it('closes ideas and votes at the deadline with a 422 that says so', async () => {
      const open = await contest({ deadline: inDays(2) });
      const idea = await createIdea(ctx.db, open.id, author.volunteer.id);
      assert.equal((await as(reader.token).post(`/api/ideas/${idea.id}/vote`, { vote: 1 })).statusCode, 200);

      const past = await contest({ deadline: inDays(-1) });
      const shown = await as(reader.token).get(`/api/challenges/${past.id}`);
      assert.equal(shown.data.ideas_open, false);
      const posted = await as(reader.token).post(`/api/challenges/${past.id}/ideas`, {
        title: 'Too late',
        description: LONG_TEXT.slice(0, 200),
      });
      assert.equal(posted.statusCode, 422);
      assert.match(posted.data.message, /^This challenge closed to ideas and votes at its deadline, \d{4}-/);
      const oldIdea = await createIdea(ctx.db, past.id, author.volunteer.id);
      const vote = await as(reader.token).post(`/api/ideas/${oldIdea.id}/vote`, { vote: 1 });
      assert.equal(vote.statusCode, 422);
      assert.match(vote.data.message, /closed to ideas and votes/);
    });

    it('shows how the final score is made on every scored idea', async () => {
      const challenge = await contest();
      const idea = await createIdea(ctx.db, challenge.id, author.volunteer.id, { ai_score: 80, final_score: 62 });
      const voted = await as(reader.token).post(`/api/ideas/${idea.id}/vote`, { vote: 1 });
      const { score_breakdown, final_score } = voted.data;
      assert.deepEqual(
        { ...score_breakdown, formula: undefined },
        {
          ai_score: 80,
          ai_weight: 0.4,
          vote_total: 1,
          community_score: 55,
          community_weight: 0.6,
          final_score: 65,
          formula: undefined,
        },
      );
      assert.equal(final_score, score_breakdown.final_score);
      assert.match(score_breakdown.formula, /0\.4 × AI score \+ 0\.6 × community score/);
      const pending = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        status: 'pending_review',
        ai_score: null,
        final_score: null,
      });
      assert.equal((await as(author.token).get(`/api/ideas/${pending.id}`)).data.score_breakdown, null);
    });

    it('shortlists and un-shortlists an idea (owner only), telling its author once', async () => {
      const challenge = await contest();
      const idea = await createIdea(ctx.db, challenge.id, author.volunteer.id);
      const url = `/api/ideas/${idea.id}/shortlist`;
      await assertAccountTypeGate(
        ctx.app,
        [
          ['POST', url],
          ['DELETE', url],
        ],
        { otherTypeToken: author.token, body: {}, message: 'Only company accounts can do this.' },
      );
      assert.equal((await as(owner.token).post('/api/ideas/999999/shortlist')).statusCode, 404);
      const other = await as(otherCompany.token).post(url);
      assert.deepEqual([other.statusCode, other.data.message], [403, NOT_OWNER]);
      const unscored = await createIdea(ctx.db, challenge.id, author.volunteer.id, { status: 'pending_review' });
      assert.equal((await as(otherCompany.token).post(`/api/ideas/${unscored.id}/shortlist`)).statusCode, 404);
      const refused = await as(owner.token).post(`/api/ideas/${unscored.id}/shortlist`);
      assert.deepEqual([refused.statusCode, refused.data.message], [422, 'Only scored ideas can be shortlisted.']);

      const before = (await notificationsOf(ctx.db, author.user.id)).length;
      const on = await as(owner.token).post(url);
      assert.deepEqual([on.statusCode, on.data.data.shortlisted], [200, true]);
      assert.equal((await as(owner.token).post(url)).data.data.shortlisted, true);
      const told = (await notificationsOf(ctx.db, author.user.id)).slice(before);
      assert.deepEqual(
        told.map((n) => [n.type, n.action_url]),
        [['idea_shortlisted', `/challenges/${challenge.id}#idea-${idea.id}`]],
      );
      assert.equal((await as(reader.token).get(`/api/ideas/${idea.id}`)).data.shortlisted, true);
      const off = await as(owner.token).delete(url);
      assert.deepEqual([off.statusCode, off.data.data.shortlisted], [200, false]);
    });

    it('announces winners once, in order, and tells every author and voter', async () => {
      const challenge = await contest({ prize: '£500' });
      const voter = await createVolunteer(ctx.db);
      const first = await createIdea(ctx.db, challenge.id, author.volunteer.id, { title: 'Fridges' });
      const second = await createIdea(ctx.db, challenge.id, reader.volunteer.id, { title: 'Swaps' });
      const third = await createIdea(ctx.db, challenge.id, reader.volunteer.id, { title: 'Maps' });
      await as(voter.token).post(`/api/ideas/${third.id}/vote`, { vote: 1 });
      const url = `/api/challenges/${challenge.id}/winners`;
      const body = { idea_ids: [second.id, first.id] };

      await assertAccountTypeGate(ctx.app, [['POST', url]], {
        otherTypeToken: author.token,
        body,
        message: 'Only company accounts can do this.',
      });
      const other = await as(otherCompany.token).post(url, body);
      assert.deepEqual([other.statusCode, other.data.message], [403, NOT_OWNER]);
      assert.equal((await as(owner.token).post('/api/challenges/999999/winners', body)).statusCode, 404);
      for (const bad of [{}, { idea_ids: [] }, { idea_ids: [first.id, first.id] }, { idea_ids: ['x'] }]) {
        assert.equal((await as(owner.token).post(url, bad)).statusCode, 422, JSON.stringify(bad));
      }
      const elsewhere = await createIdea(ctx.db, (await contest()).id, author.volunteer.id);
      const pending = await createIdea(ctx.db, challenge.id, author.volunteer.id, { status: 'pending_review' });
      const foreign = await as(owner.token).post(url, { idea_ids: [first.id, elsewhere.id, pending.id] });
      assert.equal(foreign.statusCode, 422);
      assert.deepEqual(foreign.data.errors.idea_ids, [
        `Idea ${elsewhere.id} is not an idea of this challenge.`,
        `Idea ${pending.id} has not been scored; only scored ideas can win.`,
      ]);

      const counts = async () =>
        Promise.all(
          [author, reader, voter, owner].map(async (who) => (await notificationsOf(ctx.db, who.user.id)).length),
        );
      const before = await counts();
      const announced = await as(owner.token).post(url, body);
      assert.equal(announced.statusCode, 200);
      assert.deepEqual(
        announced.data.data.winners.map((idea: { id: number; winner_rank: number }) => [idea.id, idea.winner_rank]),
        [
          [second.id, 1],
          [first.id, 2],
        ],
      );
      assert.ok(announced.data.data.winners_announced_at);
      assert.equal(announced.data.data.ideas_open, false);
      const after = await counts();
      assert.deepEqual(
        after.map((n, i) => n - before[i]),
        [1, 1, 1, 0],
        'one notification to each author and voter, none to the company',
      );
      const toAuthor = (await notificationsOf(ctx.db, author.user.id)).at(-1)!;
      assert.equal(toAuthor.type, 'contest_winners');
      assert.equal(toAuthor.title, 'Your idea won');
      assert.match(toAuthor.message, /"Fridges" won second place .* Prize: £500/);
      const toVoter = (await notificationsOf(ctx.db, voter.user.id)).at(-1)!;
      assert.deepEqual([toVoter.type, toVoter.title], ['contest_winners', 'Winners announced']);
      const listed = await as(voter.token).get('/api/notifications');
      assert.equal(listed.data.data[0].type, 'contest_winners');

      const again = await as(owner.token).post(url, body);
      assert.deepEqual(
        [again.statusCode, again.data.message],
        [422, 'The winners of this challenge have been announced; they cannot be chosen again.'],
      );
      const closedVote = await as(voter.token).post(`/api/ideas/${first.id}/vote`, { vote: 1 });
      assert.match(closedVote.data.message, /winners of this challenge have been announced/);
      const shortlist = await as(owner.token).post(`/api/ideas/${third.id}/shortlist`);
      assert.equal(shortlist.statusCode, 422);
    });

    it('chooses winners only after the deadline, and only on community discussions', async () => {
      const running = await contest({ deadline: inDays(3) });
      const idea = await createIdea(ctx.db, running.id, author.volunteer.id);
      const early = await as(owner.token).post(`/api/challenges/${running.id}/winners`, { idea_ids: [idea.id] });
      assert.equal(early.statusCode, 422);
      assert.match(early.data.message, /^Winners can be chosen once ideas close at the deadline/);
      const team = await createChallenge(ctx.db, owner.company.id);
      const onTeam = await as(owner.token).post(`/api/challenges/${team.id}/winners`, { idea_ids: [idea.id] });
      assert.equal(onTeam.statusCode, 422);
      const ended = await contest({ deadline: inDays(-1) });
      const late = await createIdea(ctx.db, ended.id, author.volunteer.id);
      const ok = await as(owner.token).post(`/api/challenges/${ended.id}/winners`, { idea_ids: [late.id] });
      assert.equal(ok.statusCode, 200);
    });

    it('sends the winners notification to webhooks as notification.created', async () => {
      const challenge = await contest();
      const idea = await createIdea(ctx.db, challenge.id, author.volunteer.id);
      const hookId = await insertWebhookRow(ctx.db, author.user.id);
      await as(owner.token).post(`/api/challenges/${challenge.id}/winners`, { idea_ids: [idea.id] });
      const deliveries = await ctx.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'body'])
        .where('webhook_id', '=', hookId)
        .execute();
      const bodies = deliveries.map((row) => JSON.parse(row.body));
      assert.ok(
        bodies.some((event) => event.type === 'notification.created' && event.data.type === 'contest_winners'),
        JSON.stringify(bodies.map((event) => event.data?.type)),
      );
    });
  });
}
