import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { purgeExpiredKeys } from '../../modules/idempotency/idempotency.service.ts';

/** Queued on a timer (PERIODIC_JOBS): one delete of the expired keys, which costs an index look-up when none are. */
export const purgeExpiredIdempotencyKeysJob: JobDefinition<AppDeps, 'idempotency.purge-expired'> = {
  async handle(deps) {
    await purgeExpiredKeys(deps.db);
  },
};
