import { loadTaxonomy } from '../../ai/taxonomy/taxonomy.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { isOneOf } from '../../shared/lifecycle.ts';
import { withdrawInvitations } from '../assignments/withdrawals.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { type ChangeAction, insertChange } from '../challenges/challenge-changes.repository.ts';
import { finishChallengeIfAllTasksCompleted } from '../challenges/challenge-progress.ts';
import { canSeeChallenge } from '../challenges/challenge-visibility.ts';
import { findChallengeWithCompany } from '../challenges/challenges.repository.ts';
import { NOT_OWNER_MESSAGE } from '../challenges/challenges.state.ts';
import { holdPlanOf } from '../challenges/plan-access.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { ensureCvSkillIds } from '../skills/skills.repository.ts';
import { findWorkstream, type WorkstreamRow } from '../workstreams/workstreams.repository.ts';
import type { CreateTaskBody, MergeTaskBody, UpdateTaskBody } from './task-editing.schemas.ts';
import {
  countWorkstreamTasks,
  deleteTask,
  insertCompanyTask,
  placeTask,
  setTaskSkills,
  type TaskFields,
  type TaskSkill,
  taskHasActiveAssignment,
  updateTaskFields,
} from './task-edits.repository.ts';
import { recordTaskCreated } from './task-events.ts';
import { loadTasks } from './tasks.loader.ts';
import { type SkillNote, toTask } from './tasks.mapper.ts';
import { findTask, type TaskWithContextRow } from './tasks.repository.ts';
import type { Task } from './tasks.schemas.ts';
import { OPEN_TASK_STATUSES, TASK_TRANSITIONS } from './tasks.state.ts';

/**
 * The company corrects the tasks the analysis planned (issue 12, item 1; docs/api.md, "Correcting the analysis"):
 * adds, edits, merges and removes them and asks for matching again. Every edit holds the challenge's row first
 * (`holdPlanOf`), is recorded in the challenge's change history, and keeps the contributors' feeds (`task_fit`) right.
 */

const COMPLETED_TASK_MESSAGE = 'This task is completed: it stays part of the record and can no longer change.';
const NOT_OPEN_FOR_MATCHING_MESSAGE =
  'This task already has its contributor, so there is nobody to look for: matching again is for tasks that are ' +
  'still looking for contributors.';
const COMPANY_SKILL_REASON = 'Named by the company.';

type Editor = { caller: AuthUser; now: string };

async function record(
  trx: Db,
  editor: Editor,
  task: { challenge_id: number; workstream_id: number | null; id: number },
  action: ChangeAction,
  summary: string,
  details?: Record<string, unknown>,
) {
  await insertChange(
    trx,
    {
      challengeId: task.challenge_id,
      userId: editor.caller.id,
      action,
      workstreamId: task.workstream_id,
      taskId: task.id,
      summary,
      details,
    },
    editor.now,
  );
}

/**
 * 404 (as `resource`) when the caller may not see the challenge, 403 when it is another company's; then the
 * challenge is held for the edit, and 422 when its plan cannot change (see `holdPlanOf`).
 */
async function holdOwnersPlan(trx: Db, caller: AuthUser, challengeId: number, resource: string): Promise<void> {
  const challenge = await findChallengeWithCompany(trx, challengeId);
  const companyId = await companyIdOf(trx, caller);
  if (!challenge || !canSeeChallenge(challenge, companyId)) throw AppError.notFound(resource);
  if (challenge.company_id !== companyId) throw AppError.forbidden(NOT_OWNER_MESSAGE);
  await holdPlanOf(trx, caller, challengeId);
}

/** The owner's task, with its challenge held for the edit; read again once held. */
async function heldTask(trx: Db, caller: AuthUser, id: number): Promise<TaskWithContextRow> {
  const seen = await findTask(trx, id);
  if (!seen) throw AppError.notFound('Task');
  await holdOwnersPlan(trx, caller, seen.challenge_id, 'Task');
  const task = await findTask(trx, id);
  if (!task) throw AppError.notFound('Task');
  return task;
}

