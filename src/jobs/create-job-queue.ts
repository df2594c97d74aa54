import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { PgBossJobQueue, type PgBossQueueOptions } from './pg-boss-queue.ts';
import { TableJobQueue } from './table-queue.ts';

/** The queue engine for this deployment: pg-boss on PostgreSQL, the `jobs` table on SQLite. */
export function createJobQueue(config: Config, db: Db, options: PgBossQueueOptions = {}): JobQueue {
  return config.dialect === 'postgres' ? new PgBossJobQueue(config, options) : new TableJobQueue(db);
}
