import assert from 'node:assert/strict';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { AppDeps } from '../../src/app-deps.ts';
import { serveWorkerMetrics } from '../../src/observability/worker-metrics.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { testRegistry } from '../jobs/test-registry.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { parseMetrics } from './scrape.ts';

const TOKEN = 'worker-metrics-token-for-tests';
const silent = { info() {}, warn() {}, error() {} };

/**
 * A worker process's metrics listener (METRICS_PORT), here on a port the system picks (the configuration refuses 0,
 * which means "no listener"): the token rule of the API's /metrics, and the job runs of the worker beside it. The
 * listener does not depend on the database engine: one run.
 */
describe('Worker metrics listener [sqlite]', () => {
  let ctx: TestContext;
  let deps: AppDeps;
  let server: http.Server | null;
  let url: string;

  before(async () => {
    ctx = await createTestContext('sqlite', { METRICS_TOKEN: TOKEN, WORKER_POLL_MS: '20', HOST: '127.0.0.1' });
    deps = { ...ctx.deps, config: { ...ctx.deps.config, metrics: { token: TOKEN, port: 0 } } };
    server = await serveWorkerMetrics(deps, silent);
    assert.ok(server);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  after(async () => {
    server?.close();
    await ctx.close();
  });

  it('serves the job runs of its worker to the token holder only, and nothing else', async () => {
    const worker = await deps.queue.startWorker(
      testRegistry({ 'task.match': { handle: async () => {} } }),
      deps,
      silent,
      {
        only: ['task.match'],
        observer: deps.metrics,
      },
    );
    await deps.queue.enqueue(deps.db, 'task.match', { taskId: 1 });
    try {
      await waitFor('the job to run', async () => (await deps.queue.countJobs(['completed'])).length === 1);
    } finally {
      await worker.stop();
    }

    const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(scraped.status, 200);
    assert.match(String(scraped.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
    const metrics = parseMetrics(await scraped.text());
    assert.equal(metrics.value('guild_job_duration_seconds_count', { name: 'task.match', outcome: 'completed' }), 1);

    const anonymous = await fetch(url);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer realm="metrics"');
    assert.doesNotMatch(await anonymous.text(), /guild_/);
    assert.equal((await fetch(url, { headers: { authorization: 'Bearer not-the-token' } })).status, 401);
    assert.equal((await fetch(new URL('/other', url), { headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
  });

  it('is not started without METRICS_TOKEN or without METRICS_PORT', async () => {
    assert.equal(await serveWorkerMetrics(ctx.deps, silent), null, 'no METRICS_PORT');
    const noToken = { ...ctx.deps, config: { ...ctx.deps.config, metrics: { token: null, port: 0 } } };
    assert.equal(await serveWorkerMetrics(noToken, silent), null);
  });
});