/** The owner's workstream, with its challenge held for the edit. */
export async function heldWorkstream(trx: Db, caller: AuthUser, id: number): Promise<WorkstreamRow> {
  const seen = await findWorkstream(trx, id);
  if (!seen) throw AppError.notFound('Workstream');
  await holdOwnersPlan(trx, caller, seen.challenge_id, 'Workstream');
  const workstream = await findWorkstream(trx, id);
  if (!workstream) throw AppError.notFound('Workstream');
  return workstream;
}

/** A skill as the company names it (the body's item), or as a task already holds it. */
type SkillInput = { name: string; level?: string | null; core?: boolean };

/**
 * The skills as the company named them, resolved through the taxonomy (name or alias, any case) to the skills
 * matching knows, in their order, without repeats. A name the taxonomy lacks is a 422 (matching could not use it, so
 * the task would silently look for nobody), unless the task already holds it: a skill its analysis kept in words the
 * taxonomy lacks (a practice in the brief's own words, a model's name) stays the task's skill, with its row, through
 * an edit or a merge. A skill the task already had keeps its reason
 * and, unless the input sets `core`, whether it is core (a company editing a level must not turn a supporting skill
 * into one that makes people fit); a new skill is core unless the input says otherwise.
 */
async function resolveSkills(
  db: Db,
  input: readonly SkillInput[],
  current: readonly SkillNote[],
): Promise<TaskSkill[]> {
  const taxonomy = loadTaxonomy();
  const held = new Map(current.map((note) => [note.name.toLowerCase(), note.name]));
  const nameOf = (name: string) => taxonomy.resolve(name)?.name ?? held.get(name.trim().toLowerCase());
  const unknown = input.filter((skill) => nameOf(skill.name) === undefined).map((skill) => skill.name);
  if (unknown.length > 0) {
    throw AppError.field(
      'required_skills',
      `Guild does not know the skill${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => `"${name}"`).join(', ')}: ` +
        'name skills of its taxonomy, such as "Python", "Structural Design" or "Copywriting".',
    );
  }
  const seen = new Set<string>();
  const named: { name: string; level: string | null; core: boolean }[] = [];
  for (const skill of input) {
    const canonical = nameOf(skill.name)!;
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    const kept = current.find((note) => note.name === canonical);
    named.push({ name: canonical, level: skill.level ?? null, core: skill.core ?? kept?.core ?? true });
  }
  // One id per name: a taxonomy skill's row, or the row of words the taxonomy lacks, as the analysis stored it.
  const ids = await ensureCvSkillIds(
    db,
    named.map((skill) => skill.name),
  );
  return named.map((skill, index) => ({
    ...skill,
    skillId: ids[index]!,
    reason: current.find((note) => note.name === skill.name)?.reason ?? COMPANY_SKILL_REASON,
  }));
}

function skillNotesOf(task: TaskWithContextRow): SkillNote[] {
  const shown = toTask(task);
  return shown.required_skill_levels.map(({ name, level }) => {
    const note = shown.required_skill_reasons.find((reason) => reason.name === name);
    return { name, level, reason: note?.reason ?? COMPANY_SKILL_REASON, core: note?.core ?? true };
  });
}

/** A skill as the change history shows it: its name, with its level and "supporting" when it is not core. */
const skillLabel = (skill: { name: string; level?: string | null; core?: boolean }) => {
  const marks = [skill.level, skill.core === false ? 'supporting' : null].filter(Boolean);
  return marks.length > 0 ? `${skill.name} (${marks.join(', ')})` : skill.name;
};

