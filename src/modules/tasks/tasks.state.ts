/**
 * Which tasks are open to contributors (contract §4, `GET /tasks/available`): the task still looks for people, and
 * its challenge is running. An archived, rejected or finished challenge's tasks are never offered.
 */
export const OPEN_TASK_STATUSES = ['pending', 'matching'] as const;

export const OPEN_CHALLENGE_STATUSES = ['active', 'in_progress'] as const;
