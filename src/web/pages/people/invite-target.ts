import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { isOpen } from '../../../modules/challenges/challenges.state.ts';
import { findOwnedTask } from '../../../modules/matching/task-access.ts';
import { OPEN_TASK_STATUSES } from '../../../modules/tasks/tasks.state.ts';

/** The `task` query parameter of the people pages: the task the company is finding people for, or null. */
export function taskOfQuery(query: unknown): number | null {
  const raw = (query ?? {}) as Record<string, unknown>;
  const task = typeof raw.task === 'string' ? raw.task.trim() : '';
  return /^[1-9]\d{0,9}$/.test(task) && Number(task) <= 2_147_483_647 ? Number(task) : null;
}

/**
 * The task the company is finding people for, when it names one of its own that takes invitations; otherwise null,
 * and the page simply offers no Invite (a task of another company is not revealed).
 */
export async function inviteTarget(deps: AppDeps, user: AuthUser, taskId: number | null) {
  if (taskId === null || user.account_type !== 'company') return null;
  try {
    const { task } = await findOwnedTask(deps.db, user, taskId);
    const open = (OPEN_TASK_STATUSES as readonly string[]).includes(task.status) && isOpen(task.challenge_status);
    return open ? task : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
