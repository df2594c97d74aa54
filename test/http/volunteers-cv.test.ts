import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { failWrites } from '../helpers/failing-writes.ts';
import { docFile, docxFile, fileForm, filesUnder, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';

const MiB = 1024 * 1024;

for (const dialect of testDialects()) {
  describe(`CV upload [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const upload = (token: string, bytes: Buffer, name: string) =>
      apiClient(ctx.app, token).multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, name));
    const storedCvs = (volunteerId: number) =>
      filesUnder(path.join(ctx.deps.config.storageDir, 'cvs', `${volunteerId}`));
    const tempFiles = () => filesUnder(path.join(ctx.dataDir, 'tmp'));
    const volunteerRow = (id: number) =>
      ctx.db.selectFrom('volunteers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const cvJobs = async (volunteerId: number) =>
      (await queuedJobs(ctx, 'volunteer.analyze-cv')).filter((job) => job.payload.volunteerId === volunteerId);
    const cvAwards = (volunteerId: number) =>
      ctx.db
        .selectFrom('reputation_events')
        .selectAll()
        .where('volunteer_id', '=', volunteerId)
        .where('reason', '=', 'first_cv_upload')
        .execute();

    it('accepts a PDF, a DOCX and a DOC by their bytes, storing each and queueing one analysis per upload', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db, {
        volunteer: { ai_analysis_status: 'failed', ai_analysis_error: 'The file could not be read.' },
      });
      const files: Array<[Buffer, string, string]> = [
        [pdfFile(), 'My CV.pdf', 'pdf'],
        [docxFile(), 'cv.docx', 'docx'],
        [docFile(), 'old-cv.doc', 'doc'],
      ];
      for (const [index, [bytes, name, extension]] of files.entries()) {
        const response = await upload(token, bytes, name);
        assert.equal(response.statusCode, 200, name);
        assert.equal(response.data.cv.file_name, name);
        assert.ok(Date.parse(response.data.cv.uploaded_at) > 0);
        assert.equal(response.data.ai_analysis_status, 'pending');
        assert.equal(response.data.ai_analysis_error, null);
        const row = await volunteerRow(volunteer.id);
        assert.match(row.cv_storage_key ?? '', new RegExp(`^cvs/${volunteer.id}/[0-9a-f]{32}\\.${extension}$`));
        assert.deepEqual(fs.readFileSync(path.join(ctx.deps.config.storageDir, row.cv_storage_key!)), bytes);
        // The previous CV is gone once the new one is committed: one file at a time.
        assert.deepEqual(storedCvs(volunteer.id), [path.basename(row.cv_storage_key!)]);
        const jobs = await cvJobs(volunteer.id);
        assert.equal(jobs.length, index + 1, 'exactly one analysis job per upload');
        assert.ok(jobs.every((job) => job.status === 'pending'));
      }
      assert.deepEqual(tempFiles(), []);
    });

    it('awards 20 points for the first CV only', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const first = await upload(token, pdfFile(), 'a.pdf');
      assert.equal(first.data.reputation_score, 20);
      const second = await upload(token, pdfFile('Updated'), 'b.pdf');
      assert.equal(second.data.reputation_score, 20);
      assert.equal((await cvAwards(volunteer.id)).length, 1);
    });

    it('awards once and keeps one file when two uploads race', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const answers = await Promise.all([
        upload(token, pdfFile('one'), 'one.pdf'),
        upload(token, docxFile(), 'two.docx'),
      ]);
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200],
      );
      assert.equal((await cvAwards(volunteer.id)).length, 1);
      assert.equal((await volunteerRow(volunteer.id)).reputation_score, 20);
      assert.equal((await cvJobs(volunteer.id)).length, 2);
      const row = await volunteerRow(volunteer.id);
      assert.deepEqual(storedCvs(volunteer.id), [path.basename(row.cv_storage_key!)]);
    });

    it('answers 422 "No file was sent" with what to send, without a file, in multipart or JSON', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const api = apiClient(ctx.app, token);
      const noFile = new FormData();
      noFile.append('cv', 'just text');
      const emptyInput = fileForm('cv', Buffer.alloc(0), '');
      for (const response of [
        await api.multipart('POST', '/api/volunteers/upload-cv', noFile),
        await api.multipart('POST', '/api/volunteers/upload-cv', emptyInput),
        await api.post('/api/volunteers/upload-cv', { cv: 'JVBERi0xLjQ=' }),
        await api.post('/api/volunteers/upload-cv'),
      ]) {
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.data, {
          message: 'No file was sent. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.',
          errors: { cv: ['No file was sent. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.'] },
        });
      }
      assert.equal((await cvJobs(volunteer.id)).length, 0);
    });

    it('refuses a file that is not a PDF or Word document, whatever its name, and an empty one', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const cases: Array<[Buffer, string, string]> = [
        [
          pngFile(),
          'cv.pdf',
          '"cv.pdf" is not a PDF, DOC or DOCX file. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.',
        ],
        [
          Buffer.from('Plain text CV'),
          'cv.docx',
          '"cv.docx" is not a PDF, DOC or DOCX file. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.',
        ],
        [Buffer.alloc(0), 'cv.pdf', '"cv.pdf" is empty. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.'],
      ];
      for (const [bytes, name, message] of cases) {
        const response = await upload(token, bytes, name);
        assert.equal(response.statusCode, 422, name);
        assert.deepEqual(response.data, { message, errors: { cv: [message] } });
      }
      const row = await volunteerRow(volunteer.id);
      assert.equal(row.cv_storage_key, null);
      assert.equal(row.ai_analysis_status, 'none');
      assert.equal((await cvJobs(volunteer.id)).length, 0);
      assert.deepEqual(storedCvs(volunteer.id), []);
      assert.deepEqual(tempFiles(), []);
    });

    it('takes a CV of exactly 10 MB and refuses one byte more', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const tooBig = await upload(token, padded(pdfFile(), 10 * MiB + 1), 'big.pdf');
      assert.equal(tooBig.statusCode, 422);
      assert.deepEqual(tooBig.data.errors, {
        cv: ['"big.pdf" is larger than 10 MB. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.'],
      });
      assert.deepEqual(storedCvs(volunteer.id), []);
      const exact = await upload(token, padded(pdfFile(), 10 * MiB), 'exact.pdf');
      assert.equal(exact.statusCode, 200);
      assert.deepEqual(tempFiles(), []);
    });

    it('keeps the uploader-given name for display only, cleaned of paths and control characters', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const response = await upload(token, pdfFile(), '..\\..\\secret\\Jane\u0007 Doe.pdf');
      assert.equal(response.data.cv.file_name, 'Jane Doe.pdf');
      assert.match((await volunteerRow(volunteer.id)).cv_storage_key ?? '', /^cvs\/\d+\/[0-9a-f]{32}\.pdf$/);
    });

    it('leaves no file and no change behind when the transaction fails, and keeps the previous CV', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      assert.equal((await upload(token, pdfFile('first'), 'first.pdf')).statusCode, 200);
      const before = await volunteerRow(volunteer.id);

      const restore = await failWrites(ctx, 'jobs', 'insert');
      try {
        const failed = await upload(token, docxFile(), 'second.docx');
        assert.equal(failed.statusCode, 500);
        assert.deepEqual(failed.data, { message: 'Server Error' });
      } finally {
        await restore();
      }

      const after = await volunteerRow(volunteer.id);
      assert.equal(after.cv_storage_key, before.cv_storage_key);
      assert.equal(after.cv_file_name, 'first.pdf');
      assert.equal(after.reputation_score, before.reputation_score);
      assert.equal((await cvJobs(volunteer.id)).length, 1);
      assert.deepEqual(storedCvs(volunteer.id), [path.basename(before.cv_storage_key!)]);
      assert.deepEqual(tempFiles(), []);
    });
  });
}
