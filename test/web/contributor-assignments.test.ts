import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { requestRevision } from '../../src/modules/assignments/assignments.service.ts';
import { assignmentScenario, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { callerFor } from '../helpers/callers.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAssignment, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`contributor assignment pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** An assignment in `status` whose contributor and company can both sign in. */
    const scenario = async (status: string, task: Record<string, unknown> = {}) => {
      const s = await assignmentScenario(ctx.db, { status, task });
      const parties = [s.volunteer.user.id, s.company.user.id];
      await ctx.db
        .updateTable('users')
        .set(await withPassword())
        .where('id', 'in', parties)
        .execute();
      return s;
    };

    it('groups the assignments by status, invitations first with their match score, reasoning and answers', async () => {
      const s = await scenario('invited', { title: 'Design the intake form', skills: ['Figma'] });
      const done = await createTask(ctx.db, s.challenge.id, { title: 'Old logo work' });
      await createAssignment(ctx.db, done.id, s.volunteer.volunteer.id, { status: 'completed' });
      const declined = await createTask(ctx.db, s.challenge.id, { title: 'Night shifts' });
      await createAssignment(ctx.db, declined.id, s.volunteer.volunteer.id, { status: 'declined' });

      const page = await (await signedIn(ctx.app, s.volunteer.user.email)).get('/assignments');
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Invitations 1 Design the intake form Invitation/);
      assert.match(text, new RegExp(`${s.challenge.title} · About 8 hours`));
      assert.match(
        text,
        /Figma 80% match · you have 80% of the skills it asks for Why you were invited Good fit Strengths skills Gaps No gaps found\./,
      );
      const accept = parsed.form(`/api/assignments/${s.assignment.id}/accept`);
      assert.deepEqual([accept.method, accept.redirect], ['POST', `/assignments/${s.assignment.id}`]);
      assert.deepEqual(
        accept.buttons.map((button) => button.text),
        ['Accept invitation'],
      );
      const decline = parsed.form(`/api/assignments/${s.assignment.id}/reject`);
      assert.equal(decline.control('Why are you declining? (optional)').name, 'reason');
      assert.deepEqual(
        decline.buttons.map((button) => button.text),
        ['Decline invitation'],
      );
      // The rule is explained when the API refuses an accept with active_assignment_id (app.js reveals it).
      assert.doesNotMatch(text, /You can work on one task at a time/, 'no task is held, so the rule is not shown');
      assert.ok(
        parsed
          .hiddenTexts()
          .some((hidden) => /^You can work on one task at a time\. .*Open your active task\.$/.test(hidden)),
      );
      assert.ok(text.indexOf('Completed Old logo work') < text.indexOf('Declined Night shifts'), 'history after');
    });

    it('lists invitations best match first', async () => {
      const s = await scenario('invited', { title: 'Weaker fit' });
      const better = await createTask(ctx.db, s.challenge.id, { title: 'Stronger fit' });
      await createAssignment(ctx.db, better.id, s.volunteer.volunteer.id, { match_score: 95 });
      const weaker = await createTask(ctx.db, s.challenge.id, { title: 'Weakest fit' });
      await createAssignment(ctx.db, weaker.id, s.volunteer.volunteer.id, { match_score: 61 });

      const text = parsePage((await (await signedIn(ctx.app, s.volunteer.user.email)).get('/assignments')).body).text;
      const order = ['Stronger fit', 'Weaker fit', 'Weakest fit'].map((title) => text.indexOf(title));
      assert.deepEqual(
        order.toSorted((a, b) => a - b),
        order,
        '95, 80, 61',
      );
    });

    it('shows the task, the timeline and the Start button for an accepted assignment', async () => {
      const s = await scenario('accepted', {
        title: 'Write the API',
        description: 'Build the booking endpoints.',
        acceptance_criteria: JSON.stringify(['Bookings can be created', 'Double bookings are refused']),
        expected_output: 'A pull request.',
        estimated_hours: 16,
      });
      await ctx.db
        .updateTable('assignments')
        .set({ responded_at: '2026-11-21T10:00:00.000Z' })
        .where('id', '=', s.assignment.id)
        .execute();
      const page = await (await signedIn(ctx.app, s.volunteer.user.email)).get(`/assignments/${s.assignment.id}`);
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.deepEqual(parsed.headings(1), ['Write the API']);
      assert.match(text, /Write the API Accepted Challenge:/, 'the status beside the title');
      assert.match(text, /Next step Start the task when you begin working on it/);
      assert.deepEqual(
        parsed.form(`/api/assignments/${s.assignment.id}/start`).buttons.map((button) => button.text),
        ['Start the task'],
      );
      assert.match(text, /Build the booking endpoints\./);
      assert.match(
        text,
        /Acceptance criteria Bookings can be created Double bookings are refused Expected output A pull request\./,
      );
      assert.match(text, /Estimated time 16 hours/);
      assert.match(text, /Accepted 21 Nov 2026, 10:00 UTC Started not yet/);
      const solution = parsed.form(`/api/assignments/${s.assignment.id}/submit-solution`);
      assert.deepEqual([solution.method, solution.redirect], ['POST', `/assignments/${s.assignment.id}`]);
      assert.deepEqual(solution.control('What did you do?').counter, { min: '10', max: '10000' });
      const attachments = solution.control('Attachments (optional)');
      assert.deepEqual([attachments.type, attachments.name, attachments.multiple], ['file', 'attachments', true]);
      assert.ok(attachments.accept);
      assert.ok(
        !parsed.forms().some((form) => form.target.endsWith('/complete')),
        'an accepted assignment cannot be completed yet',
      );
    });

    it('shows a submitted solution with its attachments, and leaves completing to the company', async () => {
      const s = await scenario('in_progress');
      const form = fileForm('attachments[]', pdfFile('Report'), 'report.pdf', {
        ...VALID_SOLUTION,
        hours_worked: String(VALID_SOLUTION.hours_worked),
      });
      const submitted = await apiClient(ctx.app, s.volunteer.token).multipart(
        'POST',
        `/api/assignments/${s.assignment.id}/submit-solution`,
        form,
      );
      assert.equal(submitted.statusCode, 303);

      const page = await (await signedIn(ctx.app, s.volunteer.user.email)).get(`/assignments/${s.assignment.id}`);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Your solution Submitted/);
      assert.match(text, new RegExp(VALID_SOLUTION.description.replace('.', '\\.')));
      assert.match(text, /Hours worked 6\.5 hours Handed in .* Link to the work https:\/\/example\.test\/deliverable/);
      assert.match(parsed.link('report.pdf').href, new RegExp(`^/assignments/${s.assignment.id}/attachments/\\d+$`));
      // Only the owning company completes (issue 10, item 7): no Complete form for the contributor.
      assert.ok(
        !parsed.forms().some((form) => form.target.endsWith('/complete')),
        'the contributor cannot complete their own assignment',
      );
      assert.match(text, /The company completes the task when it approves your solution\./);
      assert.ok(
        !parsed.forms().some((form) => form.target.endsWith('/submit-solution')),
        'a submitted solution is not submitted twice',
      );
    });

    it('shows clearly that the company asked for changes, with its note, and lets the contributor submit again', async () => {
      const s = await scenario('in_progress');
      await apiClient(ctx.app, s.volunteer.token).post(
        `/api/assignments/${s.assignment.id}/submit-solution`,
        VALID_SOLUTION,
      );
      await requestRevision(ctx.db, await callerFor(ctx.db, s.company.token), s.assignment.id, 'Please add tests.');

      const page = await (await signedIn(ctx.app, s.volunteer.user.email)).get(`/assignments/${s.assignment.id}`);
      const text = parsePage(page.body).text;
      assert.match(text, /The company asked for changes .*Note from the company: Please add tests\./);
      assert.match(text, /Your solution Changes requested/);
      assert.match(text, /Submit your solution again/);
    });

    it("shows the company's rating and comment of approved work, and every version handed in", async () => {
      const s = await scenario('in_progress');
      const contributor = apiClient(ctx.app, s.volunteer.token);
      const company = apiClient(ctx.app, s.company.token);
      const url = `/api/assignments/${s.assignment.id}`;
      await contributor.post(`${url}/submit-solution`, VALID_SOLUTION);
      await company.post(`${url}/request-changes`, { note: 'Please add tests.' });
      await contributor.post(`${url}/submit-solution`, { ...VALID_SOLUTION, description: 'Now with the tests.' });
      const done = await company.post(`${url}/complete`, { rating: 5, comment: 'Thorough work.' });
      assert.equal(done.statusCode, 200, done.body);

      const page = await (await signedIn(ctx.app, s.volunteer.user.email)).get(`/assignments/${s.assignment.id}`);
      const text = parsePage(page.body).text;
      assert.match(text, /The company's review Rating: 5 of 5 Thorough work\./);
      assert.match(text, /Your solution Approved Now with the tests\./);
      assert.match(text, /Hours submitted in all: 13 hours over 2 versions\./);
      assert.match(text, /Version 1 Changes requested .* Sent back with the note: Please add tests\./);
    });

    it("answers 404 for someone else's assignment, an unknown id and a malformed id", async () => {
      const s = await scenario('in_progress');
      const stranger = await createVolunteer(ctx.db, { user: await withPassword() });
      const client = await signedIn(ctx.app, stranger.user.email);
      for (const path of [
        `/assignments/${s.assignment.id}`,
        '/assignments/999999',
        '/assignments/abc',
        '/assignments/0',
      ]) {
        const response = await client.get(path);
        assert.equal(response.statusCode, 404, path);
        assert.match(parsePage(response.body).text, /Page not found/);
      }
    });

    it('sends the owning company to its own pages, and gives another company the 403 page', async () => {
      const s = await scenario('submitted');
      const owner = await signedIn(ctx.app, s.company.user.email);
      const submitted = await owner.get(`/assignments/${s.assignment.id}`);
      assert.equal(submitted.statusCode, 303);
      assert.equal(submitted.headers.location, '/reviews');

      const open = await scenario('accepted');
      const toChallenge = await (await signedIn(ctx.app, open.company.user.email)).get(
        `/assignments/${open.assignment.id}`,
      );
      assert.equal(toChallenge.headers.location, `/challenges/${open.challenge.id}`);

      const other = await createCompany(ctx.db, { user: await withPassword() });
      const refused = await (await signedIn(ctx.app, other.user.email)).get(`/assignments/${s.assignment.id}`);
      assert.equal(refused.statusCode, 403);
      assert.match(parsePage(refused.body).text, /You cannot do that/);
    });
  });
}
