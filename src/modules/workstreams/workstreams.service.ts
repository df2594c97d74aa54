import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { insertChange } from '../challenges/challenge-changes.repository.ts';
import { finishChallengeIfAllTasksCompleted } from '../challenges/challenge-progress.ts';
import { toWorkstreams } from '../challenges/challenges.mapper.ts';
import { workstreamsOf } from '../challenges/challenges.repository.ts';
import type { Workstream } from '../challenges/challenges.schemas.ts';
import { holdPlanOf } from '../challenges/plan-access.ts';
import { heldWorkstream, takeOutTasks } from '../tasks/task-editing.service.ts';
import { workstreamTaskIds } from '../tasks/task-edits.repository.ts';
import { loadTasks } from '../tasks/tasks.loader.ts';
import { findTasks } from '../tasks/tasks.repository.ts';
import {
  deleteWorkstream,
  insertCompanyWorkstream,
  placeWorkstream,
  updateWorkstream,
} from './workstreams.repository.ts';
import type { CreateWorkstreamBody, UpdateWorkstreamBody } from './workstreams.schemas.ts';

/**
 * The company reshapes the workstreams of its challenge's plan (issue 12, item 1): adds, renames, reorders and
 * removes them, with the same access rules and change history as its task edits (task-editing.service.ts).
 */

/** A workstream as the challenge read shows it, with its tasks. */
async function loadWorkstream(db: Db, challengeId: number, id: number): Promise<Workstream> {
  const [rows, tasks] = await Promise.all([workstreamsOf(db, challengeId), loadTasks(db, { challengeId })]);
  return toWorkstreams(
    rows.filter((row) => row.id === id),
    tasks,
  )[0]!;
}

export async function addWorkstream(
  db: Db,
  caller: AuthUser,
  challengeId: number,
  body: CreateWorkstreamBody,
): Promise<Workstream> {
  const id = await db.transaction().execute(async (trx) => {
    await holdPlanOf(trx, caller, challengeId);
    const now = new Date().toISOString();
    const id = await insertCompanyWorkstream(
      trx,
      challengeId,
      { title: body.title, description: body.description ?? null },
      now,
    );
    if (body.position !== undefined) await placeWorkstream(trx, challengeId, id, body.position);
    await insertChange(
      trx,
      {
        challengeId,
        userId: caller.id,
        action: 'workstream_added',
        workstreamId: id,
        summary: `Added the workstream "${body.title}".`,
      },
      now,
    );
    return id;
  });
  return loadWorkstream(db, challengeId, id);
}

export async function editWorkstream(
  db: Db,
  caller: AuthUser,
  id: number,
  body: UpdateWorkstreamBody,
): Promise<Workstream> {
  const challengeId = await db.transaction().execute(async (trx) => {
    const workstream = await heldWorkstream(trx, caller, id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const values: { title?: string; description?: string | null } = {};
    if (body.title !== undefined && body.title !== workstream.title) {
      values.title = body.title;
      changes.title = { from: workstream.title, to: body.title };
    }
    if (body.description !== undefined && body.description !== workstream.description) {
      values.description = body.description;
      changes.description = { from: workstream.description, to: body.description };
    }
    if (body.position !== undefined && body.position !== workstream.position) {
      changes.position = { from: workstream.position, to: body.position };
    }
    if (Object.keys(changes).length === 0) return workstream.challenge_id;
    const now = new Date().toISOString();
    await updateWorkstream(trx, id, values, now);
    if (body.position !== undefined) await placeWorkstream(trx, workstream.challenge_id, id, body.position);
    const labels = Object.keys(changes).map((key) => (key === 'position' ? 'order' : key));
    await insertChange(
      trx,
      {
        challengeId: workstream.challenge_id,
        userId: caller.id,
        action: 'workstream_edited',
        workstreamId: id,
        summary: `Changed the workstream "${values.title ?? workstream.title}": ${labels.join(', ')}.`,
        details: changes,
      },
      now,
    );
    return workstream.challenge_id;
  });
  return loadWorkstream(db, challengeId, id);
}

/**
 * Removes the workstream with its tasks, all or nothing: each task must be removable (not completed, no work under
 * way), else the 422 names the first that is not. Open invitations on them are withdrawn. A challenge whose remaining
 * tasks are all completed completes.
 */
export async function removeWorkstream(db: Db, caller: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const workstream = await heldWorkstream(trx, caller, id);
    const now = new Date().toISOString();
    const tasks = await findTasks(trx, { ids: await workstreamTaskIds(trx, id) });
    await takeOutTasks(trx, tasks, now);
    await deleteWorkstream(trx, id);
    await insertChange(
      trx,
      {
        challengeId: workstream.challenge_id,
        userId: caller.id,
        action: 'workstream_removed',
        workstreamId: id,
        summary:
          tasks.length === 0
            ? `Removed the workstream "${workstream.title}".`
            : `Removed the workstream "${workstream.title}" with its ${tasks.length === 1 ? 'task' : `${tasks.length} tasks`}.`,
        details: { title: workstream.title, tasks: tasks.map((task) => ({ id: task.id, title: task.title })) },
      },
      now,
    );
    await finishChallengeIfAllTasksCompleted(trx, workstream.challenge_id, now);
  });
}
