import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES } from './tasks.state.ts';

/**
 * `task_fit`, the contributor's feed kept (migrations 0008 and 0031): for each contributor, their best `FEED_DEPTH`
 * open tasks of open challenges that share a skill with them and on which they hold no assignment, with how many
 * skills they share, in the feed's order (most shared skills first, ties newest first). `task_fit_feeds` holds per
 * contributor how many rows they keep (`kept`: the feed's total) and whether fits exist beyond them (`truncated`).
 *
 * **The rule:** a contributor's kept rows are always a prefix of their full ranking (what a recomputation from scratch
 * would rank), at most `FEED_DEPTH` long, and the whole ranking when `truncated` is 0 (a 1 says that more may exist:
 * it is set when rows are cut off and cleared only by a recomputation). Every write that changes who
 * fits which open task keeps it in its own transaction:
 *
 * | write | call | what it does to the kept rows |
 * |---|---|---|
 * | a task is planned (pending, in its challenge's opening transaction) | `addTaskToFeeds` | inserted where it ranks inside the kept prefix (or the feed is whole); a feed over the depth loses its worst row |
 * | a task's skills are edited | `replaceTaskInFeeds` | its rows dropped, then added as a planned task |
 * | a task is filled, started or completed | `removeTaskFromFeeds` | its rows dropped |
 * | a challenge is completed or archived | `removeChallengeFromFeeds` | its tasks' rows dropped |
 * | a contributor gets an assignment on a task (an invitation) | `removeFromFeed` | one row dropped |
 * | a contributor's skills change (the CV analysis) | `refreshFeedOf` | their best rows recomputed |
 *
 * Dropping rows keeps the prefix (what was ranked below still is). A truncated feed that fell under
 * `FEED_REFILL_BELOW` rows is recomputed by the periodic `task-fit.refill` job (`refillShortFeeds`), not in the write
 * that dropped the rows: closing a popular task lowers thousands of feeds, and the transition should not recompute them.
 *
 * Every write first holds the `task_fit_feeds` rows of the contributors it changes (the upsert or update is its first
 * statement on them), so on PostgreSQL two writers to one contributor's feed take turns, and the second decides from
 * what the first committed.
 *
 * `rebuildTaskFit` recomputes the whole table (the bench's seed writes its tables directly and calls it). The property
 * test (`test/db/task-fit.test.ts`) checks the rule after any sequence of writes, and that the refill and the rebuild
 * give exactly the top `FEED_DEPTH` of a recomputation.
 */

/** How many fits a contributor's feed keeps: the feed is "your best 1,000 fitting tasks" (docs/api.md). */
export const FEED_DEPTH = 1000;
/** A truncated feed with fewer kept rows than this is topped up again by the periodic refill. */
export const FEED_REFILL_BELOW = 900;

/**
 * The limits in force. They are the constants above; the property test lowers them so that a handful of tasks
 * overflows a feed.
 */
export const feedLimits = { depth: FEED_DEPTH, refillBelow: FEED_REFILL_BELOW };

type FitSource = ExpressionBuilder<Database, 'task_skills' | 'volunteer_skills' | 'tasks' | 'challenges'>;

/** The pairs of an open task and a contributor sharing one of its skills, counted, narrowed by `where`. */
function fitRows(db: Db, where: (eb: FitSource) => ReturnType<FitSource['and']>) {
  return db
    .selectFrom('task_skills')
    .innerJoin('volunteer_skills', 'volunteer_skills.skill_id', 'task_skills.skill_id')
    .innerJoin('tasks', 'tasks.id', 'task_skills.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .where((eb) =>
      eb.and([
        where(eb),
        eb('tasks.status', 'in', [...OPEN_TASK_STATUSES]),
        eb('challenges.status', 'in', [...OPEN_CHALLENGE_STATUSES]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('assignments')
              .select('assignments.id')
              .whereRef('assignments.task_id', '=', 'task_skills.task_id')
              .whereRef('assignments.volunteer_id', '=', 'volunteer_skills.volunteer_id'),
          ),
        ),
      ]),
    )
    .groupBy(['volunteer_skills.volunteer_id', 'task_skills.task_id'])
    .select([
      'volunteer_skills.volunteer_id',
      'task_skills.task_id',
      (eb) => eb.fn.countAll<number>().as('shared_skills'),
    ]);
}

