import type { AppDeps } from '../app-deps.ts';
import type { JobName, JobPayloads } from './job-names.ts';

/** A job handler. It runs at least once per job, so it must be idempotent: running it twice changes nothing more. */
export type JobHandler<N extends JobName> = (deps: AppDeps, payload: JobPayloads[N]) => Promise<void>;

export type JobHandlers = { [N in JobName]?: JobHandler<N> };

/**
 * The registered handlers. Jobs whose name has no handler here stay queued until one is registered; the analyzers
 * (brief, CV, ideas, matching) are registered by the pipeline.
 */
export const jobHandlers: JobHandlers = {};
