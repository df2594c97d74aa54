import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { analyzeCv, failCvAnalysis } from './cv-analysis.service.ts';

/**
 * `volunteer.analyze-cv`: queued by every CV upload. An unreadable file is an outcome, not an error (the job
 * completes with the analysis `failed` and its reason); anything else is retried, and after the last attempt the
 * analysis is `failed` with a generic reason rather than left in `processing`.
 */
export const analyzeCvJob: JobDefinition<AppDeps, 'volunteer.analyze-cv'> = {
  async handle(deps, { volunteerId }) {
    await analyzeCv(deps, volunteerId);
  },
  async onFailed(deps, { volunteerId }) {
    await failCvAnalysis(deps, volunteerId);
  },
};
