import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNREADABLE_MESSAGES } from '../../src/ai/text/index.ts';
import { docxBomb, pdfBomb } from '../helpers/bombs.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { fileForm } from '../helpers/file-fixtures.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

/**
 * A decompression bomb uploaded as a CV (docs/security.md, "Documents"): the upload is accepted like any CV (its
 * bytes are a DOCX or PDF), and its analysis ends as `failed` with the sentence that says the file unpacks to too
 * much, while the process that reads it stays within its memory budget.
 */
const GiB = 1024 * 1024 * 1024;
const RSS_GROWTH_LIMIT = 300 * 1024 * 1024;

for (const dialect of testDialects()) {
  describe(`a CV that is a decompression bomb [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    for (const [fileName, bomb] of [
      ['bomb.docx', () => docxBomb(1.1 * GiB)],
      ['bomb.pdf', () => pdfBomb(1.1 * GiB)],
    ] as const) {
      it(`fails the analysis of ${fileName} with a clear reason, the server's memory bounded`, async () => {
        const person = await createVolunteer(ctx.db);
        const client = apiClient(ctx.app, person.token);
        const upload = await client.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bomb(), fileName));
        assert.equal(upload.statusCode, 200, upload.body);
        assert.equal(upload.data.ai_analysis_status, 'pending');

        const baseline = process.memoryUsage.rss();
        let peak = baseline;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage.rss());
        }, 5);
        try {
          await runQueuedJobs(ctx);
        } finally {
          clearInterval(sampler);
        }
        const growth = peak - baseline;
        assert.ok(growth < RSS_GROWTH_LIMIT, `RSS grew by ${Math.round(growth / 1024 / 1024)} MB`);

        const profile = (await client.get('/api/volunteers/profile')).data;
        assert.equal(profile.ai_analysis_status, 'failed');
        assert.equal(profile.ai_analysis_error, UNREADABLE_MESSAGES.expands_too_much);
      });
    }
  });
}
