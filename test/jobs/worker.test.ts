import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { JobRegistry } from '../../src/jobs/job-definition.ts';
import type { JobName, JobPayloads } from '../../src/jobs/job-names.ts';
import type { EnqueueOptions } from '../../src/jobs/job-queue.ts';
import { TableJobQueue } from '../../src/jobs/table-queue.ts';
import { backoffMs, startWorker } from '../../src/jobs/worker.ts';
import { createTestDatabaseInTempFolder, type TestDatabaseInTempFolder, testDialects } from '../helpers/context.ts';
import { testRegistry } from './test-registry.ts';

const silent = { info() {}, warn() {}, error() {} };

/**
 * The table queue's worker (the engine on SQLite). It runs on PostgreSQL too (claims skip locked rows there), so it
 * is tested on both.
 */
for (const dialect of testDialects()) {
  describe(`table queue worker [${dialect}]`, () => {
    let database: TestDatabaseInTempFolder;
    let deps: AppDeps;
    let queue: TableJobQueue;

    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, WORKER_POLL_MS: '60000' });
      queue = new TableJobQueue(database.db);
      deps = { ...(await createDeps(config, database)), queue };
    });
    after(async () => {
      await database.close();
    });
    beforeEach(async () => {
      await database.db.deleteFrom('jobs').execute();
    });

    const enqueue = async <N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions) =>
      Number(await queue.enqueue(database.db, name, payload, options));
    const jobRow = (id: number) =>
      database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('runs a queued job once and marks it completed', async () => {
      const seen: number[] = [];
      const handlers: Partial<JobRegistry<AppDeps>> = {
        'idea.score': { handle: async (_deps, payload) => void seen.push(payload.ideaId) },
      };
      const id = await enqueue('idea.score', { ideaId: 7 });
      const worker = startWorker(testRegistry(handlers), deps, silent);
      assert.equal(await worker.drain(), 1);
      await worker.stop();
      assert.deepEqual(seen, [7]);
      const row = await jobRow(id);
      assert.equal(row.status, 'completed');
      assert.equal(row.attempts, 1);
      assert.ok(row.completed_at);
    });

    it('retries a failing job later with backoff, then fails it for good after max attempts', async () => {
      const failures: string[] = [];
      const handlers: Partial<JobRegistry<AppDeps>> = {
        'idea.score': {
          handle: async () => {
            throw new Error('model unavailable');
          },
          onFailed: async (_deps, payload, error) => void failures.push(`${payload.ideaId}: ${error.split('\n')[0]}`),
        },
      };
      const id = await enqueue('idea.score', { ideaId: 1 }, { maxAttempts: 2 });
      const worker = startWorker(testRegistry(handlers), deps, silent);
      await worker.drain();
      let row = await jobRow(id);
      assert.equal(row.status, 'pending');
      assert.equal(row.attempts, 1);
      assert.match(row.last_error ?? '', /model unavailable/);
      assert.ok(Date.parse(row.run_at) > Date.now() + backoffMs(1) - 2000, 'the retry waits for the backoff');
      assert.equal(await worker.drain(), 0, 'not due yet');

      await database.db
        .updateTable('jobs')
        .set({ run_at: new Date(0).toISOString() })
        .where('id', '=', id)
        .execute();
      await worker.drain();
      await worker.stop();
      row = await jobRow(id);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 2);
      assert.deepEqual(failures, ['1: Error: model unavailable'], 'onFailed runs once, after the last attempt');
      const [failed] = await queue.listFailed();
      assert.deepEqual(
        { ...failed, lastError: failed.lastError?.split('\n')[0] },
        {
          id: String(id),
          name: 'idea.score',
          attempts: 2,
          maxAttempts: 2,
          failedAt: row.updated_at,
          lastError: 'Error: model unavailable',
        },
      );

      assert.equal(await queue.retry({ id: 'not-a-number' }), 0);
      assert.equal(await queue.retry({ id: String(id) }), 1);
      row = await jobRow(id);
      assert.equal(row.status, 'pending');
      assert.equal(row.attempts, 0);
    });

    it('leaves the jobs it was not asked to run queued', async () => {
      const id = await enqueue('task.match', { taskId: 3 });
      const worker = startWorker(testRegistry({ 'idea.score': { handle: async () => {} } }), deps, silent, {
        only: ['idea.score'],
      });
      assert.equal(await worker.drain(), 0);
      await worker.stop();
      assert.equal((await jobRow(id)).status, 'pending');
    });

    it('takes over a job whose worker died (lease expired), but not one still leased', async () => {
      const expired = await enqueue('idea.score', { ideaId: 1 });
      const leased = await enqueue('idea.score', { ideaId: 2 });
      const past = new Date(Date.now() - 1000).toISOString();
      const future = new Date(Date.now() + 60_000).toISOString();
      await database.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: 'dead', locked_until: past, attempts: 1 })
        .where('id', '=', expired)
        .execute();
      await database.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: 'alive', locked_until: future, attempts: 1 })
        .where('id', '=', leased)
        .execute();
      const seen: number[] = [];
      const worker = startWorker(
        testRegistry({ 'idea.score': { handle: async (_d, p) => void seen.push(p.ideaId) } }),
        deps,
        silent,
      );
      await worker.drain();
      await worker.stop();
      assert.deepEqual(seen, [1]);
      assert.equal((await jobRow(expired)).status, 'completed');
      assert.equal((await jobRow(expired)).attempts, 2);
      assert.equal((await jobRow(leased)).status, 'running');
    });

    it('two workers draining the same queue run every job exactly once', async () => {
      const count = 40;
      for (let i = 1; i <= count; i++) await enqueue('idea.score', { ideaId: i });
      const runs = new Map<number, number>();
      const handlers: Partial<JobRegistry<AppDeps>> = {
        'idea.score': {
          handle: async (_d, p) => {
            runs.set(p.ideaId, (runs.get(p.ideaId) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
        },
      };
      const first = startWorker(testRegistry(handlers), deps, silent);
      const second = startWorker(testRegistry(handlers), deps, silent);
      const [a, b] = await Promise.all([first.drain(), second.drain()]);
      await Promise.all([first.stop(), second.stop()]);
      assert.equal(a + b, count);
      assert.ok(a > 0 && b > 0, `both workers took jobs (${a} and ${b})`);
      assert.equal(runs.size, count);
      assert.ok([...runs.values()].every((n) => n === 1));
    });

    it('polls on its own when started', async () => {
      const id = await enqueue('idea.score', { ideaId: 5 });
      const polling = { ...deps, config: { ...deps.config, workerPollMs: 10 } };
      const worker = startWorker(testRegistry({ 'idea.score': { handle: async () => {} } }), polling, silent);
      for (let i = 0; i < 100 && (await jobRow(id)).status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await worker.stop();
      assert.equal((await jobRow(id)).status, 'completed');
    });

    it('holds a running job for JOB_LEASE_SECONDS and waits JOB_RETRY_DELAY_SECONDS before a retry', async () => {
      const config = loadConfig({ NODE_ENV: 'test', JOB_LEASE_SECONDS: '7', JOB_RETRY_DELAY_SECONDS: '2' });
      const tuned = { ...deps, config: { ...config, workerPollMs: 60_000 } };
      const id = await enqueue('idea.score', { ideaId: 1 });
      let lockedUntil = '';
      const worker = startWorker(
        testRegistry({
          'idea.score': {
            handle: async () => {
              lockedUntil = (await jobRow(id)).locked_until ?? '';
              throw new Error('try again');
            },
          },
        }),
        tuned,
        silent,
      );
      const started = Date.now();
      await worker.drain();
      await worker.stop();
      const lease = Date.parse(lockedUntil) - started;
      assert.ok(lease > 6_000 && lease < 8_000, `lease of ${lease} ms`);
      const wait = Date.parse((await jobRow(id)).run_at) - started;
      assert.ok(wait > 1_500 && wait < 3_000, `retry after ${wait} ms`);
    });

    it('runs WORKER_CONCURRENCY jobs at the same time and retries every failed job with --all', async () => {
      const ids = [await enqueue('idea.score', { ideaId: 1 }), await enqueue('idea.score', { ideaId: 2 })];
      let active = 0;
      let peak = 0;
      const registry = testRegistry({
        'idea.score': {
          handle: async () => {
            peak = Math.max(peak, ++active);
            await new Promise((resolve) => setTimeout(resolve, 100));
            active--;
            throw new Error('always fails');
          },
        },
      });
      const worker = await queue.startWorker(
        registry,
        { ...deps, config: { ...deps.config, workerPollMs: 10 } },
        silent,
        {
          concurrency: 2,
        },
      );
      for (let i = 0; i < 100 && (await Promise.all(ids.map(jobRow))).some((row) => row.attempts === 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await worker.stop();
      assert.equal(peak, 2);
      await database.db.updateTable('jobs').set({ status: 'failed' }).where('id', 'in', ids).execute();
      assert.equal(await queue.retry('all'), 2);
      assert.deepEqual(
        (await Promise.all(ids.map(jobRow))).map((row) => [row.status, row.attempts]),
        [
          ['pending', 0],
          ['pending', 0],
        ],
      );
    });

    it('fails a job whose payload does not match its schema at once, without retry or onFailed', async () => {
      const ran: unknown[] = [];
      const registry = testRegistry({
        'idea.score': {
          handle: async (_deps, payload) => void ran.push(payload),
          onFailed: async (_deps, payload) => void ran.push(['onFailed', payload]),
        },
      });
      // As a job of an older version, or one written by hand, would be: the types do not hold at run time.
      const wrongType = await enqueue('idea.score', { ideaId: 'seven' } as never);
      const missing = await enqueue('idea.score', {} as never);
      const valid = await enqueue('idea.score', { ideaId: 8 });
      const notJson = await enqueue('idea.score', { ideaId: 9 });
      await database.db.updateTable('jobs').set({ payload: '{ideaId: 9' }).where('id', '=', notJson).execute();
      const errors: unknown[] = [];
      const log = { ...silent, error: (details: unknown) => void errors.push(details) };
      const worker = startWorker(registry, deps, log);
      assert.equal(await worker.drain(), 4);
      await worker.stop();

      assert.deepEqual(ran, [{ ideaId: 8 }], 'only the valid job reached its handler; no onFailed ran');
      assert.equal((await jobRow(valid)).status, 'completed');
      const rows = await Promise.all([wrongType, missing, notJson].map(jobRow));
      assert.deepEqual(
        rows.map((row) => [row.status, row.attempts, row.max_attempts]),
        [
          ['failed', 1, 5],
          ['failed', 1, 5],
          ['failed', 1, 5],
        ],
      );
      assert.deepEqual(
        rows.map((row) => row.last_error),
        [
          'The payload of this idea.score job is invalid (/ideaId must be integer): {"ideaId":"seven"}.',
          'The payload of this idea.score job is invalid (the payload must have required properties ideaId): {}.',
          'The payload of this idea.score job is invalid (the payload must be object): "{ideaId: 9".',
        ],
      );
      assert.equal(errors.length, 3);
      assert.deepEqual(
        (await queue.listFailed()).map((job) => job.id),
        [notJson, missing, wrongType].map(String),
      );
    });

    it('refuses to start with a registry that lacks a job, or to run a job that does not exist', async () => {
      const { 'task.match': _left, ...incomplete } = testRegistry({});
      const lacking = incomplete as unknown as JobRegistry<AppDeps>;
      const message =
        'The job registry has no definition for task.match: every job in src/jobs/job-names.ts needs exactly one definition.';
      await assert.rejects(queue.startWorker(lacking, deps, silent), { message });
      assert.throws(() => startWorker(lacking, deps, silent), { message });
      await assert.rejects(queue.startWorker(testRegistry({}), deps, silent, { only: ['idea.rank' as JobName] }), {
        message: 'The worker was asked to run idea.rank, which no job is called.',
      });
    });
  });
}

describe('table queue backoff', () => {
  it('grows by four each attempt from the base delay and is capped at ten minutes', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((attempt) => backoffMs(attempt)),
      [5_000, 20_000, 80_000, 320_000],
    );
    assert.deepEqual(
      [1, 2, 3].map((attempt) => backoffMs(attempt, 1_000)),
      [1_000, 4_000, 16_000],
    );
    assert.equal(backoffMs(10), 600_000);
  });
});
