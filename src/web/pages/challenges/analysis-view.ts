import type { Analysis, ChallengeDetail } from '../../../modules/challenges/challenges.schemas.ts';
import { challengeTypeLabel } from '../../components/challenge-labels.ts';
import { type Html, html } from '../../html.ts';

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

function analysisCard(analysis: Analysis): Html {
  return html`<article class="card" aria-labelledby="analysis-${analysis.id}">
  <div class="card-head"><h3 id="analysis-${analysis.id}">${STAGE_TITLES[analysis.stage] ?? analysis.stage}</h3>
  ${analysis.confidence_score !== null && html`<span class="small muted">Confidence ${analysis.confidence_score}%</span>`}</div>
  ${analysis.summary && html`<p>${analysis.summary}</p>`}
  <div class="grid two">${LISTS.map(([key, title]) => list(title, analysis[key] as string[]))}</div>
  ${analysis.recommended_approach && html`<h4>Recommended approach</h4><p class="prose">${analysis.recommended_approach}</p>`}
</article>`;
}

/** What the pipeline found in the brief, stage by stage. */
export function analysesSection(analyses: readonly Analysis[]): Html {
  if (analyses.length === 0) return html``;
  return html`<section aria-labelledby="analysis-title">
  <h2 id="analysis-title">Analysis</h2>
  ${analyses.map(analysisCard)}
</section>`;
}

/** What each route means for the company, in the words of docs/contract.md §6.2. */
const ROUTE_MEANINGS: Record<string, string> = {
  community_discussion:
    'Contributors propose ideas and vote on them. There are no tasks to assign: the best ideas are for you to take up.',
  team_execution:
    'The work is split into workstreams and tasks, and contributors whose skills fit are invited to each task.',
};

type Routed = Pick<ChallengeDetail, 'status' | 'challenge_type' | 'rejection_reason' | 'analyses'>;

/**
 * How the analysis routed the challenge — rejected, community discussion or team execution — and why, at the top of
 * the page: the rejection reason, or the complexity assessment's reasoning ("asks for name ideas", "lays out three
 * phases…"). Nothing while the analysis has not decided.
 */
export function routingSection(challenge: Routed, isOwner: boolean): Html {
  if (challenge.status === 'rejected') {
    return html`<section class="notice" role="note" aria-labelledby="routing-title">
  <h2 id="routing-title">This challenge was not accepted</h2>
  <p>${challenge.rejection_reason ?? 'No reason was given.'}</p>
  ${isOwner && html`<p class="small">A rejected brief cannot be edited. <a href="/challenges/new">Post a new challenge</a> that addresses this.</p>`}
</section>`;
  }
  if (!challenge.challenge_type) return html``;
  const assessment = challenge.analyses.findLast((analysis) => analysis.stage === 'complexity');
  return html`<section class="card" aria-labelledby="routing-title">
  <h2 id="routing-title">Routed to ${challengeTypeLabel(challenge.challenge_type).toLowerCase()}</h2>
  <p>${ROUTE_MEANINGS[challenge.challenge_type] ?? ''}</p>
  ${assessment?.summary && html`<p><strong>Why:</strong> ${assessment.summary}</p>`}
</section>`;
}
