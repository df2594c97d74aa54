import { CompiledQuery } from 'kysely';
import type { Dialect } from '../src/db/column-types.ts';
import type { Db } from '../src/db/database.ts';
import { createToken } from '../src/modules/auth/tokens.service.ts';
import { recountChallenges } from '../src/modules/challenges/challenges.repository.ts';
import { recountNotifications } from '../src/modules/notifications/notifications.repository.ts';
import { rebuildTaskFit } from '../src/modules/tasks/task-fit.repository.ts';
import { bulkInsert, resetSequences } from './bulk-insert.ts';
import { createRandom } from './fake.ts';
import { seedActivity } from './seed-activity.ts';
import { seedChallenges } from './seed-challenges.ts';
import { seedPeople, type Tables } from './seed-people.ts';
import { taxonomySkillRows } from './taxonomy-skills.ts';

export type SeedSize = {
  skills: number;
  companies: number;
  contributors: number;
  challenges: number;
  tasks: number;
  teams: number;
  teamMessages: number;
  ideas: number;
  notifications: number;
  /** Notifications of the benchmark's contributor: the list whose last page is compared with its first. */
  heavyUserNotifications: number;
};

export const FULL_SIZE: SeedSize = {
  skills: 300,
  companies: 500,
  contributors: 5_000,
  challenges: 10_000,
  tasks: 50_000,
  teams: 500,
  teamMessages: 20_000,
  ideas: 8_000,
  notifications: 200_000,
  heavyUserNotifications: 20_000,
};

/** A smaller database of the same shape (BENCH_SCALE=0.1 for a quick check of the harness); the skill taxonomy stays. */
export function scaledSize(scale: number): SeedSize {
  return Object.fromEntries(
    Object.entries(FULL_SIZE).map(([key, value]) => [
      key,
      key === 'skills' ? value : Math.max(2, Math.round(value * scale)),
    ]),
  ) as SeedSize;
}

/** Rows per table once seeded (skills include the taxonomy the migrations installed). */
async function countRows(db: Db, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await db.executeQuery<{ n: number }>(CompiledQuery.raw(`select count(*) as n from "${table}"`));
    counts[table] = Number(result.rows[0].n);
  }
  return counts;
}

/** How many invitations the assignment-transition run declines, one request each (the first 300 warm it up). */
const INVITATIONS_TO_DECLINE = 1_300;

async function busiestIdeasChallenge(db: Db): Promise<number> {
  const result = await db.executeQuery<{ challenge_id: number }>(
    CompiledQuery.raw(
      'select challenge_id from ideas group by challenge_id order by count(*) desc, challenge_id limit 1',
    ),
  );
  return Number(result.rows[0]?.challenge_id ?? 0);
}

/** Invitations a contributor can still decline (on open tasks), each with a token of its contributor. */
async function openInvitations(db: Db, count: number): Promise<Array<{ assignmentId: number; token: string }>> {
  const result = await db.executeQuery<{ id: number; user_id: number }>(
    CompiledQuery.raw(
      `select a.id, v.user_id from assignments a join volunteers v on v.id = a.volunteer_id
       where a.status = 'invited' and a.withdrawn_at is null order by a.id limit ${count}`,
    ),
  );
  const tokens = new Map<number, string>();
  const invitations = [];
  for (const row of result.rows) {
    const userId = Number(row.user_id);
    if (!tokens.has(userId)) tokens.set(userId, await createToken(db, userId, 'bench', null));
    invitations.push({ assignmentId: Number(row.id), token: tokens.get(userId)! });
  }
  return invitations;
}

/** What a seed leaves that later runs on the same database need (bench/kept-seed.ts keeps it with the database). */
export type SeededData = {
  /** An active challenge with tasks, of another company than company 1: the challenge detail's subject. */
  challengeId: number;
  /** Rows per table after seeding. */
  rows: Record<string, number>;
  seconds: number;
};

