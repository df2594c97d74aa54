import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { JobRegistry } from '../../src/jobs/job-definition.ts';
import type { JobName } from '../../src/jobs/job-names.ts';
import type { JobWorker } from '../../src/jobs/job-queue.ts';
import { PgBossJobQueue } from '../../src/jobs/pg-boss-queue.ts';
import {
  createTestDatabase,
  createTestDatabaseInTempFolder,
  POSTGRES_URL,
  type TestDatabaseInTempFolder,
} from '../helpers/context.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { testRegistry } from './test-registry.ts';
import { waitFor } from './wait-for.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('pg-boss queue [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: TestDatabaseInTempFolder;
  let deps: AppDeps;
  let worker: JobWorker | null = null;

  before(async () => {
    database = await createTestDatabaseInTempFolder('postgres');
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: database.dataDir,
        QUEUE_SCHEMA: database.queueSchema,
        WORKER_POLL_MS: '20',
        JOB_LEASE_SECONDS: '2',
        JOB_RETRY_DELAY_SECONDS: '1',
      },
      { databaseUrl: database.url, dialect: 'postgres' },
    );
    deps = await createDeps(config, database);
    assert.equal(deps.queue.engine, 'pg-boss');
    await deps.queue.start(silent);
  });
  after(async () => {
    await deps.queue.stop();
    await database.close();
  });
  beforeEach(async () => {
    await worker?.stop();
    worker = null;
    await sql`delete from ${sql.id(database.queueSchema!, 'job')}`.execute(database.db);
  });

  /** A worker running `definitions`; with `only`, it leaves jobs of other names queued. */
  const run = async (definitions: Partial<JobRegistry<AppDeps>>, only?: readonly JobName[]) => {
    worker = await deps.queue.startWorker(testRegistry(definitions), deps, silent, { concurrency: 2, only });
    return worker;
  };

  it('queues a job with the transaction that caused it: none after a rollback, one after a commit', async () => {
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await deps.queue.enqueue(trx, 'idea.score', { ideaId: 1 });
        assert.equal((await queuedJobs({ deps }, 'idea.score')).length, 0, 'not visible before the commit');
        throw new Error('the write failed');
      }),
      /the write failed/,
    );
    assert.deepEqual(await queuedJobs({ deps }, 'idea.score'), []);

    const id = await database.db.transaction().execute((trx) => deps.queue.enqueue(trx, 'idea.score', { ideaId: 2 }));
    assert.deepEqual(await queuedJobs({ deps }, 'idea.score'), [{ id, payload: { ideaId: 2 }, status: 'pending' }]);
  });

  it('runs each queued job once and marks it completed', async () => {
    const seen: number[] = [];
    for (const ideaId of [1, 2, 3]) await deps.queue.enqueue(database.db, 'idea.score', { ideaId });
    await run({ 'idea.score': { handle: async (_deps, payload) => void seen.push(payload.ideaId) } });
    const jobs = await waitFor('three completed jobs', async () => {
      const all = await queuedJobs({ deps }, 'idea.score');
      return all.every((job) => job.status === 'completed') && all;
    });
    assert.equal(jobs.length, 3);
    assert.deepEqual(
      seen.toSorted((a, b) => a - b),
      [1, 2, 3],
    );
  });

  it('retries with backoff, runs onFailed once after the last attempt, and re-runs the job on retry', async () => {
    const attempts: number[] = [];
    const failures: string[] = [];
    let healthy = false;
    const id = await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 9 }, { maxAttempts: 3 });
    await run({
      'idea.score': {
        handle: async () => {
          attempts.push(Date.now());
          if (!healthy) throw new Error('model unavailable');
        },
        onFailed: async (_deps, payload, error) => void failures.push(`${payload.ideaId}: ${error.split('\n')[0]}`),
      },
    });
    await waitFor('onFailed', async () => failures.length > 0, 30_000);
    assert.equal(attempts.length, 3);
    // JOB_RETRY_DELAY_SECONDS=1 doubles per retry, with up to 100% jitter: 1–2 s, then 2–4 s.
    const gaps = attempts.slice(1).map((at, index) => at - attempts[index]);
    assert.ok(gaps[0] >= 900 && gaps[1] >= 1900, `retry gaps ${gaps.join(', ')} ms`);
    assert.deepEqual(failures, ['9: Error: model unavailable']);

    const failed = await deps.queue.listFailed();
    assert.equal(failed.length, 1);
    assert.deepEqual(
      { ...failed[0], failedAt: typeof failed[0].failedAt, lastError: failed[0].lastError?.split('\n')[0] },
      {
        id,
        name: 'idea.score',
        attempts: 3,
        maxAttempts: 3,
        failedAt: 'string',
        lastError: 'Error: model unavailable',
      },
    );

    assert.equal(await deps.queue.retry({ id: '42' }), 0, 'a number is no pg-boss job id');
    healthy = true;
    assert.equal(await deps.queue.retry({ id }), 1);
    await waitFor('the retried job to complete', async () =>
      (await queuedJobs({ deps }, 'idea.score')).every((job) => job.status === 'completed'),
    );
    assert.equal(attempts.length, 4);
    assert.deepEqual(await deps.queue.listFailed(), []);
    assert.equal(failures.length, 1, 'onFailed is not run again for a job that then succeeded');
  });

  it('hands a job to another worker when its lease runs out, and runs onFailed if that was its last attempt', async () => {
    const retried = await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 1 });
    const last = await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 2 }, { maxAttempts: 1 });
    // A worker that takes both jobs and dies: they stay active until their 2-second lease runs out.
    const dying = new PgBoss({ connectionString: database.url, schema: database.queueSchema, supervise: false });
    await dying.start();
    assert.equal((await dying.fetch('idea.score', { batchSize: 2 })).length, 2);
    await dying.stop({ graceful: false, close: true });

    const handled: number[] = [];
    const failures: string[] = [];
    await run({
      'idea.score': {
        handle: async (_deps, payload) => void handled.push(payload.ideaId),
        onFailed: async (_deps, payload, error) => void failures.push(`${payload.ideaId}: ${error}`),
      },
    });
    const statusOf = async (id: string) =>
      (await queuedJobs({ deps }, 'idea.score')).find((job) => job.id === id)?.status;
    await waitFor('the retried job to complete', async () => (await statusOf(retried)) === 'completed');
    await waitFor('onFailed of the job that had no attempt left', async () => failures.length > 0);
    assert.deepEqual(handled, [1]);
    assert.deepEqual(failures, ['2: job failed by timeout in active state']);
    assert.equal(await statusOf(last), 'failed');
  });

  it('leaves the jobs it was not asked to run queued, and starts a delayed job no earlier than asked', async () => {
    await deps.queue.enqueue(database.db, 'task.match', { taskId: 3 });
    const runAt = new Date(Date.now() + 1500);
    await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 4 }, { runAt });
    let ranAt = 0;
    await run({ 'idea.score': { handle: async () => void (ranAt = Date.now()) } }, ['idea.score']);
    await waitFor('the delayed job', async () => ranAt > 0);
    assert.ok(ranAt >= runAt.getTime(), `ran ${runAt.getTime() - ranAt} ms early`);
    assert.deepEqual(
      (await queuedJobs({ deps }, 'task.match')).map((job) => job.status),
      ['pending'],
    );
  });

  it('fails a job whose payload does not match its schema at once: no retry, no onFailed follow-up', async () => {
    const ran: unknown[] = [];
    // As a job of an older version, or one written by hand, would be: the types do not hold at run time.
    const invalid = await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 'seven' } as never);
    const valid = await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 8 });
    await run({
      'idea.score': {
        handle: async (_deps, payload) => void ran.push(payload),
        onFailed: async (_deps, payload) => void ran.push(['onFailed', payload]),
      },
    });
    const statusOf = async (id: string) =>
      (await queuedJobs({ deps }, 'idea.score')).find((job) => job.id === id)?.status;
    await waitFor('the invalid job to fail', async () => (await statusOf(invalid)) === 'failed');
    await waitFor('the valid job to complete', async () => (await statusOf(valid)) === 'completed');

    const message = 'The payload of this idea.score job is invalid (/ideaId must be integer): {"ideaId":"seven"}.';
    const failed = await deps.queue.listFailed();
    assert.deepEqual(
      failed.map((job) => ({ ...job, failedAt: typeof job.failedAt })),
      [{ id: invalid, name: 'idea.score', attempts: 1, maxAttempts: 1, failedAt: 'string', lastError: message }],
    );
    const { rows: followUps } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.id(database.queueSchema!, 'job')} where name = 'idea.score.on-failed'
    `.execute(database.db);
    assert.equal(followUps[0].count, 0, 'no onFailed follow-up was queued');
    assert.deepEqual(ran, [{ ideaId: 8 }], 'only the valid job reached its handler');
  });

  it('refuses to start with a registry that lacks a job', async () => {
    const { 'volunteer.match': _left, ...incomplete } = testRegistry({});
    await assert.rejects(deps.queue.startWorker(incomplete as unknown as JobRegistry<AppDeps>, deps, silent), {
      message:
        'The job registry has no definition for volunteer.match: every job in src/jobs/job-names.ts needs exactly one definition.',
    });
  });

  it('installs itself when several processes start at once on a fresh database', async () => {
    const fresh = await createTestDatabase('postgres', database.dataDir);
    const config = loadConfig({ QUEUE_SCHEMA: fresh.queueSchema }, { databaseUrl: fresh.url, dialect: 'postgres' });
    const queues = [1, 2, 3, 4].map(() => new PgBossJobQueue(config));
    try {
      // pg-boss's create_queue deadlocks when run concurrently; each start must still succeed.
      await Promise.all(queues.map((queue) => queue.start(silent)));
      const id = await queues[3].enqueue(fresh.db, 'volunteer.analyze-cv', { volunteerId: 1 });
      assert.match(id, /^[0-9a-f-]{36}$/);
    } finally {
      for (const queue of queues) await queue.stop();
      await fresh.close();
    }
  });

  it('stops after the running jobs finished', async () => {
    let finished = false;
    await deps.queue.enqueue(database.db, 'idea.score', { ideaId: 1 });
    let started = false;
    const stopping = await run({
      'idea.score': {
        handle: async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      },
    });
    await waitFor('the job to start', async () => started);
    await stopping.stop();
    assert.equal(finished, true);
    const [job] = await queuedJobs({ deps }, 'idea.score');
    assert.equal(job.status, 'completed');
  });
});
