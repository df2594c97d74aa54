import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  assignmentRow,
  assignmentScenario,
  challengeStatus,
  notificationsOf,
  partiesOf,
  taskStatus,
  VALID_SOLUTION,
} from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { gifFile, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

/** A multipart body with the solution's fields and the given files as `attachments[]`. */
function solutionForm(files: Array<{ name: string; bytes: Buffer; type?: string }>, fields = VALID_SOLUTION) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of files) {
    form.append('attachments[]', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

for (const dialect of testDialects()) {
  describe(`submitting a solution [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** Every file under the storage root's attachments folder for one assignment. */
    function storedFiles(assignmentId: number): string[] {
      const folder = path.join(ctx.deps.config.storageDir, 'attachments', String(assignmentId));
      return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    }

    async function submissionsOf(assignmentId: number) {
      return ctx.db.selectFrom('submissions').selectAll().where('assignment_id', '=', assignmentId).execute();
    }

    it('answers 303 to the assignment with no body, for a JSON solution without files', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}`;
      const response = await contributor.post(`${url}/submit-solution`, VALID_SOLUTION);
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, url);
      assert.equal(response.body, '');
      assert.equal(response.data, undefined);

      const assignment = (await contributor.get(url)).data;
      assert.equal(assignment.status, 'submitted');
      assert.ok(assignment.submitted_at);
      assert.equal(assignment.latest_submission.description, VALID_SOLUTION.description);
      assert.equal(assignment.latest_submission.deliverable_url, VALID_SOLUTION.deliverable_url);
      assert.equal(assignment.latest_submission.hours_worked, 6.5);
      assert.equal(assignment.latest_submission.status, 'submitted');
      assert.deepEqual(assignment.latest_submission.attachments, []);

      const [notification] = await notificationsOf(ctx.db, scenario.company.user.id);
      assert.equal(notification.type, 'solution_submitted');
      assert.match(notification.message, new RegExp(scenario.task.title));
      assert.equal(notification.action_url, `/assignments/${scenario.assignment.id}`);
    });

    it('stores two multipart attachments and their rows', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const form = solutionForm([
        { name: 'report.pdf', bytes: pdfFile('Final report') },
        { name: 'screen.png', bytes: pngFile() },
      ]);
      const response = await contributor.multipart(
        'POST',
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        form,
      );
      assert.equal(response.statusCode, 303, response.body);

      const rows = await ctx.db
        .selectFrom('submission_attachments')
        .innerJoin('submissions', 'submissions.id', 'submission_attachments.submission_id')
        .select(['file_name', 'storage_key', 'size', 'content_type'])
        .where('submissions.assignment_id', '=', scenario.assignment.id)
        .orderBy('submission_attachments.id')
        .execute();
      assert.deepEqual(
        rows.map((row) => [row.file_name, row.content_type, row.size]),
        [
          ['report.pdf', 'application/pdf', pdfFile('Final report').length],
          ['screen.png', 'image/png', pngFile().length],
        ],
      );
      for (const row of rows) {
        assert.match(row.storage_key, new RegExp(`^attachments/${scenario.assignment.id}/[0-9a-f]{32}$`));
        assert.ok(await ctx.deps.storage.exists(row.storage_key), row.storage_key);
      }
      assert.equal(storedFiles(scenario.assignment.id).length, 2);

      const read = await contributor.get(`/api/assignments/${scenario.assignment.id}`);
      assert.deepEqual(
        read.data.latest_submission.attachments.map((file: { file_name: string }) => file.file_name),
        ['report.pdf', 'screen.png'],
      );
      // The multipart number field arrived as text and was read as a number.
      assert.equal(read.data.latest_submission.hours_worked, 6.5);
    });

    it('refuses a file of the wrong kind: 422, no submission row, no stored file', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const form = solutionForm([
        { name: 'report.pdf', bytes: pdfFile() },
        { name: 'picture.pdf', bytes: gifFile(), type: 'application/pdf' },
      ]);
      const response = await partiesOf(ctx, scenario).contributor.multipart(
        'POST',
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        form,
      );
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data.errors, {
        attachments: [
          '"picture.pdf" is not a PDF, DOC, DOCX, ZIP, PNG, JPEG or plain text file. Attach your files: up to 10 files, each a PDF, DOC, DOCX, ZIP, PNG, JPEG or plain text file of up to 10 MB.',
        ],
      });
      assert.equal((await submissionsOf(scenario.assignment.id)).length, 0);
      assert.equal(storedFiles(scenario.assignment.id).length, 0);
      assert.equal((await assignmentRow(ctx.db, scenario.assignment.id)).status, 'in_progress');
    });

    it('refuses 11 attachments and a file over 10 MB', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/submit-solution`;
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `note-${i}.txt`, bytes: Buffer.from(`Note ${i}`) }));
      const tooMany = await contributor.multipart('POST', url, solutionForm(eleven));
      assert.equal(tooMany.statusCode, 422);
      assert.deepEqual(tooMany.data.errors, {
        attachments: [
          'More than 10 files were sent. Attach your files: up to 10 files, each a PDF, DOC, DOCX, ZIP, PNG, JPEG or plain text file of up to 10 MB.',
        ],
      });

      const big = padded(pdfFile(), 10 * 1024 * 1024 + 1);
      const tooLarge = await contributor.multipart('POST', url, solutionForm([{ name: 'big.pdf', bytes: big }]));
      assert.equal(tooLarge.statusCode, 422);
      assert.deepEqual(tooLarge.data.errors, {
        attachments: [
          '"big.pdf" is larger than 10 MB. Attach your files: up to 10 files, each a PDF, DOC, DOCX, ZIP, PNG, JPEG or plain text file of up to 10 MB.',
        ],
      });

      assert.equal((await submissionsOf(scenario.assignment.id)).length, 0);
      assert.equal(storedFiles(scenario.assignment.id).length, 0);
    });

    it('validates the fields: description 10–10000, http(s) deliverable_url, hours_worked > 0 and ≤ 1000', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const { contributor } = partiesOf(ctx, scenario);
      const url = `/api/assignments/${scenario.assignment.id}/submit-solution`;
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ description: 'Too short' }, 'description', 'The description must be at least 10 characters.'],
        [
          { description: 'x'.repeat(10_001) },
          'description',
          'The description must not be greater than 10000 characters.',
        ],
        [{ description: null }, 'description', 'The description field is required.'],
        [
          { deliverable_url: 'ftp://example.test/x' },
          'deliverable_url',
          'The deliverable url must be a web address starting with https:// or http://.',
        ],
        [{ hours_worked: 0 }, 'hours_worked', 'The hours worked must be greater than 0.'],
        [{ hours_worked: 1000.5 }, 'hours_worked', 'The hours worked must not be greater than 1000.'],
        [{ hours_worked: '6' }, 'hours_worked', 'The hours worked must be a number.'],
        [{ hours_worked: undefined }, 'hours_worked', 'The hours worked field is required.'],
      ];
      for (const [change, field, message] of cases) {
        const response = await contributor.post(url, { ...VALID_SOLUTION, ...change });
        assert.equal(response.statusCode, 422, JSON.stringify(change));
        assert.deepEqual(response.data.errors[field], [message], JSON.stringify(change));
      }
      assert.equal((await submissionsOf(scenario.assignment.id)).length, 0);

      const withoutUrl = await contributor.post(url, { ...VALID_SOLUTION, deliverable_url: '' });
      assert.equal(withoutUrl.statusCode, 303);
      assert.equal((await submissionsOf(scenario.assignment.id))[0].deliverable_url, null);
    });

    it('accepts a urlencoded form', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'accepted' });
      const body = new URLSearchParams({ description: 'A form-posted solution.', hours_worked: '3' }).toString();
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        body,
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      assert.equal(response.statusCode, 303, response.body);
      const [submission] = await submissionsOf(scenario.assignment.id);
      assert.equal(submission.hours_worked, 3);
    });

    it('submitting straight from accepted also starts the work: started_at, task and challenge in progress', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'accepted', task: { status: 'assigned' } });
      const response = await partiesOf(ctx, scenario).contributor.post(
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        VALID_SOLUTION,
      );
      assert.equal(response.statusCode, 303);
      const row = await assignmentRow(ctx.db, scenario.assignment.id);
      assert.ok(row.started_at);
      assert.ok(row.submitted_at);
      assert.equal(await taskStatus(ctx.db, scenario.task.id), 'in_progress');
      assert.equal(await challengeStatus(ctx.db, scenario.challenge.id), 'in_progress');
    });

    it('removes the stored files when the submission cannot be written', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      // The row moves on between the checks and the write (as a concurrent request would make it do).
      const original = ctx.db.transaction.bind(ctx.db);
      ctx.db.transaction = () => {
        ctx.db.transaction = original;
        return {
          execute: async (work: (trx: unknown) => Promise<unknown>) => {
            await ctx.db
              .updateTable('assignments')
              .set({ status: 'completed' })
              .where('id', '=', scenario.assignment.id)
              .execute();
            return original().execute(work as never);
          },
        } as never;
      };
      const response = await partiesOf(ctx, scenario).contributor.multipart(
        'POST',
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        solutionForm([{ name: 'report.pdf', bytes: pdfFile() }]),
      );
      ctx.db.transaction = original;
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.data, { message: "This action is not valid for the assignment's current status." });
      assert.equal((await submissionsOf(scenario.assignment.id)).length, 0);
      assert.equal(storedFiles(scenario.assignment.id).length, 0);
    });

    it('answers JSON 403 to the company and 404 for an unknown assignment', async () => {
      const scenario = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const company = await partiesOf(ctx, scenario).company.post(
        `/api/assignments/${scenario.assignment.id}/submit-solution`,
        VALID_SOLUTION,
      );
      assert.equal(company.statusCode, 403);
      assert.match(company.headers['content-type'] as string, /application\/json/);
      const missing = await partiesOf(ctx, scenario).contributor.post(
        '/api/assignments/999999/submit-solution',
        VALID_SOLUTION,
      );
      assert.equal(missing.statusCode, 404);
    });
  });
}
