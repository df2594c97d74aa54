import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assignmentScenario, notificationsOf, partiesOf, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';

/**
 * Review with care (issue 12, item 5): the company's approval carries an optional rating (1–5) and comment, shown to
 * the contributor and weighing the reputation points; every version handed in is kept and listed with the hours of
 * all of them.
 */
for (const dialect of testDialects()) {
  describe(`reviewing with a rating, a comment and the history [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function points(volunteerId: number): Promise<number[]> {
      const rows = await ctx.db
        .selectFrom('reputation_events')
        .select('points')
        .where('volunteer_id', '=', volunteerId)
        .where('reason', '=', 'task_completed')
        .execute();
      return rows.map((row) => row.points);
    }

    it('keeps the rating and comment, shows them to the contributor, and tells them in the notification', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      assert.equal((await contributor.post(`${url}/submit-solution`, VALID_SOLUTION)).statusCode, 303);
      assert.equal((await contributor.get(url)).data.rating, null);

      const done = await company.post(`${url}/complete`, { rating: 4, comment: '  Clear and on time.  ' });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.data.rating, 4);
      assert.equal(done.data.review_comment, 'Clear and on time.');
      const seen = await contributor.get(url);
      assert.equal(seen.data.rating, 4);
      assert.equal(seen.data.review_comment, 'Clear and on time.');
      const listed = await contributor.get('/api/assignments');
      assert.equal(listed.data.data[0].rating, 4);

      const [told] = (await notificationsOf(ctx.db, scenario.volunteer.user.id)).filter(
        (n) => n.type === 'task_completed',
      );
      assert.match(told.message, /rated your work 4 of 5\. Comment from the company: Clear and on time\./);
    });

    it('weighs the reputation points by the rating: ×0.5 for 1 up to ×1.5 for 5, none counts as 3', async () => {
      // Score 6 is the ×1 band: 25 points before the rating.
      const expected: Array<[number | null, number]> = [
        [null, 25],
        [1, 13],
        [2, 19],
        [3, 25],
        [4, 31],
        [5, 38],
      ];
      for (const [rating, awarded] of expected) {
        const scenario = await assignmentScenario(ctx.db, { status: 'submitted', challenge: { score: 6 } });
        const { company } = partiesOf(ctx, scenario);
        const body = rating === null ? {} : { rating };
        const done = await company.post(`/api/assignments/${scenario.assignment.id}/complete`, body);
        assert.equal(done.statusCode, 200, done.body);
        assert.deepEqual(await points(scenario.volunteer.volunteer.id), [awarded], `rating ${rating}`);
        assert.equal(done.data.volunteer.reputation_score, awarded);
      }
      // The rating multiplies the score band's multiplier, rounded once: score 9 (×1.5) rated 5 (×1.5) is 56.25.
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted', challenge: { score: 9 } });
      await partiesOf(ctx, scenario).company.post(`/api/assignments/${scenario.assignment.id}/complete`, { rating: 5 });
      assert.deepEqual(await points(scenario.volunteer.volunteer.id), [56]);
    });

    it('refuses a rating outside 1–5 or not a whole number, and a comment over 2000 characters (422)', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'submitted' });
      const { company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/complete`;
      for (const [body, field] of [
        [{ rating: 0 }, 'rating'],
        [{ rating: 6 }, 'rating'],
        [{ rating: 3.5 }, 'rating'],
        [{ rating: '4' }, 'rating'],
        [{ comment: 'x'.repeat(2001) }, 'comment'],
        [{ comment: 5 }, 'comment'],
      ] as const) {
        const response = await company.post(url, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(response.data.errors[field], JSON.stringify(response.data));
      }
      assert.equal((await company.get(`/api/assignments/${scenario.assignment.id}`)).data.status, 'submitted');
      assert.deepEqual(await points(scenario.volunteer.volunteer.id), []);
      // A rating the contributor gives themselves is never taken: complete is the company's.
      const self = await apiClient(ctx.app, scenario.volunteer.token).post(url, { rating: 5 });
      assert.equal(self.statusCode, 403);
    });

    it('lists every version handed in, newest first, with notes, attachments and the hours of all of them', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      const form = fileForm('attachments[]', pdfFile('First draft'), 'draft.pdf', {
        ...VALID_SOLUTION,
        hours_worked: '6.5',
      });
      assert.equal((await contributor.multipart('POST', `${url}/submit-solution`, form)).statusCode, 303);
      assert.equal((await company.post(`${url}/request-changes`, { note: 'Add the weekend shifts.' })).statusCode, 200);
      const second = { ...VALID_SOLUTION, description: 'Now with the weekend shifts.', hours_worked: 2.25 };
      assert.equal((await contributor.post(`${url}/submit-solution`, second)).statusCode, 303);

      for (const party of [contributor, company]) {
        const list = await party.get(`${url}/submissions`);
        assert.equal(list.statusCode, 200, list.body);
        assert.equal(list.data.hours_submitted, 8.75);
        assert.equal(list.data.meta.total, 2);
        const [latest, first] = list.data.data;
        assert.deepEqual(
          {
            description: latest.description,
            hours: latest.hours_worked,
            status: latest.status,
            note: latest.review_note,
          },
          { description: 'Now with the weekend shifts.', hours: 2.25, status: 'submitted', note: null },
        );
        assert.equal(latest.attachments.length, 0);
        assert.deepEqual(
          { hours: first.hours_worked, status: first.status, note: first.review_note },
          { hours: 6.5, status: 'revision_requested', note: 'Add the weekend shifts.' },
        );
        assert.ok(first.reviewed_at);
        assert.deepEqual(
          first.attachments.map((file: { file_name: string; content_type: string }) => [
            file.file_name,
            file.content_type,
          ]),
          [['draft.pdf', 'application/pdf']],
        );
      }
      const paged = await company.get(`${url}/submissions?per_page=1&page=2`);
      assert.equal(paged.data.data[0].review_note, 'Add the weekend shifts.');
      assert.equal(paged.data.links.prev.endsWith(`${url}/submissions?per_page=1&page=1`), true);

      // Approving records at most the hours of all versions (8.75).
      const done = await company.post(`${url}/complete`, { actual_hours: 8.75 });
      assert.equal(done.statusCode, 200, done.body);
      const after = await company.get(`${url}/submissions`);
      assert.deepEqual(
        after.data.data.map((submission: { status: string }) => submission.status),
        ['approved', 'revision_requested'],
      );
    });

    it('lists submissions for the two parties only: 401, 403, 404 and 422 for a bad page', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor, company } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/submissions`;
      const empty = await contributor.get(url);
      assert.equal(empty.statusCode, 200);
      assert.deepEqual([empty.data.data, empty.data.hours_submitted], [[], 0]);

      assert.equal((await apiClient(ctx.app).get(url)).statusCode, 401);
      for (const stranger of [await createVolunteer(ctx.db), await createCompany(ctx.db)]) {
        const response = await apiClient(ctx.app, stranger.token).get(url);
        assert.equal(response.statusCode, 403);
        assert.equal(
          response.data.message,
          'Only the assigned contributor and the company that owns the challenge can do this.',
        );
      }
      assert.equal((await company.get('/api/assignments/999999/submissions')).statusCode, 404);
      assert.equal((await company.get(`${url}?per_page=0`)).statusCode, 422);
      const hidden = await assignmentScenario(ctx.db, { status: 'submitted', challenge: { status: 'archived' } });
      const other = apiClient(ctx.app, (await createCompany(ctx.db)).token);
      assert.equal((await other.get(`/api/assignments/${hidden.assignment.id}/submissions`)).statusCode, 404);
    });
  });
}
