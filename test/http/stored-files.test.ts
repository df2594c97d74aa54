import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { assignmentScenario, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm, filesUnder, padded, pdfFile, pngFile } from '../helpers/file-fixtures.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';
import { cookieHeader } from '../helpers/web-client.ts';
import { signedIn, withPassword } from '../web/contributor-session.ts';

/**
 * Uploads and downloads through the real application on both stores: the local folder and S3 (s3rver on loopback).
 * The same requests must give the same answers, byte for byte, with the same headers.
 */
let s3: S3TestServer;
before(async () => {
  s3 = await startS3Server();
});
after(() => s3.stop());

// Each context its own prefix: the dialects' ids overlap, and so would their keys.
const stores = { disk: () => ({}), s3: (dialect: string) => s3.envWithPrefix(`stored-files-${dialect}`) } as const;

for (const dialect of testDialects()) {
  for (const [store, env] of Object.entries(stores)) {
    describe(`stored files on ${store} [${dialect}]`, () => {
      let ctx: TestContext;
      before(async () => {
        ctx = await createTestContext(dialect, env(dialect));
      });
      after(() => ctx.close());

      const storedKeys = async (prefix: string) => {
        const keys: string[] = [];
        for await (const key of ctx.deps.storage.keys(prefix)) keys.push(key);
        return keys;
      };
      const download = (url: string, token: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

      it('uses the configured store and nothing else', () => {
        assert.equal(ctx.deps.config.objectStore === null, store === 'disk');
      });

      it('stores an uploaded CV and streams it back to its owner with its type, name and size', async () => {
        const { token, volunteer } = await createVolunteer(ctx.db);
        // 7 MiB: the S3 adapter sends it as a multipart upload.
        const bytes = padded(pdfFile('My CV'), 7 * 1024 * 1024);
        const upload = await apiClient(ctx.app, token).multipart(
          'POST',
          '/api/volunteers/upload-cv',
          fileForm('cv', bytes, 'Zoë CV.pdf'),
        );
        assert.equal(upload.statusCode, 200, upload.body);
        assert.equal((await storedKeys(`cvs/${volunteer.id}/`)).length, 1);
        if (store === 's3') assert.deepEqual(filesUnder(ctx.deps.config.storageDir), [], 'nothing on the local disk');

        const response = await download('/api/volunteers/profile/cv', token);
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/pdf');
        assert.equal(
          response.headers['content-disposition'],
          `attachment; filename="Zo_ CV.pdf"; filename*=UTF-8''${encodeURIComponent('Zoë CV.pdf')}`,
        );
        assert.equal(response.headers['content-length'], String(bytes.length));
        assert.equal(response.headers['accept-ranges'], 'bytes');
        assert.equal(response.headers['cache-control'], 'private, no-store');
        assert.ok(response.rawPayload.equals(bytes), 'the same bytes');
      });

      it('answers byte ranges of the CV with 206 and a range past the end with 416', async () => {
        const { token } = await createVolunteer(ctx.db);
        const bytes = padded(pdfFile('Ranges'), 1000);
        await apiClient(ctx.app, token).multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, 'cv.pdf'));

        const first = await download('/api/volunteers/profile/cv', token, { range: 'bytes=0-4' });
        assert.equal(first.statusCode, 206);
        assert.equal(first.headers['content-range'], 'bytes 0-4/1000');
        assert.equal(first.headers['content-length'], '5');
        assert.equal(first.headers['content-type'], 'application/pdf');
        assert.equal(first.body, '%PDF-');

        const tail = await download('/api/volunteers/profile/cv', token, { range: 'bytes=-10' });
        assert.equal(tail.statusCode, 206);
        assert.equal(tail.headers['content-range'], 'bytes 990-999/1000');
        assert.ok(tail.rawPayload.equals(bytes.subarray(990)));

        const past = await download('/api/volunteers/profile/cv', token, { range: 'bytes=1000-' });
        assert.equal(past.statusCode, 416);
        assert.equal(past.headers['content-range'], 'bytes */1000');
        assert.match(past.json().message, /outside the file, which has 1000 bytes/);
        assert.equal(past.headers['content-disposition'], undefined, 'an error, not a download');

        const several = await download('/api/volunteers/profile/cv', token, { range: 'bytes=0-1,5-6' });
        assert.equal(several.statusCode, 200, 'several ranges: the whole file');
        assert.equal(several.rawPayload.length, 1000);
      });

      it('refuses the CV download without a CV (404), to companies (403) and without a token (401)', async () => {
        const { token } = await createVolunteer(ctx.db);
        const none = await download('/api/volunteers/profile/cv', token);
        assert.equal(none.statusCode, 404);
        assert.deepEqual(none.json(), { message: 'CV not found.' });
        const company = await createCompany(ctx.db);
        assert.equal((await download('/api/volunteers/profile/cv', company.token)).statusCode, 403);
        const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/volunteers/profile/cv' });
        assert.equal(anonymous.statusCode, 401);
      });

      it("serves a solution's attachment to its parties in byte ranges", async () => {
        const s = await assignmentScenario(ctx.db, { status: 'in_progress' });
        await ctx.db
          .updateTable('users')
          .set(await withPassword())
          .where('id', '=', s.company.user.id)
          .execute();
        const bytes = padded(pdfFile('The solution'), 6000);
        const submitted = await apiClient(ctx.app, s.volunteer.token).multipart(
          'POST',
          `/api/assignments/${s.assignment.id}/submit-solution`,
          fileForm('attachments[]', bytes, 'solution.pdf', {
            ...VALID_SOLUTION,
            hours_worked: String(VALID_SOLUTION.hours_worked),
          }),
        );
        assert.equal(submitted.statusCode, 303, submitted.body);
        const attachment = await ctx.db
          .selectFrom('submission_attachments')
          .innerJoin('submissions', 'submissions.id', 'submission_attachments.submission_id')
          .select('submission_attachments.id')
          .where('submissions.assignment_id', '=', s.assignment.id)
          .executeTakeFirstOrThrow();
        const owner = await signedIn(ctx.app, s.company.user.email);
        const get = (headers: Record<string, string>): Promise<LightMyRequestResponse> =>
          ctx.app.inject({
            method: 'GET',
            url: `/assignments/${s.assignment.id}/attachments/${attachment.id}`,
            headers: { cookie: cookieHeader(owner.cookies), ...headers },
          });

        const whole = await get({});
        assert.equal(whole.statusCode, 200);
        assert.equal(whole.headers['accept-ranges'], 'bytes');
        assert.ok(whole.rawPayload.equals(bytes));

        const middle = await get({ range: 'bytes=1000-2999' });
        assert.equal(middle.statusCode, 206);
        assert.equal(middle.headers['content-range'], 'bytes 1000-2999/6000');
        assert.equal(
          middle.headers['content-disposition'],
          'attachment; filename="solution.pdf"; filename*=UTF-8\'\'solution.pdf',
        );
        assert.ok(middle.rawPayload.equals(bytes.subarray(1000, 3000)));

        const resumed = await get({ range: 'bytes=5000-' });
        assert.equal(resumed.statusCode, 206);
        assert.ok(resumed.rawPayload.equals(bytes.subarray(5000)));

        assert.equal((await get({ range: 'bytes=6000-6001' })).statusCode, 416);
        assert.equal((await get({ range: 'bytes=0-10', 'if-range': '"stale"' })).statusCode, 200, 'If-Range: whole');
      });

      it('serves an uploaded company logo publicly', async () => {
        const { token } = await createCompany(ctx.db);
        const profile = await apiClient(ctx.app, token).multipart(
          'PUT',
          '/api/companies/profile',
          fileForm('logo', pngFile(), 'logo.png'),
        );
        const response = await ctx.app.inject({ method: 'GET', url: profile.data.logo_url });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'image/png');
        assert.ok(response.rawPayload.equals(pngFile()));
      });
    });
  }
}
