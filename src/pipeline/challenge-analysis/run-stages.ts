import { type BriefAnalysis, briefStage } from '../../ai/brief/index.ts';
import { type ComplexityAssessment, challengeTypeFor, complexityStage } from '../../ai/complexity/index.ts';
import { type Decomposition, decompositionStage } from '../../ai/decomposition/index.ts';
import type { AnalysisProvider, StageResult } from '../../ai/stage.ts';
import type { AnalysedBrief } from '../../modules/challenges/challenge-analysis.repository.ts';
import type { BriefAnalysisStep } from '../../shared/analysis-steps.ts';

export type BriefResult = StageResult<typeof BriefAnalysis>;
export type ComplexityResult = StageResult<typeof ComplexityAssessment>;
export type DecompositionResult = StageResult<typeof Decomposition>;

/** What the model calls made of a brief, before anything is written (docs/contract.md §6 steps 1–3). */
export type ChallengePlan =
  | { kind: 'rejected'; brief: BriefResult }
  | { kind: 'community_discussion'; brief: BriefResult; complexity: ComplexityResult }
  | { kind: 'team_execution'; brief: BriefResult; complexity: ComplexityResult; decomposition: DecompositionResult };

/**
 * Runs the brief stage, then complexity for a workable brief, then decomposition for levels 3–4. No database access:
 * these are the slow calls (a model may take seconds each), made before the one short write transaction. `enterStep`
 * is told before each stage after the first (the run starts at `reading`), so the job can record its progress (the
 * evaluation, which writes nothing, leaves it out).
 */
export async function runChallengeStages(
  ai: AnalysisProvider,
  challenge: AnalysedBrief,
  enterStep: (step: BriefAnalysisStep) => Promise<void> = async () => {},
): Promise<ChallengePlan> {
  const input = { title: challenge.title, description: challenge.description };
  const brief = await ai.run(briefStage, input);
  if (!brief.output.workable) return { kind: 'rejected', brief };

  const analysed = {
    ...input,
    refined_brief: brief.output.refined_brief,
    field: brief.output.field,
    objectives: brief.output.objectives,
  };
  await enterStep('understanding');
  const complexity = await ai.run(complexityStage, analysed);
  // The level decides the type (docs/contract.md §6.2): a model's challenge_type that disagrees with its own level is
  // ignored.
  const level = complexity.output.complexity_level;
  if (challengeTypeFor(level) === 'community_discussion') return { kind: 'community_discussion', brief, complexity };

  await enterStep('planning');
  const decomposition = await ai.run(decompositionStage, { ...analysed, complexity_level: level });
  return { kind: 'team_execution', brief, complexity, decomposition };
}
