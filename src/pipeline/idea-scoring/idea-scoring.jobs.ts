import type { AppDeps } from '../../app-deps.ts';
import type { JobDefinition } from '../../jobs/job-definition.ts';
import { failIdeaScoring, scoreIdea } from './idea-scoring.service.ts';

/** `idea.score`: queued by every idea submitted. After the last failed attempt the idea is `error`, not left waiting. */
export const scoreIdeaJob: JobDefinition<AppDeps, 'idea.score'> = {
  async handle(deps, { ideaId }) {
    await scoreIdea(deps, ideaId);
  },
  async onFailed(deps, { ideaId }) {
    await failIdeaScoring(deps, ideaId);
  },
};
