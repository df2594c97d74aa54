import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { KeptItems } from '../../http/kept-items.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import { KEEP_NOTHING, type OwnRows, ownVersion, type PageVersion, pageDependencies } from '../../http/user-pages.ts';
import { loadAssignmentsByIds } from '../assignments/assignments.loader.ts';
import type { Assignment } from '../assignments/assignments.schemas.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { canSeeChallenge } from '../challenges/challenge-visibility.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { skillIdsForNames } from '../skills/skills.repository.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
import { myTaskJson, type TaskStamp, taskJsonOf, tasksInOrder } from './kept-tasks.ts';
import { toTask } from './tasks.mapper.ts';
import {
  assignmentIdsOfTask,
  findTask,
  listAvailableTasks,
  listTasksOfVolunteer,
  listVisibleTasks,
  type TaskFilters,
} from './tasks.repository.ts';
import type { MyTask, Task, TaskDetail, TaskListQuery } from './tasks.schemas.ts';

export async function listTasks(
  db: Db,
  caller: AuthUser,
  query: TaskListQuery,
  page: PageRequest,
): Promise<PageOf<Task>> {
  const filters: TaskFilters = {
    status: query.status,
    challengeId: query.challenge_id,
    workstreamId: query.workstream_id,
  };
  const skill = query.skill?.trim();
  if (skill) {
    filters.skillIds = await skillIdsForNames(db, [skill]);
    // A skill outside the taxonomy is required by no task.
    if (filters.skillIds.length === 0) return { data: [], total: 0 };
  }
  const { rows, total } = await listVisibleTasks(db, await companyIdOf(db, caller), filters, page);
  return { data: rows.map(toTask), total };
}

/**
 * The caller's page of available tasks, stamped (kept-tasks.ts), and the version of the contributor's feed read before
 * it (a page kept whole is checked against it; src/http/user-pages.ts). A contributor without a profile has no skills
 * to match and no assignments yet: an empty page, not an error, and nothing to keep.
 */
async function availableTaskStamps(
  db: Db,
  caller: AuthUser,
  page: PageRequest,
): Promise<PageOf<TaskStamp> & { own: { rows: OwnRows; version: number } | null }> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0, own: null };
  const rows: OwnRows = { topic: 'feed', subject: volunteerId };
  const version = await ownVersion(db, rows);
  const { rows: stamps, total } = await listAvailableTasks(db, volunteerId, page);
  return { data: stamps, total, own: { rows, version } };
}

export async function listAvailable(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<Task>> {
  const { data, total } = await availableTaskStamps(db, caller, page);
  return { data: present(await tasksInOrder(db, data)), total };
}

/**
 * The caller's page of my-tasks: each task stamped (kept-tasks.ts), with the id of the caller's assignment on it, and
 * the version of the contributor's assignments read before it (src/http/user-pages.ts).
 */
async function myTaskStamps(
  db: Db,
  caller: AuthUser,
  page: PageRequest,
): Promise<PageOf<TaskStamp & { assignment_id: number }> & { own: { rows: OwnRows; version: number } | null }> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0, own: null };
  const rows: OwnRows = { topic: 'assignments', subject: volunteerId };
  const version = await ownVersion(db, rows);
  const { rows: stamps, total } = await listTasksOfVolunteer(db, volunteerId, page);
  return { data: stamps, total, own: { rows, version } };
}

export async function listMyTasks(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<MyTask>> {
  const { data: rows, total } = await myTaskStamps(db, caller, page);
  const tasks = await tasksInOrder(db, rows);
  return { data: await withMyAssignments(db, rows, tasks, (task, mine) => ({ ...task, my_assignment: mine })), total };
}

/**
 * Each of the page's tasks (as `rows` list them, `tasks` in the same order) paired with the caller's assignment on
 * it, read anew; a task or assignment gone since the page was read is left out.
 */
async function withMyAssignments<T, R>(
  db: Db,
  rows: readonly { assignment_id: number }[],
  tasks: ReadonlyArray<T | undefined>,
  pair: (task: T, mine: Assignment) => R,
): Promise<R[]> {
  const assignments = await loadAssignmentsByIds(
    db,
    rows.map((row) => row.assignment_id),
  );
  return rows.flatMap((row, i) => {
    const task = tasks[i];
    const assignment = assignments.get(row.assignment_id);
    return task !== undefined && assignment ? [pair(task, assignment)] : [];
  });
}

/** Writes a task and an assignment as JSON through their schemas (the route's serializer compiler). */
export type TaskSerializers = { task: (task: Task) => string; assignment: (assignment: Assignment) => string };

/** `GET /tasks/available`'s items as JSON, each task's kept while its challenge's version stands (kept-tasks.ts). */
export async function availableTasksJson(
  db: Db,
  kept: KeptItems,
  caller: AuthUser,
  page: PageRequest,
  serialize: TaskSerializers,
): Promise<PageOf<string> & PageVersion> {
  const { data, total, own } = await availableTaskStamps(db, caller, page);
  return { data: present(await taskJsonOf(db, kept, data, serialize.task)), total, ...versionOf(own, data) };
}

/** `GET /tasks/my-tasks`'s items as JSON: the task's kept JSON with the caller's assignment, read anew. */
export async function myTasksJson(
  db: Db,
  kept: KeptItems,
  caller: AuthUser,
  page: PageRequest,
  serialize: TaskSerializers,
): Promise<PageOf<string> & PageVersion> {
  const { data: rows, total, own } = await myTaskStamps(db, caller, page);
  const tasks = await taskJsonOf(db, kept, rows, serialize.task);
  const data = await withMyAssignments(db, rows, tasks, (task, mine) => myTaskJson(task, serialize.assignment(mine)));
  return { data, total, ...versionOf(own, rows) };
}

/** What a page of tasks depends on (its own rows and its tasks' challenges) and their version, if it may be kept. */
function versionOf(own: { rows: OwnRows; version: number } | null, stamps: readonly TaskStamp[]): PageVersion {
  return own === null ? KEEP_NOTHING : pageDependencies(own.rows, own.version, stamps);
}

function present<T>(items: Array<T | undefined>): T[] {
  return items.filter((item) => item !== undefined);
}

/** A task of a challenge the caller may see, with the assignments they may see on it. */
export async function showTask(db: Db, caller: AuthUser, id: number): Promise<TaskDetail> {
  const row = await findTask(db, id);
  const companyId = await companyIdOf(db, caller);
  if (!row || !canSeeChallenge({ status: row.challenge_status, company_id: row.challenge_company_id }, companyId)) {
    throw AppError.notFound('Task');
  }
  const ids = await visibleAssignmentIds(db, caller, row.id, row.challenge_company_id === companyId);
  const assignments = await loadAssignmentsByIds(db, ids);
  return { ...toTask(row), assignments: ids.flatMap((assignmentId) => assignments.get(assignmentId) ?? []) };
}

/** The owning company sees every assignment on its task; a contributor their own; another company none. */
async function visibleAssignmentIds(db: Db, caller: AuthUser, taskId: number, isOwner: boolean): Promise<number[]> {
  if (isOwner) return assignmentIdsOfTask(db, taskId, null);
  const volunteerId = await volunteerIdOf(db, caller);
  return volunteerId === null ? [] : assignmentIdsOfTask(db, taskId, volunteerId);
}
