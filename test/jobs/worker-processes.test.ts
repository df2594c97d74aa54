import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import { childEnv } from '../helpers/child-env.ts';
import {
  createTestDatabaseInTempFolder,
  POSTGRES_URL,
  type TestDatabaseInTempFolder,
  testDialects,
} from '../helpers/context.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { waitFor } from './wait-for.ts';

const WORKER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'test-worker.ts');
const silent = { info() {}, warn() {}, error() {} };

type WorkerProcess = {
  pid: number;
  /** SIGTERM: the worker finishes its running jobs and exits; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: dies at once, whatever it was doing; resolves with the signal. */
  kill(): Promise<NodeJS.Signals | null>;
};

/** Starts test/jobs/fixtures/test-worker.ts and resolves once it polls for jobs. */
function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [WORKER_SCRIPT], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  const end = async (child: ChildProcess, signal: NodeJS.Signals) => {
    child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      if (!output.includes('ready')) return;
      resolve({
        pid: child.pid!,
        stop: async () => (await end(child, 'SIGTERM'))[0],
        kill: async () => (await end(child, 'SIGKILL'))[1],
      });
    });
    void exited.then(([code]) => reject(new Error(`the worker exited (${code}) before it was ready:\n${output}`)));
  });
}

/**
 * Workers as separate processes sharing one database, as `npm run worker` runs them: on PostgreSQL through pg-boss,
 * on SQLite through the table queue. The jobs record what they do (test-worker.ts), so the test sees every run.
 */
for (const dialect of testDialects()) {
  describe(`worker processes [${dialect}]`, () => {
    let database: TestDatabaseInTempFolder;
    let deps: AppDeps;
    let env: Record<string, string>;

    before(async () => {
      database = await createTestDatabaseInTempFolder(dialect);
      await sql`create table job_runs (job_key integer not null, pid integer not null, phase text not null)`.execute(
        database.db,
      );
      await sql`create table job_effects (job_key integer primary key, pid integer not null)`.execute(database.db);
      env = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATA_DIR: database.dataDir,
        DATABASE_URL: dialect === 'postgres' ? POSTGRES_URL! : database.url,
        TEST_DB_SCHEMA: database.schema ?? '',
        QUEUE_SCHEMA: database.queueSchema ?? 'pgboss',
        WORKER_POLL_MS: '50',
        WORKER_CONCURRENCY: '2',
        JOB_LEASE_SECONDS: '2',
        JOB_RETRY_DELAY_SECONDS: '1',
      };
      deps = await createDeps(loadConfig(env), database);
      await deps.queue.start(silent);
    });
    after(async () => {
      await deps.queue.stop();
      await database.close();
    });
    beforeEach(async () => {
      await sql`delete from job_runs`.execute(database.db);
      await sql`delete from job_effects`.execute(database.db);
    });

    const runsOf = async (jobKey: number) => {
      const { rows } = await sql<{ pid: number; phase: string }>`
        select pid, phase from job_runs where job_key = ${jobKey}`.execute(database.db);
      return rows.map((row) => ({ ...row })); // node:sqlite rows have no prototype
    };
    const effects = async () => {
      const { rows } = await sql<{ job_key: number; pid: number }>`
        select job_key, pid from job_effects order by job_key`.execute(database.db);
      return rows.map((row) => ({ ...row }));
    };

    it('two workers share 100 jobs and do each one exactly once', async () => {
      const workers = await Promise.all([spawnWorker(env), spawnWorker(env)]);
      const count = 100;
      await database.db.transaction().execute(async (trx) => {
        for (let ideaId = 1; ideaId <= count; ideaId++) await deps.queue.enqueue(trx, 'idea.score', { ideaId });
      });
      await waitFor(
        'every job to be completed',
        async () => (await queuedJobs({ deps }, 'idea.score')).every((job) => job.status === 'completed'),
        60_000,
      );
      assert.deepEqual(await Promise.all(workers.map((worker) => worker.stop())), [0, 0]);

      const done = await effects();
      assert.deepEqual(
        done.map((effect) => effect.job_key),
        Array.from({ length: count }, (_, index) => index + 1),
      );
      const { rows: finishedRuns } = await sql<{ job_key: number; runs: number }>`
        select job_key, count(*) as runs from job_runs where phase = 'finished' group by job_key`.execute(database.db);
      assert.equal(finishedRuns.length, count);
      assert.ok(
        finishedRuns.every((row) => Number(row.runs) === 1),
        'no job ran twice',
      );
      for (const worker of workers) {
        const share = done.filter((effect) => effect.pid === worker.pid).length;
        assert.ok(share > 0, `worker ${worker.pid} did ${share} jobs`);
      }
    });

    it('does not boot when its job registry lacks a job, and says which', async () => {
      await assert.rejects(spawnWorker({ ...env, TEST_MISSING_JOB: 'challenge.form-team' }), (error: Error) => {
        assert.match(error.message, /the worker exited \(1\) before it was ready/);
        assert.match(error.message, /The job registry has no definition for challenge\.form-team: every job/);
        return true;
      });
    });

    it('loses nothing when a worker is killed in the middle of a job: another one does it after the lease', async () => {
      const doomed = await spawnWorker({ ...env, TEST_JOB_SLEEP_MS: '60000' });
      const id = await database.db.transaction().execute((trx) => deps.queue.enqueue(trx, 'idea.score', { ideaId: 7 }));
      const statusOfJob = async () => (await queuedJobs({ deps }, 'idea.score')).find((job) => job.id === id)?.status;
      await waitFor('the job to start', async () => (await runsOf(7)).length > 0);
      assert.equal(await doomed.kill(), 'SIGKILL');
      assert.equal(await statusOfJob(), 'running', 'the dead worker still holds the job');
      assert.deepEqual(await effects(), []);

      const rescuer = await spawnWorker(env);
      await waitFor('the job to be completed', async () => (await statusOfJob()) === 'completed', 30_000);
      assert.equal(await rescuer.stop(), 0);
      assert.deepEqual(await effects(), [{ job_key: 7, pid: rescuer.pid }]);
      assert.deepEqual(await runsOf(7), [
        { pid: doomed.pid, phase: 'started' },
        { pid: rescuer.pid, phase: 'started' },
        { pid: rescuer.pid, phase: 'finished' },
      ]);
    });
  });
}