/** `POST /workstreams/{id}/tasks`: a task the company adds, matched like a planned one. */
export async function addTask(
  { db, queue }: Pick<AppDeps, 'db' | 'queue'>,
  caller: AuthUser,
  workstreamId: number,
  body: CreateTaskBody,
): Promise<Task> {
  const taskId = await db.transaction().execute(async (trx) => {
    const workstream = await heldWorkstream(trx, caller, workstreamId);
    const editor = { caller, now: new Date().toISOString() };
    const skills = await resolveSkills(trx, body.required_skills, []);
    const fields: TaskFields = {
      title: body.title,
      description: body.description ?? null,
      required_experience_level: body.required_experience_level ?? 'mid',
      expected_output: body.expected_output ?? null,
      acceptance_criteria: body.acceptance_criteria ?? [],
      estimated_hours: body.estimated_hours ?? null,
      complexity_score: null,
    };
    const placement = { challengeId: workstream.challenge_id, workstreamId: workstream.id };
    const id = await insertCompanyTask(trx, placement, fields, skills, editor.now);
    await placeTask(trx, workstream.id, id, body.position ?? (await countWorkstreamTasks(trx, workstream.id)));
    await queue.enqueue(trx, 'task.match', { taskId: id });
    await recordTaskCreated(trx, id, workstream.challenge_id);
    await record(
      trx,
      editor,
      { challenge_id: placement.challengeId, workstream_id: placement.workstreamId, id },
      'task_added',
      `Added the task "${body.title}" to "${workstream.title}".`,
      {
        required_skills: skills.map(skillLabel),
      },
    );
    return id;
  });
  return (await loadTasks(db, { ids: [taskId] }))[0]!;
}

/** What the change history calls each field. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  required_skills: 'skills',
  required_experience_level: 'experience level',
  estimated_hours: 'estimate',
  expected_output: 'expected output',
  acceptance_criteria: 'acceptance criteria',
  workstream_id: 'workstream',
  position: 'order',
};

const SCALAR_FIELDS = [
  'title',
  'description',
  'required_experience_level',
  'estimated_hours',
  'expected_output',
] as const satisfies readonly (keyof TaskFields & keyof UpdateTaskBody)[];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `PATCH /tasks/{id}`: the fields given change; the task is then the company's (`company_edited_at`). New skills
 * replace the old ones and the task's place in the feeds follows them; invitations already sent stay (ask for
 * matching again to invite for the new skills). Nothing that differs: no write and no history.
 */
export async function editTask(db: Db, caller: AuthUser, id: number, body: UpdateTaskBody): Promise<Task> {
  await db.transaction().execute(async (trx) => {
    const task = await heldTask(trx, caller, id);
    if (task.status === TASK_TRANSITIONS.complete.to) throw AppError.invalidState(COMPLETED_TASK_MESSAGE);
    const editor = { caller, now: new Date().toISOString() };
    const current = toTask(task);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const fields: Partial<TaskFields> & { workstream_id?: number } = {};
    for (const key of SCALAR_FIELDS) {
      const value = body[key];
      if (value === undefined || value === current[key]) continue;
      Object.assign(fields, { [key]: value });
      changes[key] = { from: current[key], to: value };
    }
    if (body.acceptance_criteria !== undefined && !sameJson(body.acceptance_criteria, current.acceptance_criteria)) {
      fields.acceptance_criteria = body.acceptance_criteria;
      changes.acceptance_criteria = { from: current.acceptance_criteria, to: body.acceptance_criteria };
    }
    let workstreamId = task.workstream_id;
    if (body.workstream_id !== undefined && body.workstream_id !== task.workstream_id) {
      const target = await findWorkstream(trx, body.workstream_id);
      if (!target || target.challenge_id !== task.challenge_id) {
        throw AppError.field('workstream_id', 'The workstream must be a workstream of the same challenge.');
      }
      fields.workstream_id = target.id;
      changes.workstream_id = { from: task.workstream_title, to: target.title };
      workstreamId = target.id;
    }
    let skills: TaskSkill[] | null = null;
    if (body.required_skills !== undefined) {
      const notes = skillNotesOf(task);
      const resolved = await resolveSkills(trx, body.required_skills, notes);
      const before = notes.map(skillLabel);
      const after = resolved.map(skillLabel);
      if (!sameJson(before, after)) {
        skills = resolved;
        changes.required_skills = { from: before, to: after };
      }
    }
    const moved = body.position !== undefined || fields.workstream_id !== undefined;
    if (Object.keys(changes).length === 0 && !moved) return;
    await updateTaskFields(trx, id, fields, editor.now);
    if (skills) await setTaskSkills(trx, id, skills);
    if (moved && workstreamId !== null) {
      await placeTask(trx, workstreamId, id, body.position ?? (await countWorkstreamTasks(trx, workstreamId)));
      if (body.position !== undefined) changes.position = { from: task.position, to: body.position };
    }
    const labels = Object.keys(changes).map((key) => FIELD_LABELS[key] ?? key);
    await record(
      trx,
      editor,
      { ...task, workstream_id: workstreamId },
      'task_edited',
      `Changed the task "${body.title ?? task.title}": ${labels.join(', ')}.`,
      changes,
    );
  });
  return (await loadTasks(db, { ids: [id] }))[0]!;
}

