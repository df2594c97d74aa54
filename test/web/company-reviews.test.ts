import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assignmentRow, assignmentScenario, notificationsOf, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`company reviews and attachment downloads [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A solution handed in through the API (with a PDF named `file`), both parties able to sign in. */
    const submitted = async (file = 'report.pdf') => {
      const s = await assignmentScenario(ctx.db, { status: 'in_progress', task: { title: 'Write the rota' } });
      await ctx.db
        .updateTable('users')
        .set(await withPassword())
        .where('id', 'in', [s.volunteer.user.id, s.company.user.id])
        .execute();
      const form = fileForm('attachments[]', pdfFile('The rota'), file, {
        ...VALID_SOLUTION,
        hours_worked: String(VALID_SOLUTION.hours_worked),
      });
      const response = await apiClient(ctx.app, s.volunteer.token).multipart(
        'POST',
        `/api/assignments/${s.assignment.id}/submit-solution`,
        form,
      );
      assert.equal(response.statusCode, 303);
      const attachment = await ctx.db
        .selectFrom('submission_attachments')
        .innerJoin('submissions', 'submissions.id', 'submission_attachments.submission_id')
        .select('submission_attachments.id')
        .where('submissions.assignment_id', '=', s.assignment.id)
        .executeTakeFirstOrThrow();
      return { ...s, attachmentId: attachment.id };
    };

    it('lists the solutions waiting for review with approve (confirmation, hours, rating, comment) and send back, both to the API', async () => {
      const s = await submitted();
      const page = await (await signedIn(ctx.app, s.company.user.email)).get('/reviews');
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Solutions to review 1/);
      assert.match(text, new RegExp(`Write the rota Waiting for your review By ${s.volunteer.user.name}`));
      assert.match(text, /Built the onboarding checklist and the training video script\./);
      assert.match(text, /Hours worked 6\.5 hours Handed in/);
      assert.match(text, /Estimate for the task: 8 hours\./);
      assert.match(text, /Hours submitted in all: 6\.5 hours over 1 version\./);
      assert.equal(parsed.link('https://example.test/deliverable').href, 'https://example.test/deliverable');
      assert.equal(parsed.link('report.pdf').href, `/assignments/${s.assignment.id}/attachments/${s.attachmentId}`);
      const approve = parsed.form(`/api/assignments/${s.assignment.id}/complete`);
      assert.equal(approve.method, 'POST');
      assert.match(approve.confirm ?? '', new RegExp(`^Approve “Write the rota” by ${s.volunteer.user.name}\\?`));
      assert.equal(approve.control('Hours to record').value, '6.5');
      const rating = approve.control('Rating (optional)');
      assert.deepEqual(
        rating.options.map((option) => option.value),
        ['', '5', '4', '3', '2', '1'],
      );
      assert.equal(rating.value, '', 'no rating unless the company picks one');
      assert.equal(approve.control(`Comment for ${s.volunteer.user.name} (optional)`).type, 'textarea');
      assert.deepEqual(
        approve.buttons.map((button) => button.text),
        ['Approve and complete'],
      );
      const sendBack = parsed.form(`/api/assignments/${s.assignment.id}/request-changes`);
      assert.equal(sendBack.method, 'POST');
      assert.equal(sendBack.redirect, '/reviews');
      assert.equal(sendBack.control(`What should ${s.volunteer.user.name} change?`).required, true);
      assert.deepEqual(
        sendBack.buttons.map((button) => button.text),
        ['Send back with this note'],
      );
    });

    it('shows the earlier versions with their notes and the hours of all of them to the reviewer', async () => {
      const s = await submitted();
      const owner = apiClient(ctx.app, s.company.token);
      const url = `/api/assignments/${s.assignment.id}`;
      assert.equal((await owner.post(`${url}/request-changes`, { note: 'Add the weekend shifts.' })).statusCode, 200);
      const second = { ...VALID_SOLUTION, description: 'Now with the weekend shifts.', hours_worked: 2 };
      assert.equal(
        (await apiClient(ctx.app, s.volunteer.token).post(`${url}/submit-solution`, second)).statusCode,
        303,
      );

      const parsed = parsePage((await (await signedIn(ctx.app, s.company.user.email)).get('/reviews')).body);
      assert.match(parsed.text, /Now with the weekend shifts\./);
      assert.match(parsed.text, /Hours submitted in all: 8\.5 hours over 2 versions\./);
      assert.match(
        parsed.text,
        /Earlier versions \(1\) Version 1 Changes requested Built the onboarding checklist .* Sent back with the note: Add the weekend shifts\./,
      );
      assert.equal(parsed.link('report.pdf').href, `/assignments/${s.assignment.id}/attachments/${s.attachmentId}`);
      assert.equal(parsed.form(`${url}/complete`).control('Hours to record').value, '2');
    });

    it('no longer takes the old web-only send-back route (the button goes to the API)', async () => {
      const s = await submitted();
      const owner = await signedIn(ctx.app, s.company.user.email);
      const gone = await owner.submit('/reviews', `/reviews/${s.assignment.id}/send-back`, { note: 'Old form.' });
      assert.equal(gone.statusCode, 404);
      assert.equal((await assignmentRow(ctx.db, s.assignment.id)).status, 'submitted');
      assert.equal((await notificationsOf(ctx.db, s.volunteer.user.id)).length, 0);
    });

    it('lets only the two parties download an attachment, as an attachment with its name', async () => {
      const s = await submitted('rota final é.pdf');
      const path = `/assignments/${s.assignment.id}/attachments/${s.attachmentId}`;
      for (const email of [s.company.user.email, s.volunteer.user.email]) {
        const response = await (await signedIn(ctx.app, email)).get(path);
        assert.equal(response.statusCode, 200, email);
        assert.equal(response.headers['content-type'], 'application/pdf');
        assert.equal(
          response.headers['content-disposition'],
          `attachment; filename="rota final _.pdf"; filename*=UTF-8''${encodeURIComponent('rota final é.pdf')}`,
        );
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.ok(response.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));
      }
      const signedOut = await webClient(ctx.app).get(path);
      assert.equal(signedOut.statusCode, 303);
      for (const stranger of [
        await createVolunteer(ctx.db, { user: await withPassword() }),
        await createCompany(ctx.db, { user: await withPassword() }),
      ]) {
        const response = await (await signedIn(ctx.app, stranger.user.email)).get(path);
        assert.equal(response.statusCode, 403, 'the challenge is public, so the assignment exists for them');
        assert.doesNotMatch(response.body, /%PDF/);
      }
      const owner = await signedIn(ctx.app, s.company.user.email);
      const other = await submitted();
      const crossed = await owner.get(`/assignments/${s.assignment.id}/attachments/${other.attachmentId}`);
      assert.equal(crossed.statusCode, 404, "another assignment's attachment");
      assert.equal((await owner.get(`/assignments/${s.assignment.id}/attachments/abc`)).statusCode, 404);
    });
  });
}
