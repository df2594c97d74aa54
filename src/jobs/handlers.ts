import type { AppDeps } from '../app-deps.ts';
import { analyzeChallengeJob } from '../pipeline/challenge-analysis/challenge-analysis.jobs.ts';
import { analyzeCvJob } from '../pipeline/cv-analysis/cv-analysis.jobs.ts';
import { scoreIdeaJob } from '../pipeline/idea-scoring/idea-scoring.jobs.ts';
import { taskMatchJob, volunteerMatchJob } from '../pipeline/matching/matching.jobs.ts';
import { formTeamJob } from '../pipeline/teams/teams.jobs.ts';
import type { JobName, JobPayloads } from './job-names.ts';

/**
 * What a job does. `handle` runs at least once per job, so it must be idempotent: running it twice changes nothing
 * more than running it once. `onFailed` runs once when the last attempt failed, to leave the subject in a state a
 * person can see (e.g. a CV analysis marked `failed` with its reason) instead of stuck in `processing`.
 */
export type JobDefinition<N extends JobName> = {
  handle(deps: AppDeps, payload: JobPayloads[N]): Promise<void>;
  onFailed?(deps: AppDeps, payload: JobPayloads[N], error: string): Promise<void>;
};

export type JobDefinitions = { [N in JobName]?: JobDefinition<N> };

/** The registered jobs: the pipeline of contract §6 (src/pipeline/). */
export const jobDefinitions: JobDefinitions = {
  'challenge.analyze': analyzeChallengeJob,
  'volunteer.analyze-cv': analyzeCvJob,
  'idea.score': scoreIdeaJob,
  'task.match': taskMatchJob,
  'volunteer.match': volunteerMatchJob,
  'challenge.form-team': formTeamJob,
};
