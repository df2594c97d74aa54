import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { PERIODIC_JOBS } from '../../src/jobs/job-names.ts';
import { startPeriodicJobs } from '../../src/jobs/periodic-jobs.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { waitFor } from './wait-for.ts';

const silent = { info() {}, warn() {}, error() {} };

/** The periodic jobs (src/jobs/periodic-jobs.ts) are queued at start and then once per period, on either engine. */
for (const dialect of testDialects()) {
  describe(`periodic jobs [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('queues the expired-key purge at once and then every hour', async () => {
      assert.deepEqual(PERIODIC_JOBS['idempotency.purge-expired'], { everySeconds: 3600 });
      const purges = async (count: number) =>
        (await queuedJobs(ctx, 'idempotency.purge-expired')).length === count || undefined;
      mock.timers.enable({ apis: ['setInterval'] });
      const periodic = startPeriodicJobs(ctx.deps.queue, ctx.db, silent);
      try {
        await waitFor('the first purge', () => purges(1));
        mock.timers.tick(3600_000);
        await waitFor('the purge of the next hour', () => purges(2));
        assert.deepEqual((await queuedJobs(ctx, 'idempotency.purge-expired'))[1].payload, {});
      } finally {
        periodic.stop();
        mock.timers.reset();
      }
    });
  });
}
