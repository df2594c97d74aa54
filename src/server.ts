import fs from 'node:fs';
import { buildApp } from './app.ts';
import { closeDeps, createDeps } from './app-deps.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { startPeriodicJobs } from './jobs/periodic-jobs.ts';
import { jobRegistry } from './pipeline/job-registry.ts';
import { startWebhookRelay } from './pipeline/webhooks/webhook-relay.ts';

/**
 * `npm start`: migrate, serve the API and web app, and (by default) run the job worker in the same process. With
 * EMBEDDED_WORKER=false the process only queues jobs, for `npm run worker` processes to run.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db, database.dialect);
  const deps = createDeps(config, database);
  const app = await buildApp(deps);
  await deps.queue.start(app.log);
  const worker = config.embeddedWorker ? await deps.queue.startWorker(jobRegistry, deps, app.log) : null;
  const relay = config.embeddedWorker ? startWebhookRelay(deps, app.log) : null;
  const periodic = config.embeddedWorker ? startPeriodicJobs(deps.queue, deps.db, app.log) : null;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    periodic?.stop();
    await relay?.stop();
    await worker?.stop();
    await app.close();
    await deps.queue.stop();
    await closeDeps(deps);
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