type FitRow = { volunteer_id: number; task_id: number; shared_skills: number };

/** Rows per insert statement: 3 parameters each stays far under both engines' limits. */
const INSERT_CHUNK = 3000;

async function insertFitRows(db: Db, rows: readonly FitRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('task_fit')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/**
 * Offers the task to every contributor sharing a skill with it (if it and its challenge are open) whose kept feed it
 * ranks into: a whole feed takes it, a truncated one only if it ranks above the worst kept row (otherwise it lies
 * beyond the prefix, where the refill will find it). A feed that grows past the depth loses its worst row and is
 * marked truncated.
 */
export async function addTaskToFeeds(db: Db, taskId: number): Promise<void> {
  // Hold (or create) the feed row of everyone who may get the task, in contributor order, before deciding anything.
  await db
    .insertInto('task_fit_feeds')
    .columns(['volunteer_id', 'kept', 'truncated'])
    .expression((eb) =>
      eb
        .selectFrom('task_skills')
        .innerJoin('volunteer_skills', 'volunteer_skills.skill_id', 'task_skills.skill_id')
        .where('task_skills.task_id', '=', taskId)
        .select(['volunteer_skills.volunteer_id', sql.lit(0).as('kept'), sql.lit(0).as('truncated')])
        .distinct()
        .orderBy('volunteer_skills.volunteer_id'),
    )
    .onConflict((oc) => oc.column('volunteer_id').doUpdateSet({ kept: (eb) => eb.ref('task_fit_feeds.kept') }))
    .execute();
  await db
    .insertInto('task_fit')
    .columns(['volunteer_id', 'task_id', 'shared_skills'])
    .expression(
      db
        .selectFrom(fitRows(db, (eb) => eb.and([eb('task_skills.task_id', '=', taskId)])).as('fit'))
        .innerJoin('task_fit_feeds as feed', 'feed.volunteer_id', 'fit.volunteer_id')
        .where((eb) =>
          eb.or([
            eb('feed.truncated', '=', 0),
            eb.exists(
              eb
                .selectFrom('task_fit as below')
                .select('below.task_id')
                .whereRef('below.volunteer_id', '=', 'fit.volunteer_id')
                .where((below) =>
                  below.or([
                    below('below.shared_skills', '<', below.ref('fit.shared_skills')),
                    below.and([
                      below('below.shared_skills', '=', below.ref('fit.shared_skills')),
                      below('below.task_id', '<', below.ref('fit.task_id')),
                    ]),
                  ]),
                ),
            ),
          ]),
        )
        .select(['fit.volunteer_id', 'fit.task_id', 'fit.shared_skills']),
    )
    .execute();
  const offeredTo = (eb: ExpressionBuilder<Database, 'task_fit_feeds'>) =>
    eb(
      'task_fit_feeds.volunteer_id',
      'in',
      eb.selectFrom('task_fit').select('volunteer_id').where('task_id', '=', taskId),
    );
  await db
    .updateTable('task_fit_feeds')
    .set((eb) => ({ kept: eb('kept', '+', 1) }))
    .where(offeredTo)
    .execute();
  const overflowing = await db
    .selectFrom('task_fit_feeds')
    .select('volunteer_id')
    .where(offeredTo)
    .where('kept', '>', feedLimits.depth)
    .execute();
  for (const { volunteer_id } of overflowing) await dropWorstRow(db, volunteer_id);
  if (overflowing.length > 0) {
    await db
      .updateTable('task_fit_feeds')
      .set((eb) => ({ kept: eb('kept', '-', 1), truncated: 1 }))
      .where(
        'volunteer_id',
        'in',
        overflowing.map((row) => row.volunteer_id),
      )
      .execute();
  }
}

/** Deletes the contributor's lowest-ranked kept row (fewest shared skills, oldest task). */
async function dropWorstRow(db: Db, volunteerId: number): Promise<void> {
  await db
    .deleteFrom('task_fit')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('volunteer_id', 'shared_skills', 'task_id'),
        'in',
        selectFrom('task_fit as worst')
          .select(['worst.volunteer_id', 'worst.shared_skills', 'worst.task_id'])
          .where('worst.volunteer_id', '=', volunteerId)
          .orderBy('worst.shared_skills')
          .orderBy('worst.task_id')
          .limit(1)
          .$asTuple('volunteer_id', 'shared_skills', 'task_id'),
      ),
    )
    .execute();
}