export type Fixtures = SeededData & {
  /** Contributor 1: the most common skills, member of team 1, owner of the long notification list. */
  contributorToken: string;
  /** Contributor 2: skills of middling popularity. */
  typicalContributorToken: string;
  /** Company 1: owns the first 20 challenges (`my-challenges`) and creates new ones in the write run. */
  companyToken: string;
  /** The community challenge with the most ideas. */
  busyIdeasChallengeId: number;
  /** Open invitations with their contributors' tokens: each is declined once in the assignment-transition run. */
  invitations: Array<{ assignmentId: number; token: string }>;
  teamId: number;
};

/**
 * Fills an empty, migrated database. Rows are generated in memory first (deterministically), then written table by
 * table with multi-row inserts in one transaction.
 *
 * `statistics`: PostgreSQL gets VACUUM ANALYZE by default, the state its autovacuum reaches soon after a bulk load
 * (planner statistics, and a visibility map so that counts can be index-only). SQLite gets nothing by default,
 * because the service never runs ANALYZE there; `true` runs it anyway, to show what statistics would change.
 */
export async function seedDatabase(
  db: Db,
  dialect: Dialect,
  size: SeedSize,
  statistics: boolean = dialect === 'postgres',
  seed = 20_261_121,
): Promise<SeededData> {
  const started = performance.now();
  const random = createRandom(seed);
  const tables: Tables = new Map();
  const existingSkills = await taxonomySkillRows(db, size.skills);
  const people = seedPeople(random, size, tables, existingSkills);
  const work = seedChallenges(random, people, size, tables);
  seedActivity(random, work, size, tables);

  await db.transaction().execute(async (trx) => {
    const written = [...tables.keys()];
    if (dialect === 'postgres') await setTriggers(trx, written, 'disable');
    for (const [table, rows] of tables) {
      await bulkInsert(trx, dialect, table, rows);
      tables.set(table, []); // written: let the rows go before the next table is made
    }
    if (dialect === 'postgres') {
      await setTriggers(trx, written, 'enable');
      await recountChallenges(trx);
    }
    await resetSequences(
      trx,
      dialect,
      written.filter((table) => table !== 'task_skills'),
    );
    // The rows above bypass the writes that keep the contributors' feeds, so the feeds are computed once here.
    await rebuildTaskFit(trx);
    await recountNotifications(trx); // the same for the kept notification counts
  });
  if (statistics) await db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze'));
  return {
    challengeId: work.showcaseChallengeId,
    rows: await countRows(db, ['skills', ...[...tables.keys()].filter((table) => table !== 'skills')]),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * PostgreSQL's seed runs with the tables' own triggers off (not the foreign keys'): they keep the challenge counts and
 * bump read versions row by row, and one transaction that bumps the same version row once per inserted row leaves
 * that row a chain of versions the next bump walks again — quadratic, so that scale 10 wrote gigabytes and did not
 * finish in 95 minutes. The counts are then recounted once; the read versions are left unwritten, which the reads take
 * as "never changed" (a process keeps nothing before its first read anyway). SQLite's triggers stay on: it keeps no
 * row versions, and its seed is quick with them.
 */
async function setTriggers(db: Db, tables: string[], state: 'enable' | 'disable'): Promise<void> {
  for (const table of tables) await db.executeQuery(CompiledQuery.raw(`alter table "${table}" ${state} trigger user`));
}

/**
 * The callers and subjects of one run on a seeded database: new tokens for the seed's contributors and company, and
 * invitations still open (a run declines some, so a later run on a kept database takes the next ones).
 */
export async function fixturesOf(db: Db, size: SeedSize, seeded: SeededData): Promise<Fixtures> {
  const contributorUserId = size.companies + 1;
  return {
    ...seeded,
    contributorToken: await createToken(db, contributorUserId, 'bench', null),
    typicalContributorToken: await createToken(db, contributorUserId + 1, 'bench', null),
    companyToken: await createToken(db, 1, 'bench', null),
    busyIdeasChallengeId: await busiestIdeasChallenge(db),
    invitations: await openInvitations(db, INVITATIONS_TO_DECLINE),
    teamId: 1,
  };
}
