import assert from 'node:assert/strict';
import fs from 'node:fs';
import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../../src/db/column-types.ts';
import type { Db } from '../../src/db/database.ts';
import { splitJobMeta } from '../../src/jobs/job-meta.ts';
import { JOB_NAMES, type JobName } from '../../src/jobs/job-names.ts';
import { PG_BOSS_JOB_STATES } from '../../src/jobs/pg-boss-tables.ts';
import { waitFor } from '../jobs/wait-for.ts';
import type { E2eWorld } from './e2e-world.ts';
import type { HttpClient, Json } from './http-client.ts';
import type { NodeProcess } from './server-process.ts';

/**
 * What the lifecycle carries from one phase to the next (each phase fills in what later ones use), what it sends,
 * and the database reads it needs besides the API: the jobs the API queued and whether the worker finished them.
 */
export type Journey = {
  dialect: Dialect;
  world: E2eWorld;
  company: HttpClient;
  alice: HttpClient;
  bob: HttpClient;
  ids: Record<
    | 'company'
    | 'aliceUser'
    | 'aliceVolunteer'
    | 'bobUser'
    | 'bobVolunteer'
    | 'challenge'
    /** The team the pipeline formed for the challenge. */
    | 'team'
    /** Alice's best invitation, which she works through. */
    | 'assignment'
    /** Bob's best invitation, which he declines. */
    | 'bobAssignment',
    number
  >;
  logoUrl: string;
  /** The tasks the pipeline decomposed the team challenge into, as the API shows them. */
  tasks: Json[];
  /** The `node src/worker.ts` process running the pipeline, while one runs. */
  worker?: NodeProcess;
};

export const TOKEN_FORMAT = /^\d+\|[A-Za-z0-9_-]{40,}$/;

export const ACCOUNTS = {
  company: { type: 'company', email: 'ops@acme.test', name: 'Acme Integration' },
  alice: { type: 'contributor', email: 'alice@example.test', name: 'Alice Builder' },
  bob: { type: 'contributor', email: 'bob@example.test', name: 'Bob Backend' },
} as const;

export const COMPANY_PROFILE = {
  company_name: 'Acme Logistics',
  industry: 'Logistics',
  website: 'https://acme.example',
  description: 'Warehouses across the north of the country.',
};

/** A brief of test/fixtures/briefs: the title on the first line, the text after a blank line. */
function briefFixture(name: string): { title: string; description: string } {
  const [title, ...text] = fs
    .readFileSync(new URL(`../fixtures/briefs/${name}.txt`, import.meta.url), 'utf8')
    .split('\n');
  return { title: title.trim(), description: text.join('\n').trim() };
}

/** A brief that needs a mobile app, an API and a database: work for Alice's and Bob's CVs. */
export const TEAM_BRIEF = briefFixture('software-food-bank-delivery-app');

/** The CVs (test/fixtures/cvs) whose analysis gives Alice and Bob their skills. */
export const CVS = { alice: 'mobile-developer.pdf', bob: 'backend-developer.docx' } as const;

export const COMMUNITY_BRIEF = {
  title: 'Less packaging waste',
  description:
    'Our warehouses throw away tonnes of cardboard and plastic film every month. We are looking for ideas from ' +
    'the community on how to reuse, reduce or replace this packaging without slowing down shipping.',
};

export const IDEA = {
  title: 'Reusable crates for regular customers',
  description:
    'Ship to customers who order every week in sturdy plastic crates that the driver collects on the next ' +
    'delivery, instead of cardboard boxes wrapped in film.',
};

export const SOLUTION = {
  description: 'The onboarding app is built and tested with two new starters.',
  deliverable_url: 'https://git.example/acme/onboarding-app',
  hours_worked: '6.5',
};

type QueuedJob = { name: JobName; status: 'pending' | 'running' | 'completed' | 'failed' } & Record<string, unknown>;

/**
 * Every job the API and the pipeline queued, oldest first, with its payload and its status in the table queue's
 * words. On PostgreSQL the queue is pg-boss, in its default schema (QUEUE_SCHEMA is not set here); its dead-letter
 * queues (`<name>.on-failed`) are left out.
 */
export async function queuedJobs(db: Db): Promise<QueuedJob[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ name: JobName; data: object; state: string }>`
      select name, data, state::text as state from pgboss.job
       where name in (${sql.join([...JOB_NAMES])}) order by created_on, id`.execute(db);
    return rows.map((row) => ({ name: row.name, status: PG_BOSS_JOB_STATES[row.state], ...payloadOf(row.data) }));
  }
  const rows = await db.selectFrom('jobs').select(['name', 'payload', 'status']).orderBy('id').execute();
  return rows.map((row) => ({ name: row.name as JobName, status: row.status, ...payloadOf(JSON.parse(row.payload)) }));
}

/** A stored payload without what the queue keeps beside it (the request id, src/jobs/job-meta.ts). */
function payloadOf(stored: unknown): object {
  return splitJobMeta(stored).payload as object;
}

/** The queued jobs of one kind, oldest first, without their name: `{ status, ...payload }`. */
export async function queuedPayloads(db: Db, name: JobName): Promise<unknown[]> {
  return (await queuedJobs(db)).filter((job) => job.name === name).map(({ name: _name, ...job }) => job);
}

// Generous: a worker's first analysis starts its analysis thread (reading the taxonomy), which on the loaded team
// machine takes most of half a minute by itself.
const PIPELINE_TIMEOUT_MS = 120_000;

/**
 * Waits until the worker has run every job, including those the jobs queued (analysis → matching → team
 * formation): none is pending or running any more. Then none may have failed; a failure shows the worker's log.
 */
export async function pipelineSettled({
  world,
  worker,
}: {
  world: Pick<E2eWorld, 'db'>;
  worker?: NodeProcess;
}): Promise<void> {
  if (!worker) throw new Error('No worker runs: start one before waiting for the pipeline.');
  const settled = (jobs: QueuedJob[]) => jobs.every((job) => job.status === 'completed' || job.status === 'failed');
  let jobs: QueuedJob[] = [];
  try {
    await waitFor(
      'the worker to run every queued job',
      async () => settled((jobs = await queuedJobs(world.db))),
      PIPELINE_TIMEOUT_MS,
    );
  } catch (error) {
    // A job waiting for a retry (its handler threw) also ends here: the jobs and the worker's log say which.
    throw new Error(`${(error as Error).message}\n${JSON.stringify(jobs)}\n--- worker ---\n${worker.logTail()}`);
  }
  const failed = jobs.filter((job) => job.status === 'failed');
  assert.deepEqual(failed, [], worker.logTail());
}