/** Contributors whose counts one statement lowers: thousands for a popular task, under both engines' parameter limits. */
const COUNT_CHUNK = 10_000;

/**
 * Deletes the kept rows `which` selects and lowers their contributors' `kept` by as many as were deleted. The feed
 * rows of the contributors holding such rows are held first; the delete, a statement of its own, then sees what the
 * writers that held them before committed (a trim of the same row, a refill), and the counts go down by what it
 * actually deleted.
 */
async function dropRows(db: Db, which: (eb: ExpressionBuilder<Database, 'task_fit'>) => Expression<SqlBool>) {
  await db
    .updateTable('task_fit_feeds')
    .set((eb) => ({ kept: eb.ref('kept') }))
    .where('task_fit_feeds.volunteer_id', 'in', (eb) =>
      eb.selectFrom('task_fit').select('task_fit.volunteer_id').where(which),
    )
    .execute();
  const deleted = await db.deleteFrom('task_fit').where(which).returning('task_fit.volunteer_id').execute();
  const droppedOf = new Map<number, number>();
  for (const { volunteer_id } of deleted) droppedOf.set(volunteer_id, (droppedOf.get(volunteer_id) ?? 0) + 1);
  const byCount = new Map<number, number[]>();
  for (const [volunteerId, dropped] of droppedOf) byCount.set(dropped, [...(byCount.get(dropped) ?? []), volunteerId]);
  for (const [dropped, volunteerIds] of byCount) {
    for (let start = 0; start < volunteerIds.length; start += COUNT_CHUNK) {
      await db
        .updateTable('task_fit_feeds')
        .set((eb) => ({ kept: eb('kept', '-', dropped) }))
        .where('volunteer_id', 'in', volunteerIds.slice(start, start + COUNT_CHUNK))
        .execute();
    }
  }
}

/** The task's skills changed: it leaves every feed and is offered again by its new skills. */
export async function replaceTaskInFeeds(db: Db, taskId: number): Promise<void> {
  await removeTaskFromFeeds(db, taskId);
  await addTaskToFeeds(db, taskId);
}

/** The task no longer looks for people: it leaves every feed. */
export async function removeTaskFromFeeds(db: Db, taskId: number): Promise<void> {
  await dropRows(db, (eb) => eb('task_fit.task_id', '=', taskId));
}

/** The challenge stopped running: none of its tasks is offered any more. */
export async function removeChallengeFromFeeds(db: Db, challengeId: number): Promise<void> {
  await dropRows(db, (eb) =>
    eb(
      'task_fit.task_id',
      'in',
      eb.selectFrom('tasks').select('tasks.id').where('tasks.challenge_id', '=', challengeId),
    ),
  );
}

/** The contributor now holds an assignment on the task, so it is no longer offered to them. */
export async function removeFromFeed(db: Db, volunteerId: number, taskId: number): Promise<void> {
  await dropRows(db, (eb) =>
    eb.and([eb('task_fit.task_id', '=', taskId), eb('task_fit.volunteer_id', '=', volunteerId)]),
  );
}

/**
 * The contributor's feed computed again from their skills: their best `FEED_DEPTH` fits, and whether more exist. Run
 * when their skills change, and by the refill when a truncated feed ran low.
 */
export async function refreshFeedOf(db: Db, volunteerId: number): Promise<void> {
  await holdFeedOf(db, volunteerId);
  const { depth } = feedLimits;
  const ranked = await fitRows(db, (eb) => eb.and([eb('volunteer_skills.volunteer_id', '=', volunteerId)]))
    .orderBy('shared_skills', 'desc')
    .orderBy('task_skills.task_id', 'desc')
    .limit(depth + 1)
    .execute();
  const kept = ranked.slice(0, depth).map((row) => ({ ...row, shared_skills: Number(row.shared_skills) }));
  await db.deleteFrom('task_fit').where('volunteer_id', '=', volunteerId).execute();
  await insertFitRows(db, kept);
  await db
    .updateTable('task_fit_feeds')
    .set({ kept: kept.length, truncated: ranked.length > depth ? 1 : 0 })
    .where('volunteer_id', '=', volunteerId)
    .execute();
}

