import { JOB_NAMES, type JobName, type JobPayloads } from './job-names.ts';

/**
 * What a job does, given the `Context` its entry point hands the worker (the application's dependencies: src/jobs
 * does not know them). `handle` runs at least once per job, so it must be idempotent: running it twice changes
 * nothing more than running it once. `onFailed` runs once when the last attempt failed, to leave the subject in a
 * state a person can see (e.g. a CV analysis marked `failed` with its reason) instead of stuck in `processing`.
 * Both get a payload that was checked against the job's schema (job-names.ts).
 */
export type JobDefinition<Context, N extends JobName> = {
  handle(context: Context, payload: JobPayloads[N]): Promise<void>;
  onFailed?(context: Context, payload: JobPayloads[N], error: string): Promise<void>;
};

/** A definition for every job: a registry that leaves one out does not compile. */
export type JobRegistry<Context> = { readonly [N in JobName]: JobDefinition<Context, N> };

/**
 * The jobs of `registry` that have no definition, and the names it has that are no job. The type forbids both;
 * this catches a registry that was cast or built at run time.
 */
function registryProblems(registry: object): { missing: JobName[]; unknown: string[] } {
  const definitions = registry as Record<string, { handle?: unknown } | undefined>;
  return {
    missing: JOB_NAMES.filter((name) => typeof definitions[name]?.handle !== 'function'),
    unknown: Object.keys(definitions).filter((name) => !(JOB_NAMES as readonly string[]).includes(name)),
  };
}

/** Throws unless `registry` defines exactly the jobs of job-names.ts: a process must not boot without a handler. */
export function checkJobRegistry(registry: object): void {
  const { missing, unknown } = registryProblems(registry);
  const problems = [
    ...(missing.length > 0 ? [`has no definition for ${missing.join(', ')}`] : []),
    ...(unknown.length > 0 ? [`defines ${unknown.join(', ')}, which no job is called`] : []),
  ];
  if (problems.length > 0) {
    throw new Error(
      `The job registry ${problems.join(' and ')}: every job in src/jobs/job-names.ts needs exactly one definition.`,
    );
  }
}

/** The registry of an entry point: checked when it is built, so a missing definition stops the process at boot. */
export function defineJobRegistry<Context>(registry: JobRegistry<Context>): JobRegistry<Context> {
  checkJobRegistry(registry);
  return Object.freeze({ ...registry });
}

/** A definition as a worker sees it, after it checked the payload against the job's schema. */
export type RuntimeDefinition<Context> = {
  handle(context: Context, payload: unknown): Promise<void>;
  onFailed?(context: Context, payload: unknown, error: string): Promise<void>;
};

export function runtimeDefinition<Context>(registry: JobRegistry<Context>, name: JobName): RuntimeDefinition<Context> {
  return registry[name] as unknown as RuntimeDefinition<Context>;
}
