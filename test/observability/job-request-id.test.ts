import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { captureLog } from '../helpers/log-capture.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

type LogLine = { msg?: string; reqId?: string; job?: string; req?: { url?: string } };

/**
 * The request id (`reqId`, also sent as X-Request-Id) goes with the jobs a request queues: stored with the job, on the
 * worker's log lines for it, and on the jobs that job queues in turn.
 */
for (const dialect of testDialects()) {
  describe(`Request id carried into jobs [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { LOG_LEVEL: 'info' });
    });
    after(() => ctx.close());

    it("is stored with the job a CV upload queues and logged on the worker's lines for it and its follow-up", async () => {
      const { token } = await createVolunteer(ctx.db);
      let requestId = '';
      const lines = (
        await captureLog(ctx.app, async () => {
          const uploaded = await apiClient(ctx.app, token).multipart(
            'POST',
            '/api/volunteers/upload-cv',
            fileForm('cv', docxFile('Jane Doe. Skills: Python, PostgreSQL.'), 'cv.docx'),
          );
          assert.equal(uploaded.statusCode, 200, uploaded.body);
          requestId = String(uploaded.headers['x-request-id']);
          const [job] = await queuedJobs(ctx, 'volunteer.analyze-cv');
          assert.equal(job.reqId, requestId, 'stored with the job');
          await runQueuedJobs(ctx, { log: ctx.app.log });
        })
      ).map((line) => JSON.parse(line) as LogLine);

      const incoming = lines.find(
        (line) => line.msg === 'incoming request' && line.req?.url === '/api/volunteers/upload-cv',
      );
      assert.equal(incoming?.reqId, requestId, 'the request logs its id as reqId');
      const jobLines = lines.filter((line) => line.msg === 'job completed');
      assert.deepEqual(
        jobLines.map((line) => [line.job, line.reqId]),
        [
          ['volunteer.analyze-cv', requestId],
          ['volunteer.match', requestId],
        ],
      );
      const [match] = await queuedJobs(ctx, 'volunteer.match');
      assert.equal(match.reqId, requestId);
    });

    it('queues jobs without an id outside a request, and the worker logs none', async () => {
      await ctx.deps.queue.enqueue(ctx.db, 'task.match', { taskId: 999_999 });
      const [job] = await queuedJobs(ctx, 'task.match');
      assert.deepEqual(job.payload, { taskId: 999_999 });
      assert.equal(job.reqId, undefined);
      const lines = (await captureLog(ctx.app, () => runQueuedJobs(ctx, { log: ctx.app.log }))).map(
        (line) => JSON.parse(line) as LogLine,
      );
      const done = lines.find((line) => line.msg === 'job completed' && line.job === 'task.match');
      assert.ok(done, lines.join('\n'));
      assert.equal(done.reqId, undefined);
    });
  });
}
