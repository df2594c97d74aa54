import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { matchTask, matchVolunteer } from './matching.service.ts';

/**
 * Matching jobs. Neither needs an `onFailed`: a failed run leaves nothing half-done (each invitation batch is one
 * transaction), and the next decline or CV analysis queues matching again.
 */
export const taskMatchJob: JobDefinition<AppDeps, 'task.match'> = {
  async handle(deps, { taskId }) {
    await matchTask(deps, taskId);
  },
};

export const volunteerMatchJob: JobDefinition<AppDeps, 'volunteer.match'> = {
  async handle(deps, { volunteerId }) {
    await matchVolunteer(deps, volunteerId);
  },
};
