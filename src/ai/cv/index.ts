import type { AnalysisStage } from '../stage.ts';
import { cvPrompt } from './prompt.ts';
import { CvAnalysisSchema, type CvInput } from './schema.ts';

/**
 * CV analysis (docs/contract.md §6.6): skills with proficiency and category, level and years, education, jobs, domains.
 */
export const cvStage: AnalysisStage<CvInput, typeof CvAnalysisSchema> = {
  name: 'cv',
  schema: CvAnalysisSchema,
  prompt: cvPrompt,
  local: async (input, context) => (await import('./local.ts')).analyzeCv(input, context.taxonomy),
};

export {
  type CvAnalysis,
  CvAnalysisSchema,
  type CvInput,
  type CvSkillResult,
  type ExperienceLevel,
} from './schema.ts';
