import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { compiledOnce, compiledOnceForList } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { isOneOf } from '../../shared/lifecycle.ts';
import { fetchPage, type Unselected, windowFromNearerEnd } from '../../shared/paged-query.ts';
import { ASSIGNMENT_TRANSITIONS } from '../assignments/assignments.state.ts';
import { visibleChallengeCondition } from '../challenges/challenges.repository.ts';
import { feedSize, removeTaskFromFeeds } from './task-fit.repository.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES, TASK_TRANSITIONS, type TaskStatus } from './tasks.state.ts';

/** Tasks with their challenge: what every task query filters on (visibility and status rules live there). */
function fromTasks(db: Db) {
  return db.selectFrom('tasks').innerJoin('challenges', 'challenges.id', 'tasks.challenge_id');
}

/** Task columns with what the response embeds of its challenge and workstream. */
function withTaskColumns(query: SelectQueryBuilder<Database, 'tasks' | 'challenges', Unselected>) {
  return query
    .leftJoin('workstreams', 'workstreams.id', 'tasks.workstream_id')
    .selectAll('tasks')
    .select(TASK_CONTEXT_COLUMNS);
}

/** What a task row embeds of its challenge and workstream (joined as `challenges` and `workstreams`). */
const TASK_CONTEXT_COLUMNS = [
  'challenges.title as challenge_title',
  'challenges.status as challenge_status',
  'challenges.company_id as challenge_company_id',
  'workstreams.title as workstream_title',
] as const;

function selectTasks(db: Db) {
  return withTaskColumns(fromTasks(db));
}

export type TaskWithContextRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/** Which tasks to load: these ids, or a challenge's. */
export type TaskSelection = { ids: readonly number[] } | { challengeId: number };

/** A challenge's tasks, oldest first: every challenge page reads them. */
const tasksOfChallenge = compiledOnce((db, challengeId: number) =>
  selectTasks(db).where('tasks.challenge_id', '=', challengeId).orderBy('tasks.id'),
);

/** Tasks by id, oldest first, compiled once per number of ids (a page's tasks not kept yet, one task after a write). */
const tasksByIds = compiledOnceForList((db, ids) => selectTasks(db).where('tasks.id', 'in', ids).orderBy('tasks.id'));

/** Tasks by id or of a challenge, oldest first. An empty id list selects nothing. */
export function findTasks(db: Db, where: TaskSelection): Promise<TaskWithContextRow[]> {
  if ('challengeId' in where) return tasksOfChallenge(db, where.challengeId);
  return where.ids.length === 0 ? Promise.resolve([]) : tasksByIds(db, where.ids);
}

export function findTask(db: Db, id: number) {
  return selectTasks(db).where('tasks.id', '=', id).executeTakeFirst();
}

export type TaskFilters = {
  status?: TaskStatus;
  challengeId?: number;
  workstreamId?: number;
  /** Taxonomy ids: tasks requiring at least one of them. */
  skillIds?: readonly number[];
};

/** Tasks of the challenges visible to the caller's company (or to anyone, for null), newest first. */
export function listVisibleTasks(db: Db, companyId: number | null, filters: TaskFilters, page: PageRequest) {
  let query = fromTasks(db).where((eb) => visibleChallengeCondition(eb, companyId));
  if (filters.status !== undefined) query = query.where('tasks.status', '=', filters.status);
  if (filters.challengeId !== undefined) query = query.where('tasks.challenge_id', '=', filters.challengeId);
  if (filters.workstreamId !== undefined) query = query.where('tasks.workstream_id', '=', filters.workstreamId);
  const skillIds = filters.skillIds;
  if (skillIds !== undefined) {
    query = query.where('tasks.id', 'in', (eb) =>
      eb
        .selectFrom('task_skills')
        .select('task_skills.task_id')
        .where('task_skills.skill_id', 'in', [...skillIds]),
    );
  }
  return fetchPage(query, page, (filtered) => withTaskColumns(filtered).orderBy('tasks.id', 'desc'));
}

/**
 * `GET /tasks/available`: a page of the contributor's kept feed (`task_fit`, see task-fit.repository.ts), best
 * overlap first, ties newest first: at most the contributor's best `FEED_DEPTH` fits, the total being their kept count
 * (`task_fit_feeds`). The page's task ids come from the `task_fit` primary key (volunteer, shared skills, task) walked
 * from the nearer end, so the last page costs what the first does and no candidate is ranked per request; only the
 * page's tasks are then stamped with their challenge's read version (their JSON may be kept: kept-tasks.ts).
 */
export async function listAvailableTasks(db: Db, volunteerId: number, page: PageRequest) {
  const total = await feedSize(db, volunteerId);
  const window = windowFromNearerEnd(total, page);
  if (!window) return { rows: [], total };
  const rows = await FEED_PAGE[window.direction](db, volunteerId, window.limit, window.offset);
  return { rows, total };
}

/** The feed's page walked from either end: the SQL of each direction is compiled once (a page per feed request). */
const FEED_PAGE = {
  asc: compiledOnce((db, volunteerId: number, limit: number, offset: number) =>
    feedPage(db, 'asc', volunteerId, limit, offset),
  ),
  desc: compiledOnce((db, volunteerId: number, limit: number, offset: number) =>
    feedPage(db, 'desc', volunteerId, limit, offset),
  ),
};

