import { type BriefReading, briefCeiling, honestConfidence, wordCount } from '../../ai/confidence.ts';
import type { AnalysisOutcome, NewAnalysisRow } from '../../modules/challenges/challenge-analysis.repository.ts';
import type { BriefResult, ChallengePlan, ComplexityResult, DecompositionResult } from './run-stages.ts';

/** What the challenge row becomes once the plan is written. */
export function outcomeOf(plan: ChallengePlan): AnalysisOutcome {
  const brief = plan.brief.output;
  if (plan.kind === 'rejected') {
    return {
      status: 'rejected',
      refined_brief: null,
      field: brief.field,
      score: brief.score,
      complexity_level: null,
      challenge_type: null,
      // The schema allows a null reason; the company must still be told why.
      rejection_reason: brief.rejection_reason ?? 'The brief does not describe a challenge contributors can act on.',
    };
  }
  return {
    status: 'active',
    refined_brief: brief.refined_brief,
    field: brief.field,
    score: brief.score,
    complexity_level: plan.complexity.output.complexity_level,
    challenge_type: plan.kind,
    rejection_reason: null,
  };
}

/**
 * One `challenge_analyses` row per stage that ran, in the order they ran. Each stage's confidence is capped by what
 * was read out of the brief (src/ai/confidence.ts): its length and goals, and for the plan, the tasks taken from it.
 */
export function analysisRowsOf(plan: ChallengePlan, description: string): NewAnalysisRow[] {
  const brief = plan.brief.output;
  const reading: BriefReading = {
    words: wordCount(description),
    objectives: brief.objectives.length,
    successCriteria: brief.success_criteria.length,
    tasks: null,
  };
  const rows = [briefRow(plan.brief)];
  if (plan.kind !== 'rejected') rows.push(complexityRow(plan.complexity));
  if (plan.kind === 'team_execution') rows.push(decompositionRow(plan.decomposition));
  return rows.map((row) => {
    const tasks =
      row.stage === 'decomposition' && plan.kind === 'team_execution' ? taskCount(plan.decomposition.output) : null;
    const ceiling = briefCeiling({ ...reading, tasks });
    return {
      ...row,
      confidence_score: row.confidence_score === null ? null : honestConfidence(row.confidence_score, ceiling),
    };
  });
}

function taskCount(plan: DecompositionResult['output']): number {
  return plan.workstreams.reduce((sum, workstream) => sum + workstream.tasks.length, 0);
}

const NO_LISTS = { objectives: [], constraints: [], success_criteria: [], stakeholders: [], risks: [] };

function briefRow({ output, provider, model }: BriefResult): NewAnalysisRow {
  return {
    stage: 'brief',
    summary: output.workable ? output.summary : (output.rejection_reason ?? output.summary),
    objectives: output.objectives,
    constraints: output.constraints,
    success_criteria: output.success_criteria,
    stakeholders: output.stakeholders,
    risks: output.risks,
    recommended_approach: output.recommended_approach,
    confidence_score: output.confidence_score,
    provider,
    model,
  };
}

function complexityRow({ output, provider, model }: ComplexityResult): NewAnalysisRow {
  return {
    stage: 'complexity',
    summary: `Complexity level ${output.complexity_level} of 4. ${output.reasoning}`,
    ...NO_LISTS,
    recommended_approach: approachFor(output.complexity_level, output.skill_areas),
    confidence_score: output.confidence_score,
    provider,
    model,
  };
}

function decompositionRow({ output, provider, model }: DecompositionResult): NewAnalysisRow {
  const tasks = taskCount(output);
  const names = output.workstreams.map((workstream) => workstream.title);
  return {
    stage: 'decomposition',
    summary: output.summary,
    ...NO_LISTS,
    // The plan itself is in the workstreams and tasks; the row says what it amounts to.
    recommended_approach: `${tasks} tasks in ${names.length} workstreams: ${names.join(', ')}.`,
    confidence_score: output.confidence_score,
    provider,
    model,
  };
}

function approachFor(level: number, areas: string[]): string {
  const kind = level <= 2 ? 'Open for ideas from the community' : 'Planned as team work';
  return areas.length > 0 ? `${kind}, drawing on: ${areas.join(', ')}.` : `${kind}.`;
}
