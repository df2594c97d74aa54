import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { JobWorker } from '../../src/jobs/job-queue.ts';
import { testDialects } from '../helpers/context.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { testRegistry } from '../jobs/test-registry.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { type CliWorld, createCliWorld } from './cli-harness.ts';

const FAILURE = 1;
const silent = { info() {}, warn() {}, error() {} };

/** `guild jobs:failed` and `guild jobs:retry` (child processes) on the engine of each database: table or pg-boss. */
for (const dialect of testDialects()) {
  describe(`guild jobs commands [${dialect}]`, () => {
    let world: CliWorld;
    let deps: AppDeps;
    let worker: JobWorker | null = null;

    before(async () => {
      world = await createCliWorld(dialect);
      const migrated = await world.guild(['migrate']);
      assert.equal(migrated.code, 0, migrated.stderr);
      const config = loadConfig({ ...world.env, WORKER_POLL_MS: '20' });
      deps = await createDeps(config, { db: world.db, dialect });
      await deps.queue.start(silent);
    });
    after(async () => {
      await worker?.stop();
      await deps.queue.stop();
      await world.close();
    });

    const timedOut = async () => {
      throw new Error('provider timed out');
    };
    const registry = testRegistry({
      'challenge.analyze': { handle: timedOut },
      'idea.score': { handle: timedOut },
      'task.match': { handle: async () => {} },
    });

    /** Waits until the worker failed the job that `queueing` queued (with a single attempt). */
    async function failed(queueing: Promise<string>) {
      const id = await queueing;
      await waitFor(`job ${id} to fail`, async () => (await deps.queue.listFailed()).some((job) => job.id === id));
      return id;
    }

    it('lists the jobs that failed for good, newest first, and puts them back in the queue', async () => {
      worker = await deps.queue.startWorker(registry, deps, silent, { concurrency: 1 });
      const once = { maxAttempts: 1 };
      const analyze = await failed(deps.queue.enqueue(world.db, 'challenge.analyze', { challengeId: 1 }, once));
      const score = await failed(deps.queue.enqueue(world.db, 'idea.score', { ideaId: 2 }, once));
      const done = await deps.queue.enqueue(world.db, 'task.match', { taskId: 3 });
      await waitFor('task.match to complete', async () =>
        (await queuedJobs({ deps }, 'task.match')).every((job) => job.status === 'completed'),
      );
      await worker.stop();
      worker = null;

      const listed = await world.guild(['jobs:failed']);
      assert.equal(listed.code, 0, listed.stderr);
      const lines = listed.stdout.trimEnd().split('\n');
      assert.match(lines[0], /^ID\s+NAME\s+ATTEMPTS\s+FAILED AT\s+LAST ERROR$/);
      assert.equal(lines.length, 3);
      assert.match(lines[1], new RegExp(`^${score}\\s+idea\\.score\\s+1/1\\s+\\S+Z\\s+Error: provider timed out$`));
      assert.match(lines[2], new RegExp(`^${analyze}\\s+challenge\\.analyze\\s+1/1\\s`));
      assert.doesNotMatch(listed.stdout, /jobs-commands\.test\.ts|task\.match/, 'one line per job, no stack');

      const one = await world.guild(['jobs:retry', '--id', analyze.toUpperCase()]);
      assert.equal(one.code, 0, one.stderr);
      assert.match(one.stdout, /Requeued 1 failed job\./);
      assert.deepEqual(
        (await queuedJobs({ deps }, 'challenge.analyze')).map((job) => job.status),
        ['pending'],
      );
      assert.deepEqual(
        (await deps.queue.listFailed()).map((job) => job.id),
        [score],
      );

      const notFailed = await world.guild(['jobs:retry', '--id', done]);
      assert.equal(notFailed.code, FAILURE);
      assert.match(notFailed.stderr, new RegExp(`No failed job has the id ${done}\\.`));

      assert.match((await world.guild(['jobs:retry', '--all'])).stdout, /Requeued 1 failed job\./);
      assert.match((await world.guild(['jobs:failed'])).stdout, /^No failed jobs\.$/m);
      assert.match((await world.guild(['jobs:retry', '--all'])).stdout, /No failed jobs to retry\./);
    });

    it('answers an id of the other engine as no such job', async () => {
      const other = dialect === 'postgres' ? '42' : '8d3f0c3e-8f0e-4c1e-9d55-2f3b0f6a7c11';
      const result = await world.guild(['jobs:retry', '--id', other]);
      assert.equal(result.code, FAILURE);
      assert.match(result.stderr, new RegExp(`No failed job has the id ${other}\\.`));
    });
  });
}
