import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { testRegistry } from '../jobs/test-registry.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';
import { scrape } from './scrape.ts';

const TOKEN = 'metrics-token-for-the-tests';
const silent = { info() {}, warn() {}, error() {} };
const REQUESTS = 'guild_http_request_duration_seconds_count';
const JOB_RUNS = 'guild_job_duration_seconds_count';

/** `GET /metrics`: off without METRICS_TOKEN, 401 without it, and real values that move with real requests and jobs. */
for (const dialect of testDialects()) {
  describe(`Metrics off [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers 404 when METRICS_TOKEN is not set, with or without a token', async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        assert.equal(response.statusCode, 404);
        assert.match(response.body, /Metrics are off: set METRICS_TOKEN/);
      }
    });
  });

  describe(`Metrics [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, { METRICS_TOKEN: TOKEN, WORKER_POLL_MS: '50' });
    });
    after(() => ctx.close());

    it('answers 401 with a challenge without the token or with another one', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        assert.equal(response.statusCode, 401, `${authorization}`);
        assert.equal(response.headers['www-authenticate'], 'Bearer realm="metrics"');
        assert.doesNotMatch(response.body, /guild_/);
      }
    });

    it('counts requests per route pattern and status, never per raw URL, with the process metrics', async () => {
      const before = await scrape(ctx.app, TOKEN);
      const { token } = await createVolunteer(ctx.db);
      const api = apiClient(ctx.app, token);
      for (let i = 0; i < 3; i++) assert.equal((await api.get('/api/health')).statusCode, 200);
      assert.equal((await api.get('/api/challenges/987654')).statusCode, 404);
      assert.equal((await apiClient(ctx.app).get('/api/user')).statusCode, 401);
      assert.equal((await api.get('/no/such/page/4711')).statusCode, 404);

      const after = await scrape(ctx.app, TOKEN);
      const moved = (labels: Record<string, string>) => after.value(REQUESTS, labels) - before.value(REQUESTS, labels);
      assert.equal(moved({ method: 'GET', route: '/api/health', status_code: '200' }), 3);
      assert.equal(moved({ method: 'GET', route: '/api/challenges/:id', status_code: '404' }), 1);
      assert.equal(moved({ method: 'GET', route: '/api/user', status_code: '401' }), 1);
      assert.equal(moved({ method: 'GET', route: '(unmatched)', status_code: '404' }), 1);
      // Only the labels are looked at: a sample's value (a byte count, a duration) may hold these digits by chance.
      assert.doesNotMatch(after.text, /\{[^}\n]*(?:987654|4711)[^}\n]*\}/, 'no raw URL becomes a label');
      const latency = { method: 'GET', route: '/api/health', status_code: '200', le: '+Inf' };
      assert.ok(after.value('guild_http_request_duration_seconds_bucket', latency) >= 3, 'a latency histogram');
      assert.ok(after.value('process_cpu_user_seconds_total') > 0, 'the default process metrics are there');
      assert.match(after.text, /^nodejs_eventloop_lag_seconds /m);
      if (dialect === 'postgres') {
        assert.ok(after.value('guild_db_pool_connections', { state: 'total' }) >= 1, 'the pool is watched');
      } else {
        assert.doesNotMatch(after.text, /^guild_db_pool_connections\{/m, 'SQLite has no pool');
      }
    });

    it('shows the queue depth, then the job runs and the analysis outcome of a CV upload', async () => {
      const { token } = await createVolunteer(ctx.db);
      const uploaded = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', docxFile('Jane Doe. Skills: Python, PostgreSQL, project management.'), 'cv.docx'),
      );
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const queued = await scrape(ctx.app, TOKEN);
      assert.equal(queued.value('guild_jobs', { name: 'volunteer.analyze-cv', state: 'pending' }), 1);

      await runQueuedJobs(ctx, { observer: ctx.deps.metrics });
      const ran = await scrape(ctx.app, TOKEN);
      assert.equal(ran.value('guild_jobs', { name: 'volunteer.analyze-cv', state: 'pending' }), 0);
      assert.equal(ran.value(JOB_RUNS, { name: 'volunteer.analyze-cv', outcome: 'completed' }), 1);
      assert.equal(ran.value(JOB_RUNS, { name: 'volunteer.match', outcome: 'completed' }), 1, 'its follow-up');
      assert.equal(ran.value('guild_analysis_runs_total', { stage: 'cv', outcome: 'succeeded' }), 1);
    });

    it('counts failed job runs per job name, and the jobs that failed for good', async () => {
      const id = await ctx.deps.queue.enqueue(ctx.db, 'idea.score', { ideaId: 1 }, { maxAttempts: 1 });
      const failing = testRegistry({
        'idea.score': {
          handle: async () => {
            throw new Error('the scorer is away');
          },
        },
      });
      const worker = await ctx.deps.queue.startWorker(failing, ctx.deps, silent, {
        only: ['idea.score'],
        observer: ctx.deps.metrics,
      });
      try {
        await waitFor('the job to fail', async () => (await ctx.deps.queue.listFailed()).some((job) => job.id === id));
      } finally {
        await worker.stop();
      }
      const failed = await scrape(ctx.app, TOKEN);
      assert.equal(failed.value(JOB_RUNS, { name: 'idea.score', outcome: 'failed' }), 1);
      assert.equal(failed.value('guild_jobs', { name: 'idea.score', state: 'failed' }), 1);
    });
  });
}
