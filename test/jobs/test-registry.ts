import type { AppDeps } from '../../src/app-deps.ts';
import type { JobRegistry } from '../../src/jobs/job-definition.ts';
import { JOB_NAMES, type JobName } from '../../src/jobs/job-names.ts';

/**
 * A complete registry for queue tests: `definitions`, and for every other job one that fails if it runs (a test that
 * queues only some jobs sees at once if the worker ran another). Workers that must leave the other jobs queued are
 * started with `only`.
 */
export function testRegistry(definitions: Partial<JobRegistry<AppDeps>>): JobRegistry<AppDeps> {
  const unexpected = (name: JobName) => ({
    handle: async () => {
      throw new Error(`The test did not expect a ${name} job to run.`);
    },
  });
  return Object.fromEntries(
    JOB_NAMES.map((name) => [name, definitions[name] ?? unexpected(name)]),
  ) as unknown as JobRegistry<AppDeps>;
}
