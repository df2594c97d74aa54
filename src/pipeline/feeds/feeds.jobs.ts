import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { refillShortFeeds } from '../../modules/tasks/feed-refill.service.ts';

/** Queued on a timer (PERIODIC_JOBS): one index range when no truncated feed ran low, else a bounded batch refilled. */
export const refillFeedsJob: JobDefinition<AppDeps, 'task-fit.refill'> = {
  async handle(deps) {
    await refillShortFeeds(deps.db);
  },
};
