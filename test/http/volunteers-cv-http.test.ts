import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { docFile, docxFile, fileForm, filesUnder, pdfFile, pngFile } from '../helpers/file-fixtures.ts';

const MiB = 1024 * 1024;
const CHUNK = 256 * 1024;

/** CV uploads over a real socket: what a client sees, and what the server keeps on disk while it reads. */
for (const dialect of testDialects()) {
  describe(`CV upload over HTTP [${dialect}]`, () => {
    let ctx: TestContext;
    let baseUrl: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    after(() => ctx.close());

    const tempDir = () => path.join(ctx.dataDir, 'tmp');
    const headers = (token: string) => ({ accept: 'application/json', authorization: `Bearer ${token}` });
    const largestTempFile = () =>
      Math.max(0, ...filesUnder(tempDir()).map((file) => fs.statSync(path.join(tempDir(), file)).size));

    it('answers 422 on cv to a 50 MB upload, never holding more than the limit, and keeps nothing', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const boundary = 'guild-boundary-7f3a';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="huge.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const fileBytes = 50 * 1000 * 1000;
      let sent = 0;
      let largestSeen = 0;
      // The body is produced chunk by chunk as the socket drains, so between chunks the server has read what came
      // before: sampling the temp folder there sees the file as the server writes it.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
        },
        pull(controller) {
          largestSeen = Math.max(largestSeen, largestTempFile());
          if (sent >= fileBytes) {
            controller.enqueue(tail);
            controller.close();
            return;
          }
          const chunk = sent === 0 ? pdfFile() : Buffer.alloc(Math.min(CHUNK, fileBytes - sent), 0x20);
          controller.enqueue(chunk);
          sent += chunk.length;
        },
      });
      const response = await fetch(`${baseUrl}/api/volunteers/upload-cv`, {
        method: 'POST',
        headers: { ...headers(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit);
      assert.equal(response.status, 422);
      assert.deepEqual(await response.json(), {
        message: '"huge.pdf" is larger than 10 MB. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.',
        errors: { cv: ['"huge.pdf" is larger than 10 MB. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.'] },
      });
      assert.ok(sent >= fileBytes, 'the server read the whole request instead of cutting the client off');
      assert.ok(largestSeen > MiB, `the temp file was observed while it grew (${largestSeen} bytes)`);
      assert.ok(largestSeen <= 10 * MiB, `the temp file stayed within the limit (${largestSeen} bytes)`);
      assert.deepEqual(filesUnder(tempDir()), []);
      assert.deepEqual(filesUnder(ctx.deps.config.storageDir), []);
      const row = await ctx.db.selectFrom('volunteers').selectAll().where('id', '=', volunteer.id).executeTakeFirst();
      assert.equal(row?.cv_storage_key, null);
      assert.equal(row?.reputation_score, 0);
    });

    it('refuses PNG bytes named .pdf and accepts a real small PDF, DOCX and DOC', async () => {
      const { token } = await createVolunteer(ctx.db);
      const send = (bytes: Buffer, name: string) =>
        fetch(`${baseUrl}/api/volunteers/upload-cv`, {
          method: 'POST',
          headers: headers(token),
          body: fileForm('cv', bytes, name),
        });
      const disguised = await send(pngFile(), 'cv.pdf');
      assert.equal(disguised.status, 422);
      assert.deepEqual(((await disguised.json()) as { errors: unknown }).errors, {
        cv: ['"cv.pdf" is not a PDF, DOC or DOCX file. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.'],
      });
      for (const [bytes, name] of [
        [pdfFile(), 'cv.pdf'],
        [docxFile(), 'cv.docx'],
        [docFile(), 'cv.doc'],
      ] as const) {
        const response = await send(bytes, name);
        assert.equal(response.status, 200, name);
        assert.equal(((await response.json()) as { cv: { file_name: string } }).cv.file_name, name);
      }
      assert.deepEqual(filesUnder(tempDir()), []);
    });
  });
}
