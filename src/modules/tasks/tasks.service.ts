import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import { loadAssignmentsByIds } from '../assignments/assignments.loader.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { canSeeChallenge } from '../challenges/challenge-visibility.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { skillIdsForNames } from '../skills/skills.repository.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
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

/** A contributor without a profile has no skills to match and no assignments yet: an empty page, not an error. */
export async function listAvailable(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<Task>> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0 };
  const { rows, total } = await listAvailableTasks(db, volunteerId, page);
  return { data: rows.map(toTask), total };
}

export async function listMyTasks(db: Db, caller: AuthUser, page: PageRequest): Promise<PageOf<MyTask>> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0 };
  const { rows, total } = await listTasksOfVolunteer(db, volunteerId, page);
  const assignments = await loadAssignmentsByIds(
    db,
    rows.map((row) => row.assignment_id),
  );
  const data = rows.flatMap((row) => {
    const assignment = assignments.get(row.assignment_id);
    return assignment ? [{ ...toTask(row), my_assignment: assignment }] : [];
  });
  return { data, total };
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