/**
 * Holds (or creates) the contributor's feed row until the transaction ends. A write that changes their skills calls
 * it before touching them, so that two such writes take turns from the start and the second recomputes the feed from
 * the first's skills; `refreshFeedOf` calls it too.
 */
export async function holdFeedOf(db: Db, volunteerId: number): Promise<void> {
  await db
    .insertInto('task_fit_feeds')
    .values({ volunteer_id: volunteerId, kept: 0, truncated: 0 })
    .onConflict((oc) => oc.column('volunteer_id').doUpdateSet({ kept: (eb) => eb.ref('task_fit_feeds.kept') }))
    .execute();
}

/** Truncated feeds that ran low, the lowest first: what one run of the refill recomputes. */
export async function shortFeeds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('task_fit_feeds')
    .select('volunteer_id')
    .where('truncated', '=', 1)
    .where('kept', '<', feedLimits.refillBelow)
    .orderBy('kept')
    .limit(limit)
    .execute();
  return rows.map((row) => row.volunteer_id);
}

/**
 * The whole table recomputed from tasks, skills and assignments: after a bulk load that bypassed the writes above.
 * Ranked in memory, not by `fitRows`: the full ranking has contributors × matching open tasks pairs (1.8 billion at
 * the bench's 10× scale), which one GROUP BY over the join cannot sort in reasonable time, while counting shared skills
 * per contributor over per-skill lists of open task ids touches each pair once in a typed array. `test/db/task-fit.test.ts`
 * checks that it keeps exactly what `refreshFeedOf` keeps for every contributor.
 */
export async function rebuildTaskFit(db: Db): Promise<void> {
  const { depth } = feedLimits;
  const openTaskSkills = await db
    .selectFrom('task_skills')
    .innerJoin('tasks', 'tasks.id', 'task_skills.task_id')
    .innerJoin('challenges', 'challenges.id', 'tasks.challenge_id')
    .where('tasks.status', 'in', [...OPEN_TASK_STATUSES])
    .where('challenges.status', 'in', [...OPEN_CHALLENGE_STATUSES])
    .select(['task_skills.skill_id', 'task_skills.task_id'])
    .orderBy('task_skills.task_id', 'desc')
    .execute();
  const tasksBySkill = new Map<number, number[]>();
  let maxTaskId = 0;
  for (const row of openTaskSkills) {
    let list = tasksBySkill.get(row.skill_id);
    if (!list) tasksBySkill.set(row.skill_id, (list = []));
    list.push(row.task_id);
    if (row.task_id > maxTaskId) maxTaskId = row.task_id;
  }
  const listsBySkill = new Map([...tasksBySkill].map(([skill, ids]) => [skill, Int32Array.from(ids)]));
  tasksBySkill.clear();
  const skillsOf = groupBy(
    await db.selectFrom('volunteer_skills').select(['volunteer_id', 'skill_id']).execute(),
    (row) => row.volunteer_id,
    (row) => row.skill_id,
  );
  const assignedOf = groupBy(
    await db.selectFrom('assignments').select(['volunteer_id', 'task_id']).distinct().execute(),
    (row) => row.volunteer_id,
    (row) => row.task_id,
  );

  await db.deleteFrom('task_fit').execute();
  await db.deleteFrom('task_fit_feeds').execute();
  // Rows go in contributor by contributor, in the primary key's order; the task index is built once they are all in
  // (inserting millions of entries into it in another order than its own is far slower), as migration 0008 does.
  await db.schema.dropIndex('task_fit_task_id').execute();
  const shared = new Uint8Array(maxTaskId + 1);
  let pendingRows: FitRow[] = [];
  let pendingFeeds: Array<{ volunteer_id: number; kept: number; truncated: number }> = [];
  const flush = async () => {
    await insertFitRows(db, pendingRows);
    for (let start = 0; start < pendingFeeds.length; start += INSERT_CHUNK) {
      await db
        .insertInto('task_fit_feeds')
        .values(pendingFeeds.slice(start, start + INSERT_CHUNK))
        .execute();
    }
    pendingRows = [];
    pendingFeeds = [];
  };
  for (const [volunteerId, skills] of [...skillsOf].sort(([a], [b]) => a - b)) {
    const lists = skills.flatMap((skill) => listsBySkill.get(skill) ?? []);
    const ranked = rankFits(lists, assignedOf.get(volunteerId) ?? [], shared, depth + 1);
    if (ranked.length === 0) continue;
    const kept = ranked.slice(0, depth);
    for (const fit of kept)
      pendingRows.push({ volunteer_id: volunteerId, task_id: fit.taskId, shared_skills: fit.shared });
    pendingFeeds.push({ volunteer_id: volunteerId, kept: kept.length, truncated: ranked.length > depth ? 1 : 0 });
    if (pendingRows.length >= 50_000) await flush();
  }
  await flush();
  await db.schema.createIndex('task_fit_task_id').on('task_fit').columns(['task_id', 'volunteer_id']).execute();
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number, value: (row: T) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const k = key(row);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = []));
    group.push(value(row));
  }
  return groups;
}

