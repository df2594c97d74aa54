import type { AnalysisStage } from '../stage.ts';
import { ideaPrompt } from './prompt.ts';
import { type IdeaInput, IdeaScoring } from './schema.ts';

/** Idea scoring (docs/contract.md §6.7): spam is rejected; otherwise ai_score and ai_feedback. */
export const ideaScoringStage: AnalysisStage<IdeaInput, typeof IdeaScoring> = {
  name: 'idea',
  schema: IdeaScoring,
  prompt: ideaPrompt,
  local: async (input, context) => (await import('./local.ts')).scoreIdea(input, context),
};

export { type IdeaInput, IdeaScoring } from './schema.ts';
