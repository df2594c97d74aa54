import { CompiledQuery } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { runPrepared } from '../db/prepared-statements.ts';
import type { JobRegistry } from './job-definition.ts';
import { withJobMeta } from './job-meta.ts';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-names.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type FailedJob,
  type JobCount,
  type JobLogger,
  type JobQueue,
  type JobState,
  type JobWorker,
  type WorkerContext,
  type WorkerOptions,
} from './job-queue.ts';
import { countJobsByState, probeJobTable, requeueFailedJobs, selectFailedJobs } from './pg-boss-tables.ts';
import { ON_FAILED_SUFFIX, onFailedQueueOf, startPgBossWorker } from './pg-boss-worker.ts';

/** Jobs (and their `onFailed` follow-ups) are kept this long; a failed job stays listed and re-runnable as long. */
const RETENTION_DAYS = 14;
/** pg-boss's own connections: fetching and settling jobs is short; handlers use the application's pool. */
const POOL_SIZE = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ALL_QUEUES: readonly string[] = JOB_NAMES.flatMap((name) => [name, onFailedQueueOf(name)]);

export type PgBossQueueOptions = {
  /** Run pg-boss maintenance (expiring jobs whose lease ran out, archiving) in this process; off for the CLI. */
  maintain?: boolean;
};

/**
 * The queue on PostgreSQL: pg-boss, with its tables in QUEUE_SCHEMA of the application's database. Jobs are queued
 * through the caller's transaction, claimed with SKIP LOCKED, retried with exponential backoff, and expire after
 * JOB_LEASE_SECONDS in `active` (maintenance, run by any process at most once per interval, then gives them to
 * another worker). A job that used its last attempt is moved to its `<name>.on-failed` queue, whose worker runs the
 * definition's `onFailed` — also when the last attempt died with its worker.
 */
export class PgBossJobQueue implements JobQueue {
  readonly engine = 'pg-boss';
  readonly #config: Config;
  readonly #boss: PgBoss;

  constructor(config: Config, options: PgBossQueueOptions = {}) {
    this.#config = config;
    this.#boss = new PgBoss({
      connectionString: config.databaseUrl,
      schema: config.queueSchema,
      application_name: 'guild-queue',
      max: POOL_SIZE,
      migrate: true,
      schedule: false,
      supervise: options.maintain ?? true,
      maintenanceIntervalSeconds: maintenanceIntervalSeconds(config.jobLeaseSeconds),
      archiveFailedAfterSeconds: RETENTION_DAYS * 24 * 3600,
    });
  }

  async start(log: JobLogger): Promise<void> {
    this.#boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await this.#boss.start();
    await this.#createMissingQueues();
  }

  /**
   * A queue per job name, and its `onFailed` queue. pg-boss's create_queue deadlocks when processes booting together
   * on a fresh database run it at the same time, so the processes take turns under an advisory lock, held by a
   * connection of its own (ending the connection releases it), and only when a queue is missing.
   */
  async #createMissingQueues(): Promise<void> {
    const missing = async () => {
      const existing = new Set((await this.#boss.getQueues()).map((queue) => queue.name));
      return JOB_NAMES.flatMap((name) => [onFailedQueueOf(name), name]).filter((name) => !existing.has(name));
    };
    if ((await missing()).length === 0) return;
    const lock = new pg.Client({ connectionString: this.#config.databaseUrl, application_name: 'guild-queue-setup' });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`guild.create-queues.${this.#config.queueSchema}`]);
      // The dead letter queue comes first in the list: a queue's dead letter must exist.
      for (const name of await missing()) {
        const isOnFailed = name.endsWith(ON_FAILED_SUFFIX);
        const deadLetter = isOnFailed ? {} : { deadLetter: onFailedQueueOf(name as JobName) };
        await this.#boss.createQueue(name, { name, ...deadLetter, ...this.#retryPolicy() });
      }
    } finally {
      await lock.end();
    }
  }

  async enqueue<N extends JobName>(
    db: Db,
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<string> {
    const id = await this.#boss.send(name, withJobMeta(payload), {
      db: executorOf(db),
      ...this.#retryPolicy(options.maxAttempts),
      deadLetter: onFailedQueueOf(name),
      retentionDays: RETENTION_DAYS,
      ...(options.runAt ? { startAfter: options.runAt } : {}),
    });
    // send() inserts nothing (and answers null) when the queue does not exist: never lose a job quietly.
    if (id === null) throw new Error(`The job queue "${name}" does not exist; start the queue before enqueueing.`);
    return id;
  }

  async startWorker<C extends WorkerContext>(
    registry: JobRegistry<C>,
    context: C,
    log: JobLogger,
    options: WorkerOptions = {},
  ): Promise<JobWorker> {
    return startPgBossWorker(this.#boss, this.#config.queueSchema, registry, context, log, options);
  }

  async check(): Promise<void> {
    try {
      await probeJobTable(this.#boss.getDb(), this.#config.queueSchema);
    } catch (error) {
      throw new Error(`The pg-boss job table cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  countJobs(states: readonly JobState[]): Promise<JobCount[]> {
    return countJobsByState(this.#boss.getDb(), this.#config.queueSchema, ALL_QUEUES, states);
  }

  listFailed(limit = 100): Promise<FailedJob[]> {
    return selectFailedJobs(this.#boss.getDb(), this.#config.queueSchema, ALL_QUEUES, limit);
  }

  async retry(target: { id: string } | 'all'): Promise<number> {
    const id = target === 'all' ? null : target.id;
    // Ids here are UUIDs; anything else (a table queue's number) names no job of this queue.
    if (id !== null && !UUID.test(id)) return 0;
    return requeueFailedJobs(this.#boss.getDb(), this.#config.queueSchema, ALL_QUEUES, id, RETENTION_DAYS);
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 30_000 });
  }

  /** Five attempts in all by default; delays of about d, 2d, 4d, 8d (pg-boss adds up to 100% jitter). */
  #retryPolicy(maxAttempts = DEFAULT_MAX_ATTEMPTS) {
    return {
      retryLimit: maxAttempts - 1,
      retryDelay: this.#config.jobRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.#config.jobLeaseSeconds,
    };
  }
}

/**
 * How often a process looks for jobs whose lease ran out: half the lease, at most once a minute, so a dead worker's
 * job is running again within 1.5 leases (plus the first retry delay).
 */
export function maintenanceIntervalSeconds(leaseSeconds: number): number {
  return Math.min(60, Math.max(1, Math.ceil(leaseSeconds / 2)));
}

/**
 * pg-boss runs its INSERT on whatever connection we give it: here, the caller's Kysely transaction. Its text is fixed
 * per queue schema (the values are parameters), so it runs as a prepared statement (src/db/prepared-statements.ts).
 */
function executorOf(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      runPrepared(text);
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}
