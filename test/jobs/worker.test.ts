import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { JobDefinitions } from '../../src/jobs/handlers.ts';
import type { JobName, JobPayloads } from '../../src/jobs/job-names.ts';
import type { EnqueueOptions } from '../../src/jobs/job-queue.ts';
import { TableJobQueue } from '../../src/jobs/table-queue.ts';
import { backoffMs, startWorker } from '../../src/jobs/worker.ts';
import { createTestDatabase, type TestDatabase, testDialects } from '../helpers/context.ts';

const silent = { info() {}, warn() {}, error() {} };

/**
 * The table queue's worker (the engine on SQLite). It runs on PostgreSQL too (claims skip locked rows there), so it
 * is tested on both.
 */
for (const dialect of testDialects()) {
  describe(`table queue worker [${dialect}]`, () => {
    let database: TestDatabase;
    let deps: AppDeps;
    let dataDir: string;
    let queue: TableJobQueue;

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-jobs-'));
      database = await createTestDatabase(dialect, dataDir);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WORKER_POLL_MS: '60000' });
      queue = new TableJobQueue(database.db);
      deps = { ...createDeps(config, database), queue };
    });
    after(async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
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
      const handlers: JobDefinitions = {
        'idea.score': { handle: async (_deps, payload) => void seen.push(payload.ideaId) },
      };
      const id = await enqueue('idea.score', { ideaId: 7 });
      const worker = startWorker(deps, silent, handlers);
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
      const handlers: JobDefinitions = {
        'idea.score': {
          handle: async () => {
            throw new Error('model unavailable');
          },
          onFailed: async (_deps, payload, error) => void failures.push(`${payload.ideaId}: ${error.split('\n')[0]}`),
        },
      };
      const id = await enqueue('idea.score', { ideaId: 1 }, { maxAttempts: 2 });
      const worker = startWorker(deps, silent, handlers);
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

    it('leaves jobs without a registered handler queued', async () => {
      const id = await enqueue('task.match', { taskId: 3 });
      const worker = startWorker(deps, silent, { 'idea.score': { handle: async () => {} } });
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
      const worker = startWorker(deps, silent, { 'idea.score': { handle: async (_d, p) => void seen.push(p.ideaId) } });
      await worker.drain();
      await worker.stop();
      assert.deepEqual(seen, [1]);
      assert.equal((await jobRow(expired)).status, 'completed');
      assert.equal((await jobRow(expired)).attempts, 2);
      assert.equal((await jobRow(leased)).status, 'running');
    });

    it('two workers draining the same queue run every job exactly once', async () => {
      const count = 40;
      for (let i = 0; i < count; i++) await enqueue('idea.score', { ideaId: i });
      const runs = new Map<number, number>();
      const handlers: JobDefinitions = {
        'idea.score': {
          handle: async (_d, p) => {
            runs.set(p.ideaId, (runs.get(p.ideaId) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
        },
      };
      const first = startWorker(deps, silent, handlers);
      const second = startWorker(deps, silent, handlers);
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
      const worker = startWorker(polling, silent, { 'idea.score': { handle: async () => {} } });
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
      const worker = startWorker(tuned, silent, {
        'idea.score': {
          handle: async () => {
            lockedUntil = (await jobRow(id)).locked_until ?? '';
            throw new Error('try again');
          },
        },
      });
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
      const worker = await queue.startWorker({ ...deps, config: { ...deps.config, workerPollMs: 10 } }, silent, {
        concurrency: 2,
        definitions: {
          'idea.score': {
            handle: async () => {
              peak = Math.max(peak, ++active);
              await new Promise((resolve) => setTimeout(resolve, 100));
              active--;
              throw new Error('always fails');
            },
          },
        },
      });
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

    it('names the jobs that have no handler when it starts', async () => {
      const warnings: unknown[] = [];
      const log = { ...silent, warn: (details: unknown) => void warnings.push(details) };
      const worker = await queue.startWorker(deps, log, {
        definitions: { 'idea.score': { handle: async () => {} } },
        concurrency: 1,
      });
      await worker.stop();
      assert.deepEqual(warnings, [
        {
          missing: [
            'challenge.analyze',
            'volunteer.analyze-cv',
            'task.match',
            'volunteer.match',
            'challenge.form-team',
          ],
        },
      ]);
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
