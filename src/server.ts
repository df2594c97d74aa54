import fs from 'node:fs';
import { buildApp } from './app.ts';
import { closeDeps, createDeps } from './app-deps.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { startPeriodicJobs } from './jobs/periodic-jobs.ts';
import { jobRegistry } from './pipeline/job-registry.ts';
import { startOutboxRelay } from './pipeline/outbox-relay.ts';
import { stopOnSignals } from './shutdown.ts';

/**
 * `npm start`: migrate, serve the API and web app, and (by default) run the job worker in the same process. With
 * EMBEDDED_WORKER=false the process only queues jobs, for `npm run worker` processes to run. SIGTERM stops it
 * gracefully (src/shutdown.ts): readiness turns 503, requests and jobs in flight finish within SHUTDOWN_TIMEOUT_MS.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const database = createDatabase({ url: config.databaseUrl, preparedStatements: config.databasePreparedStatements });
  await migrateToLatest(database.db, database.dialect);
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  await deps.queue.start(app.log);
  const worker = config.embeddedWorker
    ? await deps.queue.startWorker(jobRegistry, deps, app.log, { observer: deps.metrics })
    : null;
  const relay = config.embeddedWorker ? startOutboxRelay(deps, app.log) : null;
  const periodic = config.embeddedWorker ? startPeriodicJobs(deps.queue, deps.db, app.log) : null;
  stopOnSignals({
    deps,
    log: app.log,
    app,
    worker,
    stopFirst: [() => periodic?.stop(), () => relay?.stop()],
    release: [() => closeDeps(deps), () => database.destroy()],
  });

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
