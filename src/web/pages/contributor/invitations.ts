import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { showTask } from '../../../modules/tasks/tasks.service.ts';
import { type Html, html } from '../../html.ts';
import { invitationCard } from './invitation-card.ts';

/** The task of an assignment as the contributor may see it, or null when it is hidden (its challenge archived). */
export async function taskOrNull(db: Db, user: AuthUser, taskId: number): Promise<Task | null> {
  try {
    return await showTask(db, user, taskId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * Invitation cards, best match first (the first `limit`), with their tasks' details (skills, challenge) loaded side
 * by side.
 */
export async function invitationCards(
  db: Db,
  user: AuthUser,
  invitations: readonly Assignment[],
  activeAssignmentId: number | null,
  limit = invitations.length,
): Promise<Html> {
  const best = invitations.toSorted((a, b) => (b.match_score ?? 0) - (a.match_score ?? 0)).slice(0, limit);
  const tasks = await Promise.all(best.map((invitation) => taskOrNull(db, user, invitation.task_id)));
  return html`${best.map((invitation, index) => invitationCard(invitation, tasks[index], activeAssignmentId))}`;
}
