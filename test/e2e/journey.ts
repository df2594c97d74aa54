import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../../src/db/column-types.ts';
import type { Db } from '../../src/db/database.ts';
import type { TaskRow } from '../../src/db/schema.ts';
import type { JobName } from '../../src/jobs/job-names.ts';
import type { E2eWorld } from './e2e-world.ts';
import type { HttpClient } from './http-client.ts';

/**
 * What the lifecycle carries from one phase to the next (each phase fills in what later ones use), what it sends,
 * and the one database read it needs besides the API.
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
    /** Alice's invitation, which she works through. */
    | 'assignment'
    /** Bob's invitation, which he declines. */
    | 'bobAssignment',
    number
  >;
  logoUrl: string;
  /** The tasks the pipeline stand-in decomposed the team challenge into. */
  tasks: TaskRow[];
};

/** Alice or Bob as the pipeline addresses them: by profile and by user. */
export function contributorOf(journey: Journey, who: 'alice' | 'bob') {
  return { userId: journey.ids[`${who}User`], volunteerId: journey.ids[`${who}Volunteer`] };
}

export const TOKEN_FORMAT = /^\d+\|[A-Za-z0-9_-]{40,}$/;

export const ACCOUNTS = {
  company: { type: 'company', email: 'ops@acme.test', name: 'Acme Integration' },
  alice: { type: 'contributor', email: 'alice@example.test', name: 'Alice Builder' },
  bob: { type: 'contributor', email: 'bob@example.test', name: 'Bob Filmmaker' },
} as const;

export const COMPANY_PROFILE = {
  company_name: 'Acme Logistics',
  industry: 'Logistics',
  website: 'https://acme.example',
  description: 'Warehouses across the north of the country.',
};

export const TEAM_BRIEF = {
  title: 'Faster onboarding',
  description:
    'New warehouse staff take six weeks to work on their own. We want a training app, a short video series and a ' +
    'checklist that managers follow, so that new people are productive within their first week.',
};

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

/**
 * Payloads of the queued jobs of one kind, oldest first: what the API handed to the (absent) worker. On PostgreSQL
 * the queue is pg-boss, in its default schema (QUEUE_SCHEMA is not set here).
 */
export async function queuedPayloads(db: Db, name: JobName): Promise<unknown[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ data: object; state: string }>`
      select data, state::text as state from pgboss.job where name = ${name} order by created_on, id`.execute(db);
    return rows.map((row) => ({ status: row.state === 'created' ? 'pending' : row.state, ...row.data }));
  }
  const rows = await db
    .selectFrom('jobs')
    .select(['payload', 'status'])
    .where('name', '=', name)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ status: row.status, ...JSON.parse(row.payload) }));
}
