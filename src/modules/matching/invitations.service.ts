import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assignmentResponse } from '../assignments/assignments.access.ts';
import { findAssignmentOnTask } from '../assignments/assignments.repository.ts';
import type { Assignment } from '../assignments/assignments.schemas.ts';
import { ACTIVE_STATUSES, ASSIGNMENT_TRANSITIONS } from '../assignments/assignments.state.ts';
import { afterInvitations, createInvitation, type InvitationRefusal } from '../assignments/invitations.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { lockOpenTask } from '../tasks/tasks.repository.ts';
import { closedTaskMessage } from './candidates.service.ts';
import type { InvitationBody } from './matching.schemas.ts';
import { findChosenCandidate, findMatchableTasks, isOpenForMatching } from './matching-inputs.ts';
import { explainMatch } from './reasoning.ts';
import { matchFactors, scoreOf } from './scoring.ts';
import { withRelatedSkills } from './skill-family.ts';
import { findOwnedTask } from './task-access.ts';

/** Why a contributor who already has an assignment on the task cannot be invited to it (one row per pair). */
async function alreadyOnTask(db: Db, taskId: number, volunteerId: number, name: string): Promise<AppError | null> {
  const existing = await findAssignmentOnTask(db, taskId, volunteerId);
  if (!existing) return null;
  const status = existing.status;
  let message: string;
  if (status === ASSIGNMENT_TRANSITIONS.invite.to) message = `${name} is already invited to this task.`;
  else if ((ACTIVE_STATUSES as readonly string[]).includes(status)) message = `${name} already works on this task.`;
  else if (status === ASSIGNMENT_TRANSITIONS.complete.to) message = `${name} has already completed this task.`;
  else if (existing.withdrawn_at !== null) {
    message = `${name}'s invitation to this task was withdrawn; a contributor is invited to a task only once.`;
  } else message = `${name} declined this task; a contributor is invited to a task only once.`;
  return AppError.invalidState(message);
}

/**
 * Why the company cannot invite this contributor to its task, in the words the invitation would be refused with, or
 * null when it can (as far as their assignments go): for pages that offer Invite only where it can work.
 */
export async function whyNotInvitable(
  db: Db,
  taskId: number,
  volunteerId: number,
  name: string,
): Promise<string | null> {
  return (await alreadyOnTask(db, taskId, volunteerId, name))?.message ?? null;
}

/** Why `createInvitation` made no invitation, in the company's words. */
function refusal(reason: InvitationRefusal, name: string, maxOpen: number): AppError {
  if (reason === 'at_limit') {
    return AppError.invalidState(
      `${name} already holds ${maxOpen} open invitations, the most a contributor may hold at once. Invite them ` +
        'once they have answered one.',
    );
  }
  return AppError.invalidState(`${name} already has an assignment on this task.`);
}

/**
 * `POST /api/tasks/{id}/invitations`: the owning company invites a contributor it chose, through the same
 * `createInvitation` as matching (the assignment, the `task_assignment` notification, the webhook event, the task to
 * `matching`, team formation). The company's choice replaces matching's judgement of fit: anyone with an active
 * profile may be invited, scored and explained the same way (gaps included), with the company's note. Refused with a
 * 422: an unknown or deactivated contributor, a task that takes no invitations, a contributor already on the task.
 */
export async function inviteToTask(
  deps: Pick<AppDeps, 'db' | 'queue' | 'config' | 'dialect'>,
  caller: AuthUser,
  taskId: number,
  body: InvitationBody,
): Promise<Assignment> {
  const { db, queue } = deps;
  const { companyName } = await findOwnedTask(db, caller, taskId);
  const chosen = await findChosenCandidate(db, body.volunteer_id);
  if (!chosen?.active) {
    throw AppError.field('volunteer_id', `No contributor has the id ${body.volunteer_id}.`);
  }
  const [found] = await findMatchableTasks(db, [taskId]);
  if (!isOpenForMatching(found)) throw AppError.invalidState(closedTaskMessage(found));
  const onTask = await alreadyOnTask(db, taskId, chosen.volunteerId, chosen.name);
  if (onTask) throw onTask;

  const [task] = await withRelatedSkills(db, [found]);
  const factors = matchFactors(task, chosen);
  const score = scoreOf(factors);
  const now = new Date().toISOString();
  const assignmentId = await db.transaction().execute(async (trx) => {
    // The task's row lock, as matching takes it: the task is still open, and invitations to it take turns.
    if (!(await lockOpenTask(trx, taskId))) {
      throw AppError.invalidState('This task was filled or completed meanwhile: it takes no more invitations.');
    }
    const note = body.note?.trim() || null;
    const outcome = await createInvitation(
      trx,
      deps,
      {
        task,
        volunteerId: chosen.volunteerId,
        userId: chosen.userId,
        matchScore: score,
        matchReasoning: JSON.stringify(explainMatch(task, score, factors)),
        messageDetail: `(chosen by ${companyName}; match score ${score}/100${note ? `; their note: "${note}"` : ''})`,
        invitedBy: 'company',
        note,
      },
      { now, skipLocked: false },
    );
    if ('refused' in outcome)
      throw refusal(outcome.refused, chosen.name, deps.config.invitations.maxOpenPerContributor);
    const id = outcome.assignmentId;
    await afterInvitations(trx, queue, task, now);
    return id;
  });
  return assignmentResponse(db, assignmentId);
}