/**
 * Takes a task out of the plan, in the caller's transaction: refused (422) when it is completed or has work under
 * way; its open invitations are withdrawn (each invitee told why) and its other assignments (declined, withdrawn)
 * go with it.
 */
async function takeOutTask(trx: Db, task: TaskWithContextRow, cause: 'task_removed' | 'task_merged', now: string) {
  const verb = cause === 'task_merged' ? 'merged into another task' : 'removed';
  if (task.status === TASK_TRANSITIONS.complete.to) {
    throw AppError.invalidState(
      `The task "${task.title}" is completed: it stays part of the record and cannot be ${verb}.`,
    );
  }
  if (await taskHasActiveAssignment(trx, task.id)) {
    throw AppError.invalidState(
      `The task "${task.title}" cannot be ${verb} while work on it is under way (an assignment is accepted, in ` +
        'progress or submitted). Complete or send back that work first.',
    );
  }
  await withdrawInvitations(trx, { taskId: task.id }, cause, now);
  await deleteTask(trx, task.id);
}

/** `DELETE /tasks/{id}`. A challenge whose remaining tasks are all completed completes, as when its last task does. */
export async function removeTask(db: Db, caller: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const task = await heldTask(trx, caller, id);
    const editor = { caller, now: new Date().toISOString() };
    await takeOutTask(trx, task, 'task_removed', editor.now);
    await record(trx, editor, task, 'task_removed', `Removed the task "${task.title}".`, { title: task.title });
    await finishChallengeIfAllTasksCompleted(trx, task.challenge_id, editor.now);
  });
}

/** The tasks of a workstream being removed, each under the rules of `takeOutTask`; all or none. */
export async function takeOutTasks(trx: Db, tasks: readonly TaskWithContextRow[], now: string): Promise<void> {
  for (const task of tasks) await takeOutTask(trx, task, 'task_removed', now);
}

const LEVEL_ORDER = ['junior', 'mid', 'senior', 'expert'];

/** The higher of two experience levels (null counts as none asked). */
function higherLevel(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return LEVEL_ORDER.indexOf(a) >= LEVEL_ORDER.indexOf(b) ? a : b;
}

