import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/database.ts';

/** Each check gets this long; one that has not answered by then counts as failed (a probe must answer quickly). */
const CHECK_TIMEOUT_MS = 3_000;

export const READINESS_CHECKS = ['database', 'queue', 'storage'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
export type CheckState = 'ok' | 'failed';

/**
 * Whether this process can serve now: the database answers, the job queue can be written and read (the `jobs` table,
 * or pg-boss's tables through its own connections), and the object store can be used. All three at once, each within
 * its deadline; why one failed goes to the log, not to the anonymous caller.
 */
export async function checkReadiness(
  deps: AppDeps,
  log: { warn: (details: object, message: string) => void },
): Promise<Record<ReadinessCheck, CheckState>> {
  const probes: Record<ReadinessCheck, () => Promise<void>> = {
    database: async () => {
      if (!(await pingDatabase(deps.db, CHECK_TIMEOUT_MS))) throw new Error('The database did not answer.');
    },
    queue: () => deps.queue.check(),
    storage: () => deps.storage.check(),
  };
  const states = await Promise.all(
    READINESS_CHECKS.map(async (check) => {
      try {
        await withinDeadline(probes[check](), `The ${check} check did not answer within ${CHECK_TIMEOUT_MS} ms.`);
        return 'ok' as const;
      } catch (error) {
        log.warn({ check, err: error }, 'readiness check failed');
        return 'failed' as const;
      }
    }),
  );
  return Object.fromEntries(READINESS_CHECKS.map((check, index) => [check, states[index]])) as Record<
    ReadinessCheck,
    CheckState
  >;
}

async function withinDeadline(probe: Promise<void>, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}
