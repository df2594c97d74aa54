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

    it('lists the solutions waiting for review with approve (API, hours prefilled) and send back (web form)', async () => {
      const s = await submitted();
      const page = await (await signedIn(ctx.app, s.company.user.email)).get('/reviews');
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Solutions to review 1/);
      assert.match(text, new RegExp(`Write the rota Waiting for your review By ${s.volunteer.user.name}`));
      assert.match(text, /Built the onboarding checklist and the training video script\./);
      assert.match(text, /Hours worked 6\.5 hours Estimate 8 hours/);
      assert.equal(parsed.link('https://example.test/deliverable').href, 'https://example.test/deliverable');
      assert.equal(parsed.link('report.pdf').href, `/assignments/${s.assignment.id}/attachments/${s.attachmentId}`);
      const approve = parsed.form(`/api/assignments/${s.assignment.id}/complete`);
      assert.equal(approve.method, 'POST');
      assert.equal(approve.control('Hours to record').value, '6.5');
      assert.deepEqual(
        approve.buttons.map((button) => button.text),
        ['Approve and complete'],
      );
      const sendBack = parsed.form(`/reviews/${s.assignment.id}/send-back`);
      assert.equal(sendBack.method, 'POST');
      assert.equal(sendBack.control(`What should ${s.volunteer.user.name} change?`).required, true);
      assert.deepEqual(
        sendBack.buttons.map((button) => button.text),
        ['Send back with this note'],
      );
    });

    it('sends a solution back with a note: CSRF needed, owner only, only while it waits for review', async () => {
      const s = await submitted();
      const path = `/reviews/${s.assignment.id}/send-back`;
      const owner = await signedIn(ctx.app, s.company.user.email);

      const forged = await owner.post(path, { _csrf: 'forged', note: 'Please add the weekend shifts.' });
      assert.equal(forged.statusCode, 403);
      assert.equal((await assignmentRow(ctx.db, s.assignment.id)).status, 'submitted');

      const otherCompany = await signedIn(
        ctx.app,
        (await createCompany(ctx.db, { user: await withPassword() })).user.email,
      );
      const refused = await otherCompany.submit('/dashboard', path, { note: 'Mine now.' });
      assert.ok([403, 404].includes(refused.statusCode), `another company: ${refused.statusCode}`);
      const assignee = await signedIn(ctx.app, s.volunteer.user.email);
      assert.equal((await assignee.submit('/dashboard', path, { note: 'Self-review.' })).statusCode, 403);
      assert.equal((await assignmentRow(ctx.db, s.assignment.id)).status, 'submitted');

      const sent = await owner.submit('/reviews', path, { note: 'Please add the weekend shifts.' });
      assert.equal(sent.statusCode, 303);
      assert.equal(sent.headers.location, '/reviews');
      const after = await owner.follow(sent);
      assert.match(
        parsePage(after.body).text,
        /"Write the rota" was sent back to .* with your note\. Solutions to review 0/,
      );
      assert.equal((await assignmentRow(ctx.db, s.assignment.id)).status, 'in_progress');
      const told = (await notificationsOf(ctx.db, s.volunteer.user.id)).at(-1);
      assert.match(told?.message ?? '', /weekend shifts/);

      const again = await owner.submit('/reviews', path, { note: 'Twice.' });
      assert.equal(again.statusCode, 422, 'no longer waiting for review');
      assert.match(parsePage(again.body).text, /not valid for the assignment's current status/);
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
