import type { AnalysisStage } from '../stage.ts';
import { decompose } from './local.ts';
import { decompositionPrompt } from './prompt.ts';
import { Decomposition, type DecompositionInput } from './schema.ts';

/** Decomposition (contract §6.3): 2–5 workstreams of 2–8 tasks, skills named from the taxonomy. */
export const decompositionStage: AnalysisStage<DecompositionInput, typeof Decomposition> = {
  name: 'decomposition',
  schema: Decomposition,
  prompt: decompositionPrompt,
  local: decompose,
};

export { Decomposition, type DecompositionInput } from './schema.ts';
