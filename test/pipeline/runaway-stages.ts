import { briefStage } from '../../src/ai/brief/index.ts';
import { cvStage } from '../../src/ai/cv/index.ts';
import { ideaScoringStage } from '../../src/ai/idea/index.ts';
import { spin } from '../ai/analysis-thread-stages.ts';

/**
 * The pipeline's CV, brief and idea stages with an offline analyzer that never finishes, as a catastrophic regex on
 * a crafted input would: loaded into the analysis threads (`stageModules`), they take the real stages' names.
 */
export const RUNAWAY_STAGES_MODULE = new URL(import.meta.url);

const HOUR_MS = 3_600_000;

export const runawayCvStage = { ...cvStage, local: () => spin(HOUR_MS) };
export const runawayBriefStage = { ...briefStage, local: () => spin(HOUR_MS) };
export const runawayIdeaStage = { ...ideaScoringStage, local: () => spin(HOUR_MS) };
