import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AppDeps } from '../../src/app-deps.ts';
import type { JobLogger, WorkerOptions } from '../../src/jobs/job-queue.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';

const silent = { info() {}, warn() {}, error() {} };
// Generous: the first analysis of a context starts its analysis thread (reading the taxonomy), which on the loaded
// team machine takes most of half a minute by itself.
const SETTLE_TIMEOUT_MS = 120_000;

/**
 * Runs every due job with the real worker of the deployment's engine and returns once none is left, including the
 * jobs those jobs queued (analysis → matching → team formation). Jobs waiting for a retry later are left waiting.
 * Table queue (SQLite): `startWorker(jobRegistry, deps, log).drain()`. pg-boss (PostgreSQL): the pg-boss worker,
 * until its job table has nothing due or running. `log` and `observer` are the worker's (silent and none by default).
 */
export async function runQueuedJobs(
  ctx: { deps: AppDeps },
  { log = silent, observer }: { log?: JobLogger; observer?: WorkerOptions['observer'] } = {},
): Promise<void> {
  const { deps } = ctx;
  if (deps.queue.engine === 'table') {
    const worker = startWorker(jobRegistry, deps, log, { observer });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    return;
  }
  const worker = await deps.queue.startWorker(jobRegistry, deps, log, { observer });
  try {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while ((await unsettledPgBossJobs(deps)) > 0) {
      if (Date.now() > deadline) throw new Error(`Jobs still due or running after ${SETTLE_TIMEOUT_MS} ms.`);
      await sleep(20);
    }
  } finally {
    await worker.stop();
  }
}

async function unsettledPgBossJobs(deps: AppDeps): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ${sql.id(deps.config.queueSchema, 'job')}
     where state = 'active' or (state < 'active' and start_after <= now())`.execute(deps.db);
  return rows[0].count;
}
