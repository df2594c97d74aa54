import type { AnalysisStage } from '../stage.ts';
import { decompositionPrompt } from './prompt.ts';
import { Decomposition, type DecompositionInput } from './schema.ts';
import { verifyDecomposition } from './verify.ts';

/**
 * Decomposition (docs/contract.md §6.3): 2–5 workstreams of 2–8 tasks, each task grounded in an excerpt of the brief,
 * skills named from the taxonomy with a reason each. The verifier holds every provider's plan to the grounding rules.
 */
export const decompositionStage: AnalysisStage<DecompositionInput, typeof Decomposition> = {
  name: 'decomposition',
  schema: Decomposition,
  prompt: decompositionPrompt,
  local: async (input, context) => (await import('./local.ts')).decompose(input, context),
  verify: verifyDecomposition,
};

export { Decomposition, type DecompositionInput } from './schema.ts';
