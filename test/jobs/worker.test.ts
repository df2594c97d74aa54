import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { JobDefinitions } from '../../src/jobs/handlers.ts';
import { listFailedJobs, retryFailedJobs } from '../../src/jobs/jobs.repository.ts';
import { enqueue } from '../../src/jobs/queue.ts';
import { backoffMs, startWorker } from '../../src/jobs/worker.ts';
import { createTestDatabase, type TestDatabase, testDialects } from '../helpers/context.ts';

const silent = { info() {}, warn() {}, error() {} };

for (const dialect of testDialects()) {
  describe(`job worker [${dialect}]`, () => {
    let database: TestDatabase;
    let deps: AppDeps;
    let dataDir: string;

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-jobs-'));
      database = await createTestDatabase(dialect, dataDir);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WORKER_POLL_MS: '60000' });
      deps = createDeps(config, database);
    });
    after(async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await database.db.deleteFrom('jobs').execute();
    });

    const jobRow = (id: number) =>
      database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('runs a queued job once and marks it completed', async () => {
      const seen: number[] = [];
      const handlers: JobDefinitions = {
        'idea.score': { handle: async (_deps, payload) => void seen.push(payload.ideaId) },
      };
      const id = await enqueue(database.db, 'idea.score', { ideaId: 7 });
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
      const id = await enqueue(database.db, 'idea.score', { ideaId: 1 }, { maxAttempts: 2 });
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
      assert.deepEqual(
        (await listFailedJobs(database.db)).map((job) => job.id),
        [id],
      );

      assert.equal(await retryFailedJobs(database.db, id, new Date()), 1);
      row = await jobRow(id);
      assert.equal(row.status, 'pending');
      assert.equal(row.attempts, 0);
    });

    it('leaves jobs without a registered handler queued', async () => {
      const id = await enqueue(database.db, 'task.match', { taskId: 3 });
      const worker = startWorker(deps, silent, { 'idea.score': { handle: async () => {} } });
      assert.equal(await worker.drain(), 0);
      await worker.stop();
      assert.equal((await jobRow(id)).status, 'pending');
    });

    it('takes over a job whose worker died (lease expired), but not one still leased', async () => {
      const expired = await enqueue(database.db, 'idea.score', { ideaId: 1 });
      const leased = await enqueue(database.db, 'idea.score', { ideaId: 2 });
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
      for (let i = 0; i < count; i++) await enqueue(database.db, 'idea.score', { ideaId: i });
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
      const id = await enqueue(database.db, 'idea.score', { ideaId: 5 });
      const polling = { ...deps, config: { ...deps.config, workerPollMs: 10 } };
      const worker = startWorker(polling, silent, { 'idea.score': { handle: async () => {} } });
      for (let i = 0; i < 100 && (await jobRow(id)).status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await worker.stop();
      assert.equal((await jobRow(id)).status, 'completed');
    });
  });
}

describe('backoff', () => {
  it('grows by four each attempt and is capped', () => {
    assert.deepEqual([1, 2, 3, 4].map(backoffMs), [5_000, 20_000, 80_000, 320_000]);
    assert.equal(backoffMs(10), 600_000);
  });
});
