import { sql } from 'kysely';
import type { AppDeps } from '../../src/app-deps.ts';
import { splitJobMeta } from '../../src/jobs/job-meta.ts';
import type { JobName, JobPayloads } from '../../src/jobs/job-names.ts';
import { PG_BOSS_JOB_STATES } from '../../src/jobs/pg-boss-tables.ts';

/** A job as the tests see it on either engine; pg-boss states are mapped to the table queue's words. */
export type QueuedJob<N extends JobName> = {
  id: string;
  /** The payload the handler gets, without what the queue keeps beside it. */
  payload: JobPayloads[N];
  /** The id of the request that queued the job (or the job's request); absent when there was none. */
  reqId?: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
};

/**
 * The jobs named `name` that the application queued, whatever their state: rows of `jobs` on the table queue
 * (SQLite), pg-boss's jobs in the context's QUEUE_SCHEMA on PostgreSQL.
 */
export async function queuedJobs<N extends JobName>(ctx: { deps: AppDeps }, name: N): Promise<QueuedJob<N>[]> {
  const { deps } = ctx;
  if (deps.queue.engine === 'table') {
    const rows = await deps.db
      .selectFrom('jobs')
      .select(['id', 'payload', 'status'])
      .where('name', '=', name)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: String(row.id), ...stored<N>(JSON.parse(row.payload)), status: row.status }));
  }
  const { rows } = await sql<{ id: string; data: JobPayloads[N]; state: string }>`
    select id::text as id, data, state::text as state from ${sql.id(deps.config.queueSchema, 'job')}
     where name = ${name} order by created_on, id`.execute(deps.db);
  return rows.map((row) => ({ id: row.id, ...stored<N>(row.data), status: PG_BOSS_JOB_STATES[row.state] }));
}

function stored<N extends JobName>(data: unknown): { payload: JobPayloads[N]; reqId?: string } {
  const { payload, reqId } = splitJobMeta(data);
  return { payload: payload as JobPayloads[N], ...(reqId === undefined ? {} : { reqId }) };
}

/** Every job queued, of any name: to check that a refused request queued nothing. */
export async function countQueuedJobs(ctx: { deps: AppDeps }): Promise<number> {
  const { deps } = ctx;
  if (deps.queue.engine === 'table') {
    const row = await deps.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ${sql.id(deps.config.queueSchema, 'job')}`.execute(deps.db);
  return rows[0].count;
}
