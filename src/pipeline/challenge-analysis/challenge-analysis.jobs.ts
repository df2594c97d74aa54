import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { analyzeChallenge, failChallengeAnalysis } from './challenge-analysis.service.ts';

/**
 * `challenge.analyze`: queued when a challenge is created and when its description changes. A stage that fails (the
 * model is down, or answers outside the schema after its own retries) throws, and the job is retried with backoff;
 * after the last attempt the challenge is back in `submitted` with its analysis `failed` (the company may edit the
 * brief, which queues a new analysis; an operator may re-run the job with `guild jobs:retry`). A stage that overruns
 * its deadline or memory is not retried: the same brief would again (see `analyzeChallenge`).
 */
export const analyzeChallengeJob: JobDefinition<AppDeps, 'challenge.analyze'> = {
  async handle(deps, { challengeId }) {
    await analyzeChallenge(deps, challengeId);
  },
  async onFailed(deps, { challengeId }) {
    await failChallengeAnalysis(deps, challengeId);
  },
};
