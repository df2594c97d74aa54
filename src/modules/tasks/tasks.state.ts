import type { SameStatuses, StatusOf } from '../../shared/lifecycle.ts';

/**
 * The task lifecycle (docs/contract.md §3, §4 and §6) as data. Nobody moves a task by hand: the decomposition plans it,
 * matching invites for it, and its assignments move it along (see the assignment transitions that call these moves).
 */
export const TASK_TRANSITIONS = {
  plan: { from: [], to: 'pending' },
  // The first invitation went out.
  invite: { from: ['pending'], to: 'matching' },
  // An invitee accepted: the task is filled, and its other open invitations are withdrawn.
  fill: { from: ['pending', 'matching'], to: 'assigned' },
  // An assignee started or handed in work.
  begin_work: { from: ['pending', 'matching', 'assigned'], to: 'in_progress' },
  // An assignment completed and none of the task's assignments is still active.
  complete: { from: ['pending', 'matching', 'assigned', 'in_progress'], to: 'completed' },
} as const satisfies Readonly<Record<string, { from: readonly string[]; to: string }>>;

export type TaskStatus = StatusOf<typeof TASK_TRANSITIONS>;

/** Every status in the order the API documents them; checked against the table at compile time. */
export const TASK_STATUSES = ['pending', 'matching', 'assigned', 'in_progress', 'completed'] as const;
const statusesMatchTable: SameStatuses<typeof TASK_STATUSES, TaskStatus> = true;
void statusesMatchTable;

/**
 * Which tasks are open to contributors (docs/contract.md §4, `GET /tasks/available`, and matching): the task still
 * looks for people — it can still be filled — and its challenge is running. An archived, rejected or finished
 * challenge's tasks are never offered.
 */
export const OPEN_TASK_STATUSES = TASK_TRANSITIONS.fill.from;

export { OPEN_CHALLENGE_STATUSES } from '../challenges/challenges.state.ts';
