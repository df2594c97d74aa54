import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { compiledOnce, compiledOncePerShape, type Value } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { type Unselected, windowFromNearerEnd } from '../../shared/paged-query.ts';
import { removeChallengeFromFeeds } from '../tasks/task-fit.repository.ts';
import type { TaskStatus } from '../tasks/tasks.state.ts';
import { isPubliclyVisible, PUBLIC_CHALLENGE_STATUSES } from './challenge-visibility.ts';
import { CHALLENGE_STATUSES, CHALLENGE_TRANSITIONS, type ChallengeStatus, isOpen } from './challenges.state.ts';

export type ChallengeFilters = {
  status?: ChallengeStatus;
  challenge_type?: string;
  complexity_level?: number;
  field?: string;
  q?: string;
};

/** Whose challenges a list may contain: what a caller may see, or only one company's own. */
export type ChallengeScope = { visibleToCompanyId: number | null } | { ownedByCompanyId: number };

/**
 * The visibility rule of challenge-visibility.ts as a SQL condition, for lists and for the tasks module: public
 * statuses, plus every status of the caller's own company.
 */
export function visibleChallengeCondition(eb: ExpressionBuilder<Database, 'challenges'>, companyId: number | null) {
  const isPublic = eb('challenges.status', 'in', [...PUBLIC_CHALLENGE_STATUSES]);
  return companyId === null ? isPublic : eb.or([isPublic, eb('challenges.company_id', '=', companyId)]);
}

/** Challenge columns with the embedded company's. */
function withCompany(query: SelectQueryBuilder<Database, 'challenges', Unselected>) {
  return query
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .selectAll('challenges')
    .select(['companies.company_name as company_name', 'companies.logo_storage_key as company_logo_storage_key']);
}

function selectChallenges(db: Db) {
  return withCompany(db.selectFrom('challenges'));
}

export type ChallengeWithCompanyRow = Awaited<
  ReturnType<ReturnType<typeof selectChallenges>['executeTakeFirstOrThrow']>
>;

const challengeWithCompanyById = compiledOnce((db, id: number) => selectChallenges(db).where('challenges.id', '=', id));