/** The more demanding of two skill levels (null: the task's level decides, the least demanding). */
function higherSkillLevel(a: string | null | undefined, b: string | null | undefined): string | null {
  const order = ['beginner', 'intermediate', 'advanced', 'expert'];
  if (!a || !b) return a || b || null;
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/**
 * `POST /tasks/{id}/merge {into_task_id}`: the task is folded into another task of the same challenge, which keeps its
 * title and takes in the other's description, skills (the more demanding level of a skill both name), acceptance
 * criteria, expected output and hours (summed), and the higher experience level; the merged task is then removed
 * under the same rules as `DELETE` (no work under way on it; its open invitations withdrawn). The target's invitations
 * stay. Returns the target.
 */
export async function mergeTask(db: Db, caller: AuthUser, id: number, body: MergeTaskBody): Promise<Task> {
  const intoId = body.into_task_id;
  if (intoId === id) throw AppError.field('into_task_id', 'A task cannot be merged into itself.');
  await db.transaction().execute(async (trx) => {
    const task = await heldTask(trx, caller, id);
    const into = await findTask(trx, intoId);
    if (!into || into.challenge_id !== task.challenge_id) {
      throw AppError.field('into_task_id', 'The task to merge into must be another task of the same challenge.');
    }
    if (into.status === TASK_TRANSITIONS.complete.to) {
      throw AppError.field('into_task_id', `The task "${into.title}" is completed: nothing can be merged into it.`);
    }
    const editor = { caller, now: new Date().toISOString() };
    const [from, target] = [toTask(task), toTask(into)];
    const notes = skillNotesOf(into);
    for (const note of skillNotesOf(task)) {
      const same = notes.find((kept) => kept.name === note.name);
      if (same) {
        same.level = higherSkillLevel(same.level, note.level);
        // Core in either task: the merged work still needs someone holding it.
        same.core = same.core !== false || note.core !== false;
      } else notes.push(note);
    }
    const skills = await resolveSkills(trx, notes, notes);
    const join = (a: string | null, b: string | null) => (a && b && a !== b ? `${a}\n\n${b}` : a || b);
    await takeOutTask(trx, task, 'task_merged', editor.now);
    await updateTaskFields(
      trx,
      into.id,
      {
        description: join(target.description, from.description ? `${from.title}: ${from.description}` : from.title),
        expected_output: join(target.expected_output, from.expected_output),
        acceptance_criteria: [...new Set([...target.acceptance_criteria, ...from.acceptance_criteria])].slice(0, 12),
        estimated_hours:
          target.estimated_hours === null && from.estimated_hours === null
            ? null
            : Math.min(1000, (target.estimated_hours ?? 0) + (from.estimated_hours ?? 0)),
        required_experience_level: higherLevel(target.required_experience_level, from.required_experience_level),
        complexity_score:
          target.complexity_score === null || from.complexity_score === null
            ? (target.complexity_score ?? from.complexity_score)
            : Math.max(target.complexity_score, from.complexity_score),
      },
      editor.now,
    );
    await setTaskSkills(trx, into.id, skills);
    await record(trx, editor, into, 'task_merged', `Merged the task "${task.title}" into "${into.title}".`, {
      merged_task: { id: task.id, title: task.title },
      into_task: { id: into.id, title: into.title },
    });
  });
  return (await loadTasks(db, { ids: [intoId] }))[0]!;
}

/**
 * `POST /tasks/{id}/rematch`: queues `task.match` for a task still looking for people. Matching tops the task's open
 * invitations up to three with the best fitting contributors who hold no assignment on it yet (so nobody is invited
 * twice); it runs in the worker, so the answer is 202 with the task as it is now.
 */
export async function rematchTask(
  { db, queue }: Pick<AppDeps, 'db' | 'queue'>,
  caller: AuthUser,
  id: number,
): Promise<Task> {
  await db.transaction().execute(async (trx) => {
    const task = await heldTask(trx, caller, id);
    if (!isOneOf(task.status, OPEN_TASK_STATUSES)) throw AppError.invalidState(NOT_OPEN_FOR_MATCHING_MESSAGE);
    await queue.enqueue(trx, 'task.match', { taskId: id });
    const editor = { caller, now: new Date().toISOString() };
    await record(trx, editor, task, 'task_rematched', `Asked for contributors for the task "${task.title}" again.`);
  });
  return (await loadTasks(db, { ids: [id] }))[0]!;
}
