import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { dateTime, statusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';

/** Words for an idea's states; the chip carries the text, colour only repeats it. */
const IDEA_STATUS: Record<string, string> = {
  pending_review: 'Waiting for its score',
  scored: 'Scored',
  rejected: 'Not accepted',
  error: 'Scoring failed',
};

export function ideaStatusChip(status: string): Html {
  return statusChip(status, IDEA_STATUS[status] ?? status.replace(/_/g, ' '));
}

function score(value: number | null): string {
  return value === null ? '—' : String(Math.round(value * 10) / 10);
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** This idea's numbers in the final score's formula, then the rule in words (`score_breakdown`). */
/** What the scores need of an idea; the public page's ideas (without author or feedback) have it too. */
type Scored = Pick<
  Idea,
  'status' | 'ai_score' | 'votes_up' | 'votes_down' | 'vote_total' | 'final_score' | 'score_breakdown'
>;

function scoreBreakdown(idea: Scored): Html {
  const parts = idea.score_breakdown;
  if (!parts) return html``;
  return html`<p class="small score-breakdown">How the final score is computed: ${parts.ai_weight} × AI score ${score(parts.ai_score)} + ${parts.community_weight} × community score ${score(parts.community_score)} (votes ${signed(parts.vote_total)}) = ${score(parts.final_score)}. <span class="muted">The rule: ${parts.formula}.</span></p>`;
}

/** AI score, votes and final score as a fact list, with how the final score is made; only a scored idea has them. */
export function ideaScores(idea: Scored): Html {
  if (idea.status !== 'scored') return html``;
  return html`<dl class="facts">
  <div><dt>AI score</dt><dd>${score(idea.ai_score)} / 100</dd></div>
  <div><dt>Votes</dt><dd data-votes><span>${idea.votes_up} up</span>, <span>${idea.votes_down} down</span>, total <strong>${signed(idea.vote_total)}</strong></dd></div>
  <div><dt>Final score</dt><dd><strong>${score(idea.final_score)}</strong></dd></div>
</dl>
${scoreBreakdown(idea)}`;
}

function points(title: string, items: readonly string[]): Html {
  if (items.length === 0) return html``;
  return html`<h4>${title}</h4><ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
}

/**
 * The AI's written feedback. For a rejected idea the summary is the reason (the scoring stores it there), so it is
 * shown as such and without the lists.
 */
export function ideaFeedback(idea: Idea): Html {
  const feedback = idea.ai_feedback;
  if (idea.status === 'pending_review') {
    return html`<p class="muted">Guild is scoring this idea; it is shown to others once it has a score.</p>`;
  }
  if (idea.status === 'error') return html`<p class="muted">This idea could not be scored. Please post it again.</p>`;
  if (!feedback) return html``;
  if (idea.status === 'rejected') {
    return html`<p class="notice" role="note"><strong>Why it was not accepted:</strong> ${feedback.summary}</p>`;
  }
  return html`<details>
  <summary>AI feedback: ${feedback.summary}</summary>
  ${points('Strengths', feedback.strengths)}
  ${points('Weaknesses', feedback.weaknesses)}
  ${points('Suggestions', feedback.suggestions)}
</details>`;
}

export function ideaByline(idea: Idea): Html {
  return html`<p class="small muted">By ${idea.volunteer.name}, ${dateTime(idea.created_at)}</p>`;
}
