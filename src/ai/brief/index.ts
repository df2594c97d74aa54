import type { AnalysisStage } from '../stage.ts';
import { briefPrompt } from './prompt.ts';
import { verifyBriefAnalysis } from './refusal.ts';
import { BriefAnalysis, type BriefInput } from './schema.ts';

/**
 * Brief analysis (docs/contract.md §6.1): is this a workable challenge, and what exactly does it ask for? The verifier
 * holds every provider's answer to the refusal rules (refusal.ts).
 */
export const briefStage: AnalysisStage<BriefInput, typeof BriefAnalysis> = {
  name: 'brief',
  schema: BriefAnalysis,
  prompt: briefPrompt,
  local: async (input, context) => (await import('./local.ts')).analyzeBrief(input, context),
  verify: verifyBriefAnalysis,
};

export { BriefAnalysis, type BriefInput } from './schema.ts';
