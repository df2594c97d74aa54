import pino from 'pino';
import { createDeps } from './app-deps.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { startWorker } from './jobs/worker.ts';

/**
 * `npm run worker`: runs queued jobs without serving HTTP. Start as many as the load needs, beside API processes
 * started with EMBEDDED_WORKER=false; they share the database and never run the same job at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db, database.dialect);
  const log = pino({ level: config.logLevel });
  const worker = startWorker(createDeps(config, database), log);
  log.info('worker started');
  const shutdown = async () => {
    await worker.stop();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
