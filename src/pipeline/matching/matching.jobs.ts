import type { JobDefinition } from '../../jobs/handlers.ts';
import { matchTask, matchVolunteer } from './matching.service.ts';

/**
 * Matching jobs. Neither needs an `onFailed`: a failed run leaves nothing half-done (each invitation batch is one
 * transaction), and the next decline or CV analysis queues matching again.
 */
export const taskMatchJob: JobDefinition<'task.match'> = {
  async handle(deps, { taskId }) {
    await matchTask(deps, taskId);
  },
};

export const volunteerMatchJob: JobDefinition<'volunteer.match'> = {
  async handle(deps, { volunteerId }) {
    await matchVolunteer(deps, volunteerId);
  },
};
