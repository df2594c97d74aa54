import type { AnalysisStage } from '../stage.ts';
import { complexityPrompt } from './prompt.ts';
import { ComplexityAssessment, type ComplexityInput } from './schema.ts';

/** Complexity (docs/contract.md §6.2): levels 1–2 become community discussions, 3–4 team execution. */
export const complexityStage: AnalysisStage<ComplexityInput, typeof ComplexityAssessment> = {
  name: 'complexity',
  schema: ComplexityAssessment,
  prompt: complexityPrompt,
  local: async (input, context) => (await import('./local.ts')).assessComplexity(input, context),
};

export { ComplexityAssessment, type ComplexityInput, challengeTypeFor } from './schema.ts';
