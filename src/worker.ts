import fs from 'node:fs';
import pino from 'pino';
import { closeDeps, createDeps } from './app-deps.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { startPeriodicJobs } from './jobs/periodic-jobs.ts';
import { serveWorkerMetrics } from './observability/worker-metrics.ts';
import { jobRegistry } from './pipeline/job-registry.ts';
import { startOutboxRelay } from './pipeline/outbox-relay.ts';
import { stopOnSignals } from './shutdown.ts';

/**
 * `npm run worker`: runs queued jobs without serving HTTP. Start as many as the load needs (each runs
 * WORKER_CONCURRENCY jobs at a time), beside API processes started with EMBEDDED_WORKER=false; they share the
 * database, and a job held by a worker that died is run again by another once its lease (JOB_LEASE_SECONDS) ran out.
 * SIGTERM lets the running jobs finish within SHUTDOWN_TIMEOUT_MS and hands the others back (src/shutdown.ts). With
 * METRICS_TOKEN and METRICS_PORT set, it serves its own `GET /metrics` on that port.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = createDatabase({ url: config.databaseUrl, preparedStatements: config.databasePreparedStatements });
  await migrateToLatest(database.db, database.dialect);
  const log = pino({ level: config.logLevel });
  const deps = await createDeps(config, database);
  await deps.queue.start(log);
  const metricsServer = await serveWorkerMetrics(deps, log);
  const worker = await deps.queue.startWorker(jobRegistry, deps, log, { observer: deps.metrics });
  const relay = startOutboxRelay(deps, log);
  const periodic = startPeriodicJobs(deps.queue, deps.db, log);
  log.info({ engine: deps.queue.engine, concurrency: config.workerConcurrency }, 'worker started');
  stopOnSignals({
    deps,
    log,
    worker,
    stopFirst: [() => periodic.stop(), () => relay.stop()],
    release: [() => closeDeps(deps), () => database.destroy(), async () => metricsServer?.close()],
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
