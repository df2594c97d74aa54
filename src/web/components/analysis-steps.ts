import {
  BRIEF_ANALYSIS_STEPS,
  type BriefAnalysisStep,
  CV_ANALYSIS_STEPS,
  type CvAnalysisStep,
} from '../../shared/analysis-steps.ts';
import { type Html, html } from '../html.ts';

const BRIEF_STEP_LABELS: Record<BriefAnalysisStep, string> = {
  reading: 'Reading the brief',
  understanding: 'Understanding what it asks',
  planning: 'Planning the tasks',
  inviting: 'Inviting contributors',
};

const CV_STEP_LABELS: Record<CvAnalysisStep, string> = {
  reading: 'Reading your CV',
  understanding: 'Understanding your skills and experience',
  matching: 'Matching you to tasks',
};

/** The steps of a brief's analysis (src/shared/analysis-steps.ts), `current` marked; see `stepList`. */
export function briefAnalysisSteps(current: string | null): Html {
  return stepList(
    'Analysis steps',
    BRIEF_ANALYSIS_STEPS.map((step) => [step, BRIEF_STEP_LABELS[step]]),
    current,
  );
}

/** The steps of a CV's analysis, `current` marked; see `stepList`. */
export function cvAnalysisSteps(current: string | null): Html {
  return stepList(
    'CV analysis steps',
    CV_ANALYSIS_STEPS.map((step) => [step, CV_STEP_LABELS[step]]),
    current,
  );
}

/**
 * An ordered list of the analysis' steps while it runs: those before `current` done, `current` marked with
 * `aria-current="step"`, the rest to come. Each says which it is in words ("done", "now", "next"), so nothing rests on
 * colour or the tick alone. Before the first step is recorded (the job is queued) every step is still to come.
 */
function stepList(label: string, steps: Array<[string, string]>, current: string | null): Html {
  const at = steps.findIndex(([step]) => step === current);
  return html`<ol class="steps" aria-label="${label}">${steps.map(([step, text], index) => {
    if (at >= 0 && index < at) return html`<li class="done">${text} <span class="step-state">done</span></li>`;
    if (index === at) {
      return html`<li class="current" aria-current="step" data-step="${step}"><strong>${text}</strong> <span class="step-state">now</span></li>`;
    }
    return html`<li class="todo">${text} <span class="step-state">next</span></li>`;
  })}</ol>`;
}