/**
 * The best `limit` tasks of one contributor in the feed's order, from the lists of open task ids (newest first) of
 * each of their skills, leaving out the tasks they hold an assignment on. `shared` is a zeroed scratch array indexed by
 * task id, zeroed again on return.
 */
function rankFits(lists: readonly Int32Array[], assigned: readonly number[], shared: Uint8Array, limit: number) {
  for (const list of lists) for (const task of list) shared[task]++;
  for (const task of assigned) if (task < shared.length) shared[task] = 0;
  // Tasks sharing two or more skills are few: gather them by count (each once) and sort. Those sharing one stay 1.
  const byCount: number[][] = [];
  for (const list of lists) {
    for (const task of list) {
      const count = shared[task];
      if (count < 2) continue;
      (byCount[count] ??= []).push(task);
      shared[task] = 0;
    }
  }
  const ranked: Array<{ taskId: number; shared: number }> = [];
  for (let count = byCount.length - 1; count >= 2 && ranked.length < limit; count--) {
    const tasks = byCount[count];
    if (!tasks) continue;
    tasks.sort((a, b) => b - a);
    for (const taskId of tasks.slice(0, limit - ranked.length)) ranked.push({ taskId, shared: count });
  }
  // Then the newest of the tasks sharing one skill: merge the lists from their newest end, taking those still at 1.
  const heads = lists.map(() => 0);
  while (ranked.length < limit) {
    let newest = -1;
    let from = -1;
    for (let i = 0; i < lists.length; i++) {
      while (heads[i] < lists[i].length && shared[lists[i][heads[i]]] !== 1) heads[i]++;
      if (heads[i] < lists[i].length && lists[i][heads[i]] > newest) {
        newest = lists[i][heads[i]];
        from = i;
      }
    }
    if (from < 0) break;
    ranked.push({ taskId: newest, shared: 1 });
    heads[from]++;
  }
  for (const list of lists) for (const task of list) shared[task] = 0;
  return ranked;
}

/** How many tasks the contributor's feed holds: their kept count, at most `FEED_DEPTH`. */
export async function feedSize(db: Db, volunteerId: number): Promise<number> {
  const row = await db
    .selectFrom('task_fit_feeds')
    .select('kept')
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return row?.kept ?? 0;
}

/** Every kept row, in key order: what the property test compares with a recomputation. */
export function allTaskFit(db: Db) {
  return db
    .selectFrom('task_fit')
    .select(['volunteer_id', 'task_id', 'shared_skills'])
    .orderBy('volunteer_id')
    .orderBy('shared_skills', 'desc')
    .orderBy('task_id', 'desc')
    .execute();
}

/** Every contributor's full ranking from scratch, in the same order as `allTaskFit`: what the kept rows are a prefix of. */
export function recomputedTaskFit(db: Db) {
  return db
    .selectFrom(fitRows(db, (eb) => eb.and([])).as('fit'))
    .select(['fit.volunteer_id', 'fit.task_id', 'fit.shared_skills'])
    .orderBy('fit.volunteer_id')
    .orderBy('fit.shared_skills', 'desc')
    .orderBy('fit.task_id', 'desc')
    .execute();
}

/** Every contributor's kept count and truncation: what the property test checks against the kept rows. */
export function allTaskFitFeeds(db: Db) {
  return db
    .selectFrom('task_fit_feeds')
    .select(['volunteer_id', 'kept', 'truncated'])
    .orderBy('volunteer_id')
    .execute();
}
