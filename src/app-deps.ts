import { createProvider } from './ai/providers/index.ts';
import type { AnalysisProvider } from './ai/stage.ts';
import type { Config } from './config.ts';
import type { Dialect } from './db/column-types.ts';
import { type Db, databasePoolStats } from './db/database.ts';
import { KeptItems } from './http/kept-items.ts';
import { SharedReads } from './http/shared-reads.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { ProcessLifecycle } from './observability/lifecycle.ts';
import { Metrics } from './observability/metrics.ts';
import { observeAnalyses } from './observability/observed-provider.ts';
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
  /** This process's Prometheus metrics (src/observability/, `GET /metrics`). */
  metrics: Metrics;
  /** Whether the process is stopping (readiness answers 503 from then on). */
  lifecycle: ProcessLifecycle;
  /** This process's rendered bodies of the shared reads, checked against the database on each request. */
  sharedReads: SharedReads;
  /** This process's serialized tasks of the per-user task lists, checked against their challenge's read version. */
  keptItems: KeptItems;
}>;

/** The dependencies every entry point builds the same way from its configuration and open database. */
export async function createDeps(config: Config, database: { db: Db; dialect: Dialect }): Promise<AppDeps> {
  // The process metrics (CPU, memory, event loop) only where someone may read them.
  const metrics = new Metrics({ processMetrics: config.metrics.token !== null });
  const queue = createJobQueue(config, database.db);
  metrics.watchQueue((states) => queue.countJobs(states));
  metrics.watchDatabasePool(() => databasePoolStats(database.db));
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    storage: await createStorage(config),
    ai: observeAnalyses(await createProvider(config), metrics),
    queue,
    mailer: await createMailer(config.mail),
    metrics,
    lifecycle: new ProcessLifecycle(),
    sharedReads: new SharedReads(config.sharedReadCacheBytes),
    keptItems: new KeptItems(config.sharedReadCacheBytes),
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