function feedPage(db: Db, direction: 'asc' | 'desc', volunteerId: number, limit: number, offset: number) {
  const pageIds = db
    .selectFrom('task_fit')
    .select(['task_fit.task_id', 'task_fit.shared_skills'])
    .where('task_fit.volunteer_id', '=', volunteerId)
    .orderBy('task_fit.shared_skills', direction)
    .orderBy('task_fit.task_id', direction)
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(pageIds.as('fit'))
    .innerJoin('tasks', 'tasks.id', 'fit.task_id')
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'tasks.challenge_id'),
    )
    .select(TASK_STAMP_COLUMNS)
    .orderBy('fit.shared_skills', 'desc')
    .orderBy('tasks.id', 'desc');
}

/** A page's task with its challenge's read version (`TaskStamp`, kept-tasks.ts), joined as `read_versions`. */
const TASK_STAMP_COLUMNS = ['tasks.id', 'tasks.challenge_id', 'read_versions.version'] as const;

/**
 * An open task of an open challenge on which the contributor holds no assignment, of any status: a task the
 * contributor may still be offered, in the available list and by matching.
 */
export function openTaskWithoutAssignmentCondition(
  eb: ExpressionBuilder<Database, 'tasks' | 'challenges'>,
  volunteerId: number,
) {
  return eb.and([
    eb('tasks.status', 'in', [...OPEN_TASK_STATUSES]),
    eb('challenges.status', 'in', [...OPEN_CHALLENGE_STATUSES]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('assignments')
          .select('assignments.id')
          .whereRef('assignments.task_id', '=', 'tasks.id')
          .where('assignments.volunteer_id', '=', volunteerId),
      ),
    ),
  ]);
}

/**
 * Tasks on which the contributor holds an assignment other than declined, latest assignment first, stamped with their
 * challenge's read version (kept-tasks.ts): the page and the total, each one statement compiled once (a page per
 * `GET /tasks/my-tasks`).
 */
export async function listTasksOfVolunteer(db: Db, volunteerId: number, page: PageRequest) {
  const [rows, [count]] = await Promise.all([
    VOLUNTEERS_TASKS_PAGE(db, volunteerId, page.perPage, page.offset),
    VOLUNTEERS_TASKS_COUNT(db, volunteerId),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Declined, by the invitee or by a withdrawal (both moves end there): not one of the contributor's tasks. */
const DECLINED = ASSIGNMENT_TRANSITIONS.reject.to;

const VOLUNTEERS_TASKS_PAGE = compiledOnce((db, volunteerId: number, limit: number, offset: number) =>
  db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'tasks.challenge_id'),
    )
    .where('assignments.volunteer_id', '=', volunteerId)
    .where('assignments.status', '<>', DECLINED)
    .select([...TASK_STAMP_COLUMNS, 'assignments.id as assignment_id'])
    .orderBy('assignments.id', 'desc')
    .limit(limit)
    .offset(offset),
);

/** Counted on the assignments alone: every assignment has its task and every task its challenge (foreign keys). */
const VOLUNTEERS_TASKS_COUNT = compiledOnce((db, volunteerId: number) =>
  db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('assignments.volunteer_id', '=', volunteerId)
    .where('assignments.status', '<>', DECLINED),
);

/** Ids of a task's assignments, oldest first: all of them, or one contributor's. */
export async function assignmentIdsOfTask(db: Db, taskId: number, volunteerId: number | null): Promise<number[]> {
  let query = db.selectFrom('assignments').select('id').where('task_id', '=', taskId);
  if (volunteerId !== null) query = query.where('volunteer_id', '=', volunteerId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

// ---- Matching's writes on the task ----

/**
 * Takes the task's row lock for the rest of the transaction, if the task still looks for people. A write as the first
 * statement: on PostgreSQL it locks the row, on SQLite it takes the write lock up front (a read first would risk a
 * busy error when the transaction later writes). Two matching runs on one task thus count open invitations in turn.
 */
export async function lockOpenTask(trx: Db, taskId: number): Promise<boolean> {
  const result = await trx
    .updateTable('tasks')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', taskId)
    .where('status', 'in', [...OPEN_TASK_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A `pending` task that got its first invitations is `matching`; a task further along keeps its status. */
export async function markTaskMatching(trx: Db, taskId: number, now: string): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ status: TASK_TRANSITIONS.invite.to, updated_at: now })
    .where('id', '=', taskId)
    .where('status', 'in', [...TASK_TRANSITIONS.invite.from])
    .execute();
}

/**
 * Moves the task to `to` if it is in one of `from` (a transition of the task lifecycle table). A task that stops
 * looking for people leaves every contributor's feed in the same transaction.
 */
export async function updateTaskStatusIfIn(
  db: Db,
  taskId: number,
  from: readonly TaskStatus[],
  to: TaskStatus,
  now: string,
): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ status: to, updated_at: now })
    .where('id', '=', taskId)
    .where('status', 'in', [...from])
    .execute();
  if (!isOneOf(to, OPEN_TASK_STATUSES)) await removeTaskFromFeeds(db, taskId);
}
