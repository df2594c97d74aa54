import { type BriefReading, briefAdvice, wordCount } from '../../../ai/confidence.ts';
import type { Analysis, ChallengeDetail } from '../../../modules/challenges/challenges.schemas.ts';
import { type Html, html } from '../../html.ts';
import type { ChallengeView } from './challenge-view.ts';

const STAGE_TITLES: Record<string, string> = {
  brief: 'Brief analysis',
  complexity: 'Complexity assessment',
  decomposition: 'Breakdown into work',
};

const LISTS: Array<[keyof Analysis, string]> = [
  ['objectives', 'Objectives'],
  ['constraints', 'Constraints'],
  ['success_criteria', 'Success criteria'],
  ['stakeholders', 'Stakeholders'],
  ['risks', 'Risks'],
];

function list(title: string, items: readonly string[]): Html {
  if (items.length === 0) return html``;
  return html`<div><h4>${title}</h4><ul>${items.map((item) => html`<li>${item}</li>`)}</ul></div>`;
}

/**
 * What the analysis read out of the brief, as src/ai/confidence.ts counts it: the brief's words and goals, and for
 * the plan the tasks the analysis took from it (those the company added do not count).
 */
function readingOf(challenge: ChallengeDetail, stage: string): BriefReading {
  const brief = challenge.analyses.find((analysis) => analysis.stage === 'brief');
  return {
    words: wordCount(challenge.description),
    objectives: brief?.objectives.length ?? 0,
    successCriteria: brief?.success_criteria.length ?? 0,
    tasks: stage === 'decomposition' ? challenge.tasks.filter((task) => task.origin === 'analysis').length : null,
  };
}

/** Each low figure says in plain words what to check, outside the folded details so that it is read. */
function adviceOf(challenge: ChallengeDetail): Html {
  const advice = challenge.analyses.flatMap((analysis) => {
    const text = briefAdvice(analysis.confidence_score, readingOf(challenge, analysis.stage));
    return text ? [{ analysis, text }] : [];
  });
  // The stages read the same brief: one piece of advice per distinct text, naming the stages it concerns.
  const distinct = [...new Set(advice.map(({ text }) => text))];
  return html`${distinct.map((text) => {
    const stages = advice
      .filter((item) => item.text === text)
      .map(({ analysis }) => `${STAGE_TITLES[analysis.stage] ?? analysis.stage} ${analysis.confidence_score}%`);
    return html`<p class="notice" data-confidence-advice>Low confidence (${stages.join(', ')}). ${text}</p>`;
  })}`;
}

function analysisCard(analysis: Analysis): Html {
  return html`<article class="analysis" aria-labelledby="analysis-${analysis.id}">
  <div class="card-head"><h3 id="analysis-${analysis.id}">${STAGE_TITLES[analysis.stage] ?? analysis.stage}</h3>
  ${analysis.confidence_score !== null && html`<span class="small muted">Confidence ${analysis.confidence_score}%</span>`}</div>
  ${analysis.summary && html`<p>${analysis.summary}</p>`}
  <div class="grid two">${LISTS.map(([key, title]) => list(title, analysis[key] as string[]))}</div>
  ${analysis.recommended_approach && html`<h4>Recommended approach</h4><p class="prose">${analysis.recommended_approach}</p>`}
</article>`;
}

/**
 * Analysis: what the pipeline found in the brief, stage by stage — the company's internal notes (risks, stakeholders,
 * approach). Only the owner gets it (the API gives everyone else no analyses at all), and it starts collapsed: it is
 * reference, not the work.
 */
export function analysisSection({ challenge, isOwner }: ChallengeView): Html {
  if (!isOwner || challenge.analyses.length === 0) return html``;
  return html`<section id="analysis" class="card" aria-labelledby="analysis-title">
  <h2 id="analysis-title">Analysis</h2>
  ${adviceOf(challenge)}
  <details>
    <summary>Show the analysis of the brief (${challenge.analyses.length} stage${challenge.analyses.length === 1 ? '' : 's'}, only your company sees it)</summary>
    ${challenge.analyses.map(analysisCard)}
  </details>
</section>`;
}
