import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { canSeeChallenge } from '../challenges/challenge-visibility.ts';
import { companyUserIdOf } from '../companies/companies.repository.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { notify } from '../notifications/notify.ts';
import { profileRequired } from '../users/profile-errors.ts';
import { isCheckedSkill } from '../volunteers/checked-skills.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
import {
  deleteInterest,
  findInterest,
  findInterestsOfVolunteer,
  heldRequiredSkills,
  type InterestRow,
  insertInterest,
  listInterestsOfTask,
} from './task-interests.repository.ts';
import type { ApplyForTaskBody, TaskInterest } from './task-interests.schemas.ts';
import { assignmentIdsOfTask, findTask, type TaskWithContextRow } from './tasks.repository.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES } from './tasks.state.ts';

/**
 * Applying for a task (issue 13, item 1): a contributor tells the company they want an open task, with a short
 * note; the company sees its applicants beside the candidates matching found, and may invite them. An application
 * is not an invitation: it reserves nothing and the company decides.
 */

const isOneOf = (value: string, list: readonly string[]) => list.includes(value);

async function toInterests(db: Db, rows: readonly InterestRow[]): Promise<TaskInterest[]> {
  const skills = await heldRequiredSkills(
    db,
    rows.map((row) => ({ taskId: row.task_id, volunteerId: row.volunteer_id })),
  );
  return rows.map((row) => ({
    id: row.id,
    task_id: row.task_id,
    note: row.note,
    created_at: row.created_at,
    volunteer: {
      id: row.volunteer_id,
      name: row.volunteer_name,
      reputation_score: row.reputation_score,
      experience_level: row.experience_level,
      availability_hours_per_week: row.availability_hours_per_week,
    },
    matched_skills: skills
      .filter((skill) => skill.task_id === row.task_id && skill.volunteer_id === row.volunteer_id)
      .map((skill) => ({
        name: skill.name,
        proficiency_level: skill.proficiency_level,
        evidence: skill.evidence,
        verified: isCheckedSkill(skill, skill.validation_status),
      })),
    assignment:
      row.assignment_id === null || row.assignment_status === null
        ? null
        : { id: row.assignment_id, status: row.assignment_status },
  }));
}

/** The task if the caller may see it (404 otherwise, so ids reveal nothing). */
async function visibleTask(db: Db, caller: AuthUser, taskId: number): Promise<TaskWithContextRow> {
  const task = await findTask(db, taskId);
  const companyId = await companyIdOf(db, caller);
  if (!task || !canSeeChallenge({ status: task.challenge_status, company_id: task.challenge_company_id }, companyId)) {
    throw AppError.notFound('Task');
  }
  return task;
}

/** Why a task takes no applications, or null when it does. */
function closedBecause(task: TaskWithContextRow): string | null {
  if (!isOneOf(task.challenge_status, OPEN_CHALLENGE_STATUSES)) {
    return 'This task is not open for applications: its challenge is no longer running.';
  }
  if (!isOneOf(task.status, OPEN_TASK_STATUSES)) {
    return 'This task is not open for applications: it has already been taken.';
  }
  return null;
}

/**
 * `POST /tasks/{id}/interest`. Order: a profile (403) → the task visible (404) → open (422) → no assignment of any
 * status on it (422) → not applied yet (422, also under a race: the unique key decides). The company is notified
 * (`task_interest`) in the same transaction.
 */
export async function applyForTask(
  db: Db,
  caller: AuthUser,
  taskId: number,
  body: ApplyForTaskBody,
): Promise<TaskInterest> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) throw profileRequired('contributor', 'applying for a task');
  const task = await visibleTask(db, caller, taskId);
  const closed = closedBecause(task);
  if (closed) throw AppError.invalidState(closed);
  if ((await assignmentIdsOfTask(db, task.id, volunteerId)).length > 0) {
    throw AppError.invalidState(
      'You already have an invitation or assignment on this task: answer it under "My assignments".',
    );
  }
  const note = body.note ?? null;
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await insertInterest(trx, { taskId: task.id, volunteerId, note, now: new Date().toISOString() });
    if (inserted === undefined) return undefined;
    const companyUserId = await companyUserIdOf(trx, task.challenge_company_id);
    if (companyUserId !== undefined) {
      await notify(trx, {
        userId: companyUserId,
        type: 'task_interest',
        title: 'New applicant for a task',
        message:
          `${caller.name} applied for the task "${task.title}" of the challenge "${task.challenge_title}".` +
          (note ? ` Their note: ${note}` : '') +
          ' You can invite them from the people page of the task.',
        actionUrl: `/tasks/${task.id}/people#applicants`,
        data: { challenge_id: task.challenge_id, task_id: task.id },
      });
    }
    return inserted;
  });
  if (id === undefined) throw AppError.invalidState('You have already applied for this task.');
  const row = await findInterest(db, id);
  if (!row) throw AppError.notFound('Application');
  const [interest] = await toInterests(db, [row]);
  return interest;
}

/** `DELETE /tasks/{id}/interest`: the contributor takes their application back (an invitation made from it stays). */
export async function withdrawApplication(db: Db, caller: AuthUser, taskId: number): Promise<{ message: string }> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) throw profileRequired('contributor', 'applying for a task');
  const task = await visibleTask(db, caller, taskId);
  if (!(await deleteInterest(db, task.id, volunteerId))) {
    throw new AppError('not_found', 'You have not applied for this task.');
  }
  return { message: 'Your application was withdrawn.' };
}

/** An application as its author sees it beside the task. */
export type MyApplication = { note: string | null; created_at: string };

/**
 * The caller's own applications among `taskIds`, by task id: "Find tasks" marks the tasks applied for and offers to
 * withdraw. Nothing for a caller without a contributor profile (they cannot have applied).
 */
export async function myApplicationsFor(
  db: Db,
  caller: AuthUser,
  taskIds: readonly number[],
): Promise<Map<number, MyApplication>> {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return new Map();
  const rows = await findInterestsOfVolunteer(db, volunteerId, taskIds);
  return new Map(rows.map((row) => [row.task_id, { note: row.note, created_at: row.created_at }]));
}

/** The company's own task, or 404 for everyone else (another company, a contributor), as if it did not exist. */
async function ownTask(db: Db, caller: AuthUser, taskId: number): Promise<TaskWithContextRow> {
  const task = await findTask(db, taskId);
  const companyId = await companyIdOf(db, caller);
  if (!task || companyId === null || task.challenge_company_id !== companyId) throw AppError.notFound('Task');
  return task;
}

/** `GET /tasks/{id}/interest`: the owning company's view of who applied, newest first. */
export async function listApplicants(
  db: Db,
  caller: AuthUser,
  taskId: number,
  page: PageRequest,
): Promise<PageOf<TaskInterest>> {
  const task = await ownTask(db, caller, taskId);
  const { rows, total } = await listInterestsOfTask(db, task.id, page);
  return { data: await toInterests(db, rows), total };
}
