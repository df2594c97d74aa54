import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createChallenge,
  createCompany,
  createIdea,
  createNotification,
  createTeam,
  createVolunteer,
} from '../helpers/factories.ts';
import { COMMUNITY } from '../helpers/idea-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`teams, notifications and ideas pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const contributor = async () => createVolunteer(ctx.db, { user: await withPassword() });

    /** A team on a challenge with an invited leader, an accepted member and a member who declined. */
    async function teamCast() {
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, owner.company.id, { title: 'Warehouse onboarding' });
      const [invited, accepted, declined, outsider] = [
        await contributor(),
        await contributor(),
        await contributor(),
        await contributor(),
      ];
      const team = await createTeam(ctx.db, challenge.id, [
        { volunteerId: invited.volunteer.id, role: 'leader', status: 'invited' },
        { volunteerId: accepted.volunteer.id, status: 'accepted' },
        { volunteerId: declined.volunteer.id, status: 'declined' },
      ]);
      return { owner, challenge, team, invited, accepted, declined, outsider };
    }

    const membershipOf = async (teamId: number, volunteerId: number) =>
      (
        await ctx.db
          .selectFrom('team_members')
          .select('status')
          .where('team_id', '=', teamId)
          .where('volunteer_id', '=', volunteerId)
          .executeTakeFirstOrThrow()
      ).status;

    it('sends a signed-out visitor to sign in, and back afterwards', async () => {
      for (const page of ['/teams', '/teams/1', '/notifications', '/ideas']) {
        const response = await webClient(ctx.app).get(page);
        assert.equal(response.statusCode, 303, page);
        assert.equal(response.headers.location, `/login?next=${encodeURIComponent(page)}`);
      }
    });

    it('gives a company the 403 page on the contributor pages, and its own notifications', async () => {
      const { owner } = await teamCast();
      await createNotification(ctx.db, owner.user.id, { title: 'Your challenge was analysed' });
      const client = await signedIn(ctx.app, owner.user.email);
      // A team's own page is for the owning company too (challenge-thread-pages.test.ts).
      for (const page of ['/teams', '/ideas']) {
        const response = await client.get(page);
        assert.equal(response.statusCode, 403, page);
        assert.match(parsePage(response.body).text, /This page is for contributor accounts/);
      }
      const notifications = await client.get('/notifications');
      assert.equal(notifications.statusCode, 200);
      assert.match(parsePage(notifications.body).text, /Your challenge was analysed/);
    });

    it('lists the teams a contributor is invited to or in, and shows a team to its members only', async () => {
      const { team, invited, accepted, declined, outsider } = await teamCast();

      const invitedClient = await signedIn(ctx.app, invited.user.email);
      const list = parsePage((await invitedClient.get('/teams')).body).text;
      assert.match(
        list,
        new RegExp(`${team.name} Forming For the challenge Warehouse onboarding\\. You lead this team\\.`),
      );
      assert.match(list, /Answer the invitation to/);
      const response = await invitedClient.get(`/teams/${team.id}`);
      assert.equal(response.statusCode, 200);
      const page = parsePage(response.body);
      const accept = page.form(`/teams/${team.id}/accept`);
      assert.deepEqual(
        [accept.method, accept.buttons.map((button) => button.text)],
        ['POST', ['Accept the invitation']],
      );
      assert.deepEqual(
        page.form(`/teams/${team.id}/decline`).buttons.map((button) => button.text),
        ['Decline the invitation'],
      );
      const messages = page.form(`/api/teams/${team.id}/messages`);
      assert.equal(messages.method, 'POST');
      assert.deepEqual(messages.control('Message to the team').counter, { min: '1', max: '2000' });
      assert.match(page.text, /Team leader Invited/);

      const acceptedPage = await (await signedIn(ctx.app, accepted.user.email)).get(`/teams/${team.id}`);
      assert.equal(acceptedPage.statusCode, 200);
      assert.ok(
        !parsePage(acceptedPage.body)
          .forms()
          .some((form) => form.target.endsWith('/accept')),
        'no answer for someone who has answered',
      );

      for (const [who, url] of [
        [declined, `/teams/${team.id}`],
        [outsider, `/teams/${team.id}`],
        [outsider, '/teams/999999'],
        [outsider, '/teams/abc'],
      ] as const) {
        const response = await (await signedIn(ctx.app, who.user.email)).get(url);
        assert.equal(response.statusCode, 404, url);
        assert.match(parsePage(response.body).text, /Page not found/);
      }
      assert.doesNotMatch(
        parsePage((await (await signedIn(ctx.app, declined.user.email)).get('/teams')).body).text,
        new RegExp(team.name),
      );
    });

    it('accepts and declines through CSRF-protected forms, for invited members only', async () => {
      const { team, invited, outsider } = await teamCast();
      const client = await signedIn(ctx.app, invited.user.email);

      const forged = await client.post(`/teams/${team.id}/accept`, {});
      assert.equal(forged.statusCode, 403, 'no CSRF token: refused');
      assert.equal(await membershipOf(team.id, invited.volunteer.id), 'invited');

      const answered = await client.submit(`/teams/${team.id}`, `/teams/${team.id}/accept`, {});
      assert.equal(answered.statusCode, 303);
      assert.equal(answered.headers.location, `/teams/${team.id}`);
      assert.equal(await membershipOf(team.id, invited.volunteer.id), 'accepted');
      const after = await client.follow(answered);
      const joined = parsePage(after.body);
      assert.deepEqual(joined.statuses(), ['You joined the team. Welcome aboard!']);
      assert.ok(!joined.forms().some((form) => form.target.endsWith('/accept')));

      const again = await client.submit(`/teams/${team.id}`, `/teams/${team.id}/decline`, {});
      assert.equal(again.statusCode, 422, 'already answered');
      assert.equal(await membershipOf(team.id, invited.volunteer.id), 'accepted');

      const stranger = await signedIn(ctx.app, outsider.user.email);
      const refused = await stranger.submit('/notifications', `/teams/${team.id}/accept`, {});
      assert.equal(refused.statusCode, 403, 'not invited');
    });

    it('lets a declining member leave, with a flash on /teams', async () => {
      const { team, invited } = await teamCast();
      const client = await signedIn(ctx.app, invited.user.email);
      const answered = await client.submit(`/teams/${team.id}`, `/teams/${team.id}/decline`, {});
      assert.equal(answered.statusCode, 303);
      assert.equal(answered.headers.location, '/teams');
      assert.match(parsePage((await client.follow(answered)).body).text, /You declined the team invitation\./);
      assert.equal(await membershipOf(team.id, invited.volunteer.id), 'declined');
    });

    it('refuses an answer sent with a bearer token alone (no browser session)', async () => {
      const { team, invited } = await teamCast();
      for (const answer of ['accept', 'decline']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/teams/${team.id}/${answer}`,
          headers: { authorization: `Bearer ${invited.token}` },
          payload: {},
        });
        assert.notEqual(response.statusCode, 303, answer);
        assert.ok(response.statusCode >= 400, `${answer}: ${response.statusCode}`);
      }
      assert.equal(await membershipOf(team.id, invited.volunteer.id), 'invited');
    });

    it('shows each user only their own notifications, newest first, with the unread filter', async () => {
      const me = await contributor();
      const someoneElse = await contributor();
      await createNotification(ctx.db, me.user.id, {
        type: 'idea_scored',
        title: 'Your idea was scored',
        read_at: new Date().toISOString(),
      });
      const invitation = await createNotification(ctx.db, me.user.id, {
        type: 'team_invitation',
        title: 'You are invited to a team',
        action_url: '/teams/7',
      });
      await createNotification(ctx.db, someoneElse.user.id, { title: 'Not for you' });
      const client = await signedIn(ctx.app, me.user.email);

      const all = await client.get('/notifications');
      const allPage = parsePage(all.body);
      const text = allPage.text;
      assert.match(text, /Notifications 1 unread/);
      assert.match(text, /You are invited to a team Unread Team invitation .*Your idea was scored Read Idea scored/);
      assert.doesNotMatch(text, /Not for you/);
      // Through the route that marks it read, then on to /teams/7.
      assert.equal(allPage.link('Open').href, `/notifications/${invitation.id}/open`);
      const markAll = allPage.form('/api/notifications/mark-all-read');
      assert.deepEqual([markAll.method, markAll.buttons.map((button) => button.text)], ['POST', ['Mark all read']]);
      const deletes = allPage.forms().filter((form) => form.method === 'DELETE');
      assert.equal(deletes.length, 2, 'Delete on each');
      assert.ok(deletes.every((form) => /^\/api\/notifications\/\d+$/.test(form.target)));
      const markRead = allPage.forms().filter((form) => form.target.endsWith('/mark-read'));
      assert.equal(markRead.length, 1, 'Mark read on the unread one only');

      const unread = parsePage((await client.get('/notifications?filter=unread')).body).text;
      assert.match(unread, /You are invited to a team/);
      assert.doesNotMatch(unread, /Your idea was scored/);
    });

    it("lists a contributor's own ideas in every status with scores and the reason for a rejection", async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const me = await contributor();
      const other = await contributor();
      await createIdea(ctx.db, challenge.id, me.volunteer.id, { title: 'Buddy system', ai_score: 72, final_score: 60 });
      await createIdea(ctx.db, challenge.id, me.volunteer.id, {
        title: 'Spam idea',
        status: 'rejected',
        ai_score: 5,
        final_score: null,
        ai_feedback: JSON.stringify({
          summary: 'It repeats one phrase and does not address the brief.',
          strengths: [],
          weaknesses: [],
          suggestions: [],
          scores: { feasibility: 0, innovation: 0, impact: 0, alignment: 0 },
        }),
      });
      await createIdea(ctx.db, challenge.id, me.volunteer.id, {
        title: 'Fresh idea',
        status: 'pending_review',
        ai_score: null,
        ai_feedback: null,
        final_score: null,
      });
      await createIdea(ctx.db, challenge.id, other.volunteer.id, { title: 'Someone else’s' });

      const text = parsePage((await (await signedIn(ctx.app, me.user.email)).get('/ideas')).body).text;
      assert.match(text, /Fresh idea Waiting for its score/);
      assert.match(text, /Spam idea Not accepted .*Why it was not accepted: It repeats one phrase/);
      assert.match(text, /Buddy system Scored .*AI score 72 \/ 100 Votes 0 up, 0 down, total 0 Final score 60/);
      assert.doesNotMatch(text, /Someone else/);
    });
    it('shows the ideas of a community challenge: sort, own vote pressed, no vote on your own idea, post form', async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, COMMUNITY);
      const author = await contributor();
      const reader = await contributor();
      const liked = await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Buddy system',
        ai_score: 60,
      });
      await createIdea(ctx.db, challenge.id, reader.volunteer.id, { title: 'Mine, waiting', status: 'pending_review' });
      await createIdea(ctx.db, challenge.id, author.volunteer.id, {
        title: 'Hidden pending',
        status: 'pending_review',
      });
      await ctx.db
        .insertInto('idea_votes')
        .values({
          idea_id: liked.id,
          volunteer_id: reader.volunteer.id,
          vote: 1,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      const page = await (await signedIn(ctx.app, reader.user.email)).get(
        `/challenges/${challenge.id}?sort=created_at`,
      );
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Ideas 2 ideas Post an idea/);
      assert.match(text, /Mine, waiting Waiting for its score .*Buddy system Scored/, 'newest first');
      assert.doesNotMatch(text, /Hidden pending/, "someone else's unscored idea");
      const sort = parsed.control('Sort ideas by');
      assert.equal(sort.value, 'created_at');
      assert.equal(sort.options.find((option) => option.selected)?.text, 'Newest');
      const [vote] = parsed.forms().filter((form) => /^\/api\/ideas\/\d+\/vote$/.test(form.target));
      assert.equal(vote.method, 'POST');
      assert.deepEqual(
        vote.buttons.map(({ text, name, value, pressed }) => [text, name, value, pressed]),
        [
          ['Vote up', 'vote', '1', 'true'],
          ['No vote', 'vote', '0', 'false'],
          ['Vote down', 'vote', '-1', 'false'],
        ],
      );
      assert.match(text, /You voted this idea up\./);
      const post = parsed.form(`/api/challenges/${challenge.id}/ideas`);
      assert.equal(post.method, 'POST');
      assert.deepEqual(post.control('Your idea').counter, { min: '100', max: '2000' });

      const authorPage = parsePage(
        (await (await signedIn(ctx.app, author.user.email)).get(`/challenges/${challenge.id}`)).body,
      ).text;
      assert.match(authorPage, /This is your idea: others vote on it\./);
      assert.match(authorPage, /Hidden pending Waiting for its score/, 'the author sees their own pending idea');
    });
  });
}
