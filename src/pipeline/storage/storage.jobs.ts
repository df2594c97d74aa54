import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { runDueSweep } from '../../storage/orphan-sweep.ts';

/**
 * Queued on a timer (PERIODIC_JOBS) by every worker process; sweeps only when the day's sweep is due and no other
 * run took it (one UPDATE otherwise). Removing an orphan twice is no error.
 */
export const sweepOrphansJob: JobDefinition<AppDeps, 'storage.sweep-orphans'> = {
  async handle(deps) {
    await runDueSweep(deps);
  },
};
