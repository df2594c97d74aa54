import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createIdea, createVolunteer } from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
/** How the API stores a deadline given as a date: the last second of that day, UTC. */
const endOfDayIn = (days: number) => `${inDays(days).slice(0, 10)}T23:59:59.000Z`;

/** The forms of a page that go to `pattern`, e.g. every shortlist form. */
const formsTo = (page: ReturnType<typeof parsePage>, pattern: RegExp) =>
  page.forms().filter((form) => pattern.test(form.target));

for (const dialect of testDialects()) {
  describe(`community challenges as contests, on the challenge page [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A contest with two scored ideas by one author, a comment thread on the first, and a voter. */
    async function contest(overrides: Record<string, unknown> = {}) {
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      const author = await createVolunteer(ctx.db, { user: await withPassword() });
      const reader = await createVolunteer(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, owner.company.id, {
        ...COMMUNITY,
        deadline: endOfDayIn(7),
        prize: '€2,000 and a pilot',
        judging_criteria: 'Cost under €10,000\nRuns within a month',
        ...overrides,
      });
      const first = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Buddy system',
        ai_score: 72,
        vote_total: 1,
        votes_up: 1,
        final_score: 61.8,
      });
      const second = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Weekly digest',
        ai_score: 60,
        final_score: 54,
      });
      for (const [user, body] of [
        [reader.user.id, 'Who pairs the buddies?'],
        [owner.user.id, 'We like the cost of this one.'],
        [author.user.id, 'The coordinator does, once a month.'],
      ] as const) {
        await ctx.db
          .insertInto('idea_comments')
          .values({ idea_id: first.id, user_id: user, body, created_at: new Date().toISOString() })
          .execute();
      }
      const page = async (who: { user: { email: string } }, query = '') => {
        const response = await (await signedIn(ctx.app, who.user.email)).get(`/challenges/${challenge.id}${query}`);
        assert.equal(response.statusCode, 200);
        return parsePage(response.body);
      };
      return { owner, author, reader, challenge, first, second, page };
    }

    it('offers the contest settings on the submission form, each explained', async () => {
      const { owner } = await contest();
      const form = parsePage((await (await signedIn(ctx.app, owner.user.email)).get('/challenges/new')).body).form(
        '/api/challenges',
      );
      assert.match(form.text, /If it becomes a community contest/);
      const deadline = form.control('Deadline (optional)');
      assert.deepEqual([deadline.name, deadline.type], ['deadline', 'date']);
      assert.match(deadline.description.join(' '), /close at the end of this day \(23:59 UTC\)/);
      assert.deepEqual([form.control('Prize (optional)').name, form.control('Prize (optional)').max], ['prize', '500']);
      const criteria = form.control('Judging criteria (optional)');
      assert.deepEqual([criteria.name, criteria.type, criteria.max], ['judging_criteria', 'textarea', '2000']);
      assert.match(criteria.description.join(' '), /one criterion per line/);
      const opt = form.control('Show this challenge on a public page');
      assert.deepEqual([opt.name, opt.type], ['public', 'checkbox']);
      assert.match(opt.description.join(' '), /Never the names of contributors/);

      // The edit while the brief is analysed carries them too, as they are.
      const draft = await createChallenge(ctx.db, owner.company.id, {
        status: 'submitted',
        challenge_type: null,
        complexity_level: null,
        prize: 'A paid pilot',
        is_public: 1,
      });
      const edit = parsePage(
        (await (await signedIn(ctx.app, owner.user.email)).get(`/challenges/${draft.id}`)).body,
      ).form(`/api/challenges/${draft.id}`);
      assert.equal(edit.method, 'PUT');
      assert.equal(edit.control('Prize (optional)').value, 'A paid pilot');
      assert.equal(edit.control('Deadline (optional)').value, '');
      assert.match(edit.text, /If it becomes a community contest/);
    });

    it('shows everyone the deadline, prize, criteria, scores with how they are computed, feedback and comments', async () => {
      const { reader, first, page } = await contest();
      const view = await page(reader);
      const ideas = view.textOf('#ideas');
      assert.match(ideas, /Deadline .* UTC Open Prize €2,000 and a pilot/);
      assert.match(ideas, /Judging criteria Cost under €10,000 Runs within a month/);
      const card = view.textOf(`#idea-${first.id}`);
      assert.match(
        card,
        /How the final score is computed: 0\.4 × AI score 72 \+ 0\.6 × community score 55 \(votes \+1\) = 61\.8\./,
      );
      assert.match(card, /The rule: final score = 0\.4 × AI score \+ 0\.6 × community score/);
      assert.match(card, /AI feedback: Solid/);
      assert.match(
        card,
        /Comments \(3\) .*Who pairs the buddies\? .*\(the company\) .*We like the cost .*\(the idea's author\) .*The coordinator does/,
      );
      const comment = view.form(`/api/ideas/${first.id}/comments`);
      assert.equal(comment.method, 'POST');
      assert.equal(comment.control('Add a comment').max, '2000');
      assert.match(comment.redirect ?? '', new RegExp(`thread=${first.id}#comments-${first.id}$`));
    });

    it('gives the contributor idea and vote forms and the owner judging controls, each only their own', async () => {
      const { owner, reader, challenge, first, second, page } = await contest();
      const contributorView = await page(reader);
      assert.ok(contributorView.form(`/api/challenges/${challenge.id}/ideas`));
      assert.equal(formsTo(contributorView, /\/vote$/).length, 2);
      assert.equal(formsTo(contributorView, /\/shortlist$/).length, 0, 'no shortlist for a contributor');
      assert.equal(formsTo(contributorView, /\/winners$/).length, 0);
      assert.ok(!contributorView.text.includes('Contest settings'));

      await ctx.db
        .updateTable('ideas')
        .set({ shortlisted_at: new Date().toISOString() })
        .where('id', '=', second.id)
        .execute();
      const ownerView = await page(owner);
      assert.equal(formsTo(ownerView, /\/vote$/).length, 0);
      assert.equal(formsTo(ownerView, /\/ideas$/).length, 0, 'no idea form for the company');
      const shortlist = ownerView.form(`/api/ideas/${first.id}/shortlist`);
      assert.deepEqual([shortlist.method, shortlist.buttons.map((b) => b.text)], ['POST', ['Shortlist']]);
      const unlist = ownerView.form(`/api/ideas/${second.id}/shortlist`);
      assert.deepEqual([unlist.method, unlist.buttons.map((b) => b.text)], ['DELETE', ['Take off the shortlist']]);
      assert.match(ownerView.textOf(`#idea-${second.id}`), /Weekly digest Scored Shortlisted/);
      // Before the deadline the choice of winners waits for it.
      assert.equal(formsTo(ownerView, /\/winners$/).length, 0);
      assert.match(ownerView.text, /You choose the winners once ideas and votes close at the deadline/);
      const settings = ownerView.form(`/api/challenges/${challenge.id}`);
      assert.equal(settings.method, 'PUT');
      const deadline = settings.control('Deadline (optional)');
      assert.deepEqual([deadline.type, deadline.value], ['date', challenge.deadline?.slice(0, 10)]);
      assert.equal(settings.control('Prize (optional)').value, '€2,000 and a pilot');
      assert.deepEqual(
        settings.buttons.map((b) => b.text),
        ['Save the contest settings'],
      );

      // A deadline with a time of day (set through the API) is kept as it is, not moved to the end of its day.
      const atFive = `${inDays(3).slice(0, 10)}T17:00:00.000Z`;
      await ctx.db.updateTable('challenges').set({ deadline: atFive }).where('id', '=', challenge.id).execute();
      const timed = (await page(owner)).form(`/api/challenges/${challenge.id}`).control('Deadline (optional)');
      assert.deepEqual([timed.type, timed.value], ['text', atFive]);
      assert.match(timed.description.join(' '), /Set with a time of day \(UTC\)/);

      const otherCompany = await createCompany(ctx.db, { user: await withPassword() });
      const stranger = await page(otherCompany);
      assert.equal(formsTo(stranger, /\/shortlist$|\/winners$/).length, 0, 'another company judges nothing');
      assert.ok(!stranger.text.includes('Contest settings'));
    });

    it('after the deadline: no idea or vote forms, a plain message, comments still open, the owner chooses winners', async () => {
      const { owner, reader, challenge, first, second, page } = await contest({ deadline: inDays(-1) });
      const contributorView = await page(reader);
      assert.match(contributorView.textOf('#ideas'), /Deadline .* UTC Closed/);
      assert.match(
        contributorView.text,
        /This challenge is closed: ideas and votes closed at its deadline\. The company is choosing the winners\./,
      );
      assert.equal(formsTo(contributorView, /\/ideas$/).length, 0);
      assert.equal(formsTo(contributorView, /\/vote$/).length, 0);
      assert.equal(formsTo(contributorView, /\/comments$/).length, 2, 'comments change no score: still open');

      const ownerView = await page(owner);
      const winners = ownerView.form(`/api/challenges/${challenge.id}/winners`);
      assert.equal(winners.method, 'POST');
      assert.match(winners.confirm ?? '', /Every participant is notified/);
      const firstPlace = winners.control('First place');
      assert.equal(firstPlace.name, 'idea_ids');
      assert.deepEqual(
        firstPlace.options.map((option) => option.value),
        ['', String(first.id), String(second.id)],
        'best first, after "no idea"',
      );
      assert.equal(winners.control('Second place').name, 'idea_ids');
      assert.deepEqual(
        winners.buttons.map((b) => b.text),
        ['Announce the winners'],
      );
    });

    it('once winners are announced: shows them in place, the shortlist and terms are final', async () => {
      const { owner, author, reader, challenge, first, second, page } = await contest({
        deadline: inDays(-1),
        winners_announced_at: new Date().toISOString(),
      });
      await ctx.db.updateTable('ideas').set({ winner_rank: 1 }).where('id', '=', second.id).execute();
      await ctx.db.updateTable('ideas').set({ winner_rank: 2 }).where('id', '=', first.id).execute();
      for (const who of [reader, owner]) {
        const view = await page(who);
        assert.match(
          view.textOf('.winners'),
          /Winners Announced .* First place: Weekly digest .* Second place: Buddy system/,
        );
        assert.equal(view.link('Weekly digest').href, `#idea-${second.id}`);
        assert.match(view.textOf(`#idea-${second.id}`), /Winner: first place/);
        assert.equal(formsTo(view, /\/shortlist$|\/winners$|\/vote$|\/ideas$/).length, 0);
      }
      assert.match(
        (await page(reader)).text,
        /The winners have been announced\. This challenge no longer takes ideas or votes\./,
      );
      const settings = (await page(owner)).form(`/api/challenges/${challenge.id}`);
      assert.match(
        settings.text,
        /The winners have been announced: the deadline, prize and judging criteria can no longer change\./,
      );
      assert.equal(settings.control('Show this challenge on a public page').name, 'public');
      assert.throws(() => settings.control('Prize (optional)'), /no control labelled/);

      // The author's own list says which place each idea won.
      const mine = parsePage((await (await signedIn(ctx.app, author.user.email)).get('/ideas')).body).text;
      assert.match(mine, /Weekly digest Scored Winner: first place/);
      assert.match(mine, /Buddy system Scored Winner: second place/);
    });

    it('shows only the latest comments of a long thread, saying how many are left out, and opens the one posted to', async () => {
      const { reader, first } = await contest();
      for (let n = 1; n <= 22; n++) {
        await ctx.db
          .insertInto('idea_comments')
          .values({
            idea_id: first.id,
            user_id: reader.user.id,
            body: `Note ${n}`,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      const response = await (await signedIn(ctx.app, reader.user.email)).get(
        `/challenges/${first.challenge_id}?thread=${first.id}`,
      );
      assert.match(response.body, new RegExp(`<details class="comments" id="comments-${first.id}" open>`));
      const folded = await (await signedIn(ctx.app, reader.user.email)).get(`/challenges/${first.challenge_id}`);
      assert.match(folded.body, new RegExp(`<details class="comments" id="comments-${first.id}">`), 'folded otherwise');
      const view = parsePage(response.body);
      const card = view.textOf(`#comments-${first.id}`);
      assert.match(card, /Comments \(25\) 5 earlier comments are not shown here; the latest 20 follow\. .*Note 3 /);
      assert.doesNotMatch(card, /Note 2 |Who pairs/);
      assert.match(card, /Note 22/);
    });
  });
}
