import { createProvider } from './ai/providers/index.ts';
import type { AnalysisProvider } from './ai/stage.ts';
import type { Config } from './config.ts';
import type { Dialect } from './db/column-types.ts';
import type { Db } from './db/database.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { createStorage } from './storage/create-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

/** What the feature modules and job handlers are given: built once by an entry point (or a test). */
export type AppDeps = Readonly<{
  config: Config;
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  /** Runs the analyses; `AI_PROVIDER=local` holds worker threads, released by `closeDeps`. */
  ai: AnalysisProvider;
  /** Where jobs are queued (`queue.enqueue(trx, …)`) and run; started by the entry point (`queue.start`). */
  queue: JobQueue;
  /** E-mail: SMTP, or the outbox folder when no server is configured (src/mail/). */
  mailer: Mailer;
}>;

/** The dependencies every entry point builds the same way from its configuration and open database. */
export function createDeps(config: Config, database: { db: Db; dialect: Dialect }): AppDeps {
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    storage: createStorage(config),
    ai: createProvider(config),
    queue: createJobQueue(config, database.db),
    mailer: createMailer(config.mail),
  };
}

/**
 * Releases what `createDeps` holds beyond the database and the queue (the analysis threads, SMTP connections, the
 * object store's connections); entry
 * points call it on exit.
 */
export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.ai.close?.();
  await deps.mailer.close();
  deps.storage.close?.();
}