export async function findChallengeWithCompany(db: Db, id: number): Promise<ChallengeWithCompanyRow | undefined> {
  return (await challengeWithCompanyById(db, id))[0];
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern after this. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function challengesInScope(db: Db, scope: ChallengeScope) {
  const query = db.selectFrom('challenges');
  return 'ownedByCompanyId' in scope
    ? query.where('challenges.company_id', '=', scope.ownedByCompanyId)
    : query.where((eb) => visibleChallengeCondition(eb, scope.visibleToCompanyId));
}

/**
 * The fields of the challenges in scope, for the list's field filter: each once however it is capitalised (the
 * filter ignores case), in the spelling most of them use, A to Z.
 */
export async function listChallengeFields(db: Db, scope: ChallengeScope): Promise<string[]> {
  const rows = await challengesInScope(db, scope)
    .where('challenges.field', 'is not', null)
    .select(['challenges.field', (eb) => eb.fn.countAll<number | string>().as('uses')])
    .groupBy('challenges.field')
    .execute();
  const spellings = new Map<string, { field: string; uses: number }>();
  for (const row of rows) {
    const field = row.field?.trim();
    if (!field) continue;
    const key = field.toLowerCase();
    const uses = Number(row.uses);
    const known = spellings.get(key);
    if (!known || uses > known.uses) spellings.set(key, { field, uses });
  }
  return [...spellings.values()].map(({ field }) => field).sort((a, b) => a.localeCompare(b, 'en'));
}

export async function listChallenges(db: Db, scope: ChallengeScope, filters: ChallengeFilters, page: PageRequest) {
  let query = challengesInScope(db, scope);
  if (filters.status !== undefined) query = query.where('challenges.status', '=', filters.status);
  if (filters.challenge_type !== undefined) {
    query = query.where('challenges.challenge_type', '=', filters.challenge_type);
  }
  if (filters.complexity_level !== undefined) {
    query = query.where('challenges.complexity_level', '=', filters.complexity_level);
  }
  if (filters.field !== undefined) {
    // Folded by the database on both sides, like `q` below.
    query = query.where(sql`lower(challenges.field)`, '=', sql<string>`lower(${filters.field})`);
  }
  if (filters.q !== undefined) {
    // The database's lower() on both sides, so text and pattern fold alike: PostgreSQL folds all letters, SQLite
    // only ASCII ones, and an exactly typed non-ASCII word still matches on both.
    const pattern = likeContains(filters.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(challenges.title) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(challenges.description) like lower(${pattern}) escape '\\'`,
      ]),
    );
  }
  const total = (await keptTotal(db, scope, filters)) ?? (await countChallenges(query));
  return fetchChallengePage(db, query, page, total);
}

/**
 * The list's total from the kept per-company counts (`challenge_counts`, kept by triggers: migration 0021), when
 * nothing but the status narrows the list; null when another filter does, and the list is counted instead. The
 * public statuses are summed over every company (one row per company and status), the caller's own company adds its
 * challenges in the other statuses.
 */
async function keptTotal(db: Db, scope: ChallengeScope, filters: ChallengeFilters): Promise<number | null> {
  const { status, ...otherFilters } = filters;
  if (Object.values(otherFilters).some((value) => value !== undefined)) return null;
  const wanted = (statuses: readonly ChallengeStatus[]) => statuses.filter((s) => status === undefined || s === status);
  if ('ownedByCompanyId' in scope) return sumKeptCounts(db, wanted(CHALLENGE_STATUSES), scope.ownedByCompanyId);
  const publicTotal = await sumKeptCounts(db, wanted(PUBLIC_CHALLENGE_STATUSES), null);
  if (scope.visibleToCompanyId === null) return publicTotal;
  const privateStatuses = wanted(CHALLENGE_STATUSES.filter((s) => !isPubliclyVisible(s)));
  return publicTotal + (await sumKeptCounts(db, privateStatuses, scope.visibleToCompanyId));
}

/**
 * Counts every company's challenges per status again, for rows written while the triggers that keep the counts were
 * off: the benchmark's bulk load on PostgreSQL (bench/seed.ts says why it turns them off).
 */
export async function recountChallenges(db: Db): Promise<void> {
  await db.deleteFrom('challenge_counts').execute();
  await db
    .insertInto('challenge_counts')
    .columns(['company_id', 'status', 'total'])
    .expression(
      db
        .selectFrom('challenges')
        .select(['company_id', 'status', (eb) => eb.fn.countAll<number>().as('total')])
        .groupBy(['company_id', 'status']),
    )
    .execute();
}

/** The kept number of challenges in `statuses`, of one company or (null) of all. */
async function sumKeptCounts(db: Db, statuses: readonly string[], companyId: number | null): Promise<number> {
  if (statuses.length === 0) return 0;
  const row = await db
    .selectFrom('challenge_counts')
    .select((eb) => eb.fn.sum<number | string | null>('total').as('total'))
    .where('status', 'in', statuses)
    .$if(companyId !== null, (query) => query.where('company_id', '=', companyId!))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * One page of `filtered`, which holds `total` challenges, with the companies embedded. The page's ids are chosen first, from
 * `challenges` alone in primary-key order (ids grow with creation time), and only those rows then join `companies`:
 * joining first made SQLite without planner statistics join and sort every visible challenge to keep 15. The ids are
 * walked from the nearer end of the list (`windowFromNearerEnd`), so the last page costs what the first does instead
 * of skipping every newer challenge.
 */
async function fetchChallengePage(
  db: Db,
  filtered: SelectQueryBuilder<Database, 'challenges', Unselected>,
  page: PageRequest,
  total: number,
) {
  const window = windowFromNearerEnd(total, page);
  if (!window) return { rows: [], total };
  const pageIds = filtered
    .select('challenges.id')
    .orderBy('challenges.id', window.direction)
    .limit(window.limit)
    .offset(window.offset);
  const rows = await selectChallenges(db)
    .where('challenges.id', 'in', pageIds)
    .orderBy('challenges.id', 'desc')
    .execute();
  return { rows, total };
}

async function countChallenges(filtered: SelectQueryBuilder<Database, 'challenges', Unselected>): Promise<number> {
  const count = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  return Number(count?.total ?? 0);
}

/** The contest settings as stored; an absent one is left as it is. */
export type ContestColumns = {
  deadline?: string | null;
  prize?: string | null;
  judging_criteria?: string | null;
  is_public?: number;
};

/**
 * Inserts a submitted challenge and returns it as `findChallengeWithCompany` reads it, company included: one statement
 * where an insert and a read were two (on PostgreSQL each is a round trip).
 */
export async function insertChallenge(
  db: Db,
  values: { companyId: number; title: string; description: string; contest: ContestColumns; now: string },
): Promise<ChallengeWithCompanyRow> {
  const contest = Object.entries(values.contest).filter(([, value]) => value !== undefined);
  // Compiled once per set of contest settings given (none, for most challenges).
  const [row] = await challengeInserts(
    db,
    contest.map(([column]) => column).join(','),
    (inner, companyId, title, description, now, ...settings) =>
      inner
        .insertInto('challenges')
        .values({
          company_id: companyId as number,
          title: title as string,
          description: description as string,
          refined_brief: null,
          field: null,
          score: null,
          complexity_level: null,
          challenge_type: null,
          status: CHALLENGE_TRANSITIONS.submit.to,
          ai_analysis_status: 'pending',
          rejection_reason: null,
          ...(Object.fromEntries(contest.map(([column], i) => [column, settings[i]])) as ContestColumns),
          created_at: now as string,
          updated_at: now as string,
        })
        .returningAll()
        .returning((eb) => {
          const company = eb.selectFrom('companies').whereRef('companies.id', '=', 'challenges.company_id');
          return [
            company.select('company_name').$castTo<string>().as('company_name'),
            company.select('logo_storage_key').as('company_logo_storage_key'),
          ];
        }),
    [values.companyId, values.title, values.description, values.now, ...contest.map(([, value]) => value as Value)],
  );
  if (!row) throw new Error('The challenge insert returned no row.');
  return row;
}

const challengeInserts = compiledOncePerShape<ChallengeWithCompanyRow>();

export type ChallengeEdit = {
  title?: string;
  description?: string;
  /** Set when the description changed: the brief goes back to the analysis queue. */
  restartAnalysis: boolean;
};

/**
 * Applies an edit only while the challenge is still in one of `editableStatuses`, so an edit racing the pipeline's
 * move to `active` cannot land on a challenge that has left them. Returns whether it applied.
 */
export async function updateEditableChallenge(
  db: Db,
  id: number,
  editableStatuses: readonly ChallengeStatus[],
  edit: ChallengeEdit,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({
      ...(edit.title !== undefined ? { title: edit.title } : {}),
      ...(edit.description !== undefined ? { description: edit.description } : {}),
      ...(edit.restartAnalysis
        ? { status: CHALLENGE_TRANSITIONS.edit.to, ai_analysis_status: 'pending', ai_analysis_step: null }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...editableStatuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateContestSettings(db: Db, id: number, contest: ContestColumns, now: string) {
  await db
    .updateTable('challenges')
    .set({ ...contest, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Records the winners' announcement once: the condition on `winners_announced_at` lets one of two racing
 * announcements through. Returns whether this one did.
 */
export async function markWinnersAnnounced(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({ winners_announced_at: now, updated_at: now })
    .where('id', '=', id)
    .where('winners_announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes the company's refined brief while the challenge is still in one of `statuses`; returns whether it did. */
export async function updateRefinedBrief(
  db: Db,
  id: number,
  statuses: readonly ChallengeStatus[],
  text: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({ refined_brief: text, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setChallengeStatus(db: Db, id: number, status: ChallengeStatus, now: string): Promise<void> {
  await db
    .updateTable('challenges')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', status)
    .execute();
  await leaveFeedsUnlessOpen(db, id, status);
}

/** A challenge that stops running takes its tasks out of every contributor's feed (tasks module, `task_fit`). */
async function leaveFeedsUnlessOpen(db: Db, id: number, status: ChallengeStatus): Promise<void> {
  if (!isOpen(status)) await removeChallengeFromFeeds(db, id);
}

/**
 * Moves the challenge to `to` only while it is still in one of `from` (a compare-and-set). With `allTasksIn`, only
 * when it has tasks and every one of them is in that status: one statement, run after the lock `lockChallenge` takes,
 * so two last tasks completing at once cannot both miss it. Returns whether it moved.
 */
export async function moveChallengeIfIn(
  db: Db,
  id: number,
  move: { from: readonly ChallengeStatus[]; to: ChallengeStatus },
  now: string,
  allTasksIn?: TaskStatus,
): Promise<boolean> {
  let query = db
    .updateTable('challenges')
    .set({ status: move.to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...move.from]);
  if (allTasksIn !== undefined) {
    query = query.where((eb) =>
      eb.and([
        eb.exists(eb.selectFrom('tasks').select('tasks.id').where('tasks.challenge_id', '=', id)),
        eb.not(
          eb.exists(
            eb
              .selectFrom('tasks')
              .select('tasks.id')
              .where('tasks.challenge_id', '=', id)
              .where('tasks.status', '<>', allTasksIn),
          ),
        ),
      ]),
    );
  }
  const result = await query.executeTakeFirst();
  const moved = Number(result.numUpdatedRows) > 0;
  if (moved) await leaveFeedsUnlessOpen(db, id, move.to);
  return moved;
}

export const analysesOf = compiledOnce((db, challengeId: number) =>
  db
    .selectFrom('challenge_analyses')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .orderBy('created_at')
    .orderBy('id'),
);

export const workstreamsOf = compiledOnce((db, challengeId: number) =>
  db.selectFrom('workstreams').selectAll().where('challenge_id', '=', challengeId).orderBy('position').orderBy('id'),
);

/**
 * Locks the challenge's row for the rest of the transaction and returns its title (undefined when it is gone). The
 * statement writes (the status onto itself), so on SQLite the write lock is taken up front too: two team formations
 * for one challenge run one after the other and the second sees the first's team.
 */
export function lockChallenge(trx: Db, challengeId: number) {
  return trx
    .updateTable('challenges')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', challengeId)
    .returning(['id', 'title'])
    .executeTakeFirst();
}

/**
 * Moves the challenge to `to` if it is in one of `from` (a transition of the challenge lifecycle table); returns
 * whether it moved.
 */
export async function updateChallengeStatusIfIn(
  db: Db,
  challengeId: number,
  from: readonly ChallengeStatus[],
  to: ChallengeStatus,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({ status: to, updated_at: now })
    .where('id', '=', challengeId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  await leaveFeedsUnlessOpen(db, challengeId, to);
  return Number(result.numUpdatedRows) > 0;
}
