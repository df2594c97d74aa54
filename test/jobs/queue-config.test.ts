import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/database.ts';
import { createJobQueue } from '../../src/jobs/create-job-queue.ts';
import { maintenanceIntervalSeconds } from '../../src/jobs/pg-boss-queue.ts';

describe('queue configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    assert.deepEqual(
      [config.workerConcurrency, config.jobLeaseSeconds, config.jobRetryDelaySeconds, config.queueSchema],
      [2, 300, 5, 'pgboss'],
    );
  });

  it('reads the variables and refuses values the engines cannot take', () => {
    const config = loadConfig({
      WORKER_CONCURRENCY: '8',
      JOB_LEASE_SECONDS: '60',
      JOB_RETRY_DELAY_SECONDS: '2',
      QUEUE_SCHEMA: 'guild_jobs',
    });
    assert.deepEqual(
      [config.workerConcurrency, config.jobLeaseSeconds, config.jobRetryDelaySeconds, config.queueSchema],
      [8, 60, 2, 'guild_jobs'],
    );
    assert.throws(
      () =>
        loadConfig({
          WORKER_CONCURRENCY: '0',
          JOB_LEASE_SECONDS: String(24 * 3600),
          JOB_RETRY_DELAY_SECONDS: '0',
          QUEUE_SCHEMA: 'pg-boss; drop table users',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.deepEqual(
          error.problems.map((problem) => problem.split(' ')[0]),
          ['QUEUE_SCHEMA', 'WORKER_CONCURRENCY', 'JOB_LEASE_SECONDS', 'JOB_RETRY_DELAY_SECONDS'],
        );
        return true;
      },
    );
  });

  it('picks pg-boss on PostgreSQL and the jobs table on SQLite, without connecting', async () => {
    const sqlite = createDatabase({ url: 'sqlite::memory:' });
    assert.equal(createJobQueue(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), sqlite.db).engine, 'table');
    const postgres = loadConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.equal(createJobQueue(postgres, sqlite.db).engine, 'pg-boss');
    await sqlite.destroy();
  });

  it('looks for expired leases every half lease, at least every second and at most every minute', () => {
    assert.deepEqual([1, 2, 5, 300, 3600].map(maintenanceIntervalSeconds), [1, 1, 3, 60, 60]);
  });
});
