import type { ChallengeDetail } from '../../../modules/challenges/challenges.schemas.ts';
import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { dateTime } from '../../components/labels.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { placeLabel, votesOpen } from './contest-view.ts';

/**
 * The owning company's judging on its community discussion's page: the shortlist button on each idea and the form
 * that announces the winners (docs/api.md, Contests). The API decides; these only offer what it would accept.
 */

/** Places the form offers; the API takes up to ten, but a podium is what most contests award. */
const PLACES_OFFERED = 3;

/** Statuses in which the API lets winners be chosen. */
const JUDGED_STATUSES: readonly string[] = ['active', 'in_progress', 'completed'];

/** Shortlist or take off a scored idea, until the winners are announced. */
export function shortlistControl(idea: Idea, challenge: Pick<ChallengeDetail, 'winners_announced_at'>): Html {
  if (idea.status !== 'scored' || challenge.winners_announced_at !== null) return html``;
  return html`<form class="shortlist" data-api="/api/ideas/${idea.id}/shortlist" data-method="${idea.shortlisted ? 'DELETE' : 'POST'}" aria-label="Shortlist: ${idea.title}">
  ${formErrorSummary(null)}
  <button type="submit" class="secondary">${idea.shortlisted ? 'Take off the shortlist' : 'Shortlist'}</button>
</form>`;
}

/** The ideas to choose from: the shortlist first (the company's working list), then the others, best first. */
function ideaOptions(ideas: readonly Idea[]): Html {
  const option = (idea: Idea) =>
    html`<option value="${idea.id}">${idea.title} (final score ${idea.final_score ?? '—'})</option>`;
  const shortlisted = ideas.filter((idea) => idea.shortlisted);
  const others = ideas.filter((idea) => !idea.shortlisted);
  return html`<option value="">No idea for this place</option>
${shortlisted.length > 0 && html`<optgroup label="Shortlisted">${shortlisted.map(option)}</optgroup>`}
${others.length > 0 && html`<optgroup label="${shortlisted.length > 0 ? 'Other ideas' : 'Ideas'}">${others.map(option)}</optgroup>`}`;
}

/**
 * Choosing the winners: one select per place (app.js sends them as `idea_ids`, in order, skipping empty places),
 * with a confirmation, since the announcement is final and notifies every participant. Before a deadline it says
 * when the choice opens instead. Nothing once announced: the winners list shows them.
 */
export function winnersForm(challenge: ChallengeDetail, now: Date): Html {
  if (challenge.winners_announced_at !== null || !JUDGED_STATUSES.includes(challenge.status)) return html``;
  if (challenge.ideas.length === 0) return html``;
  if (challenge.deadline !== null && votesOpen(challenge, now)) {
    return html`<p class="small muted">You choose the winners once ideas and votes close at the deadline,
    ${dateTime(challenge.deadline)}.</p>`;
  }
  const places = Math.min(PLACES_OFFERED, challenge.ideas.length);
  return html`<section class="card choose-winners" aria-labelledby="choose-winners-title">
  <h3 id="choose-winners-title">Choose the winners</h3>
  <p class="small">Pick the winning ideas in order of place. Announcing is final: ideas and votes close, and every
  participant (each author of a scored idea and everyone who voted) is notified.</p>
  <form data-api="/api/challenges/${challenge.id}/winners" data-method="POST" data-confirm="Announce these winners? Every participant is notified, ideas and votes close, and the choice cannot be changed.">
    ${formErrorSummary(null)}
    ${Array.from(
      { length: places },
      (_, index) => html`<div class="field">
      <label for="winner-${index + 1}">${placeLabel(index + 1)}</label>
      <select id="winner-${index + 1}" name="idea_ids" data-list data-number>${ideaOptions(challenge.ideas)}</select>
    </div>`,
    )}
    <p class="error" data-error-for="idea_ids" role="alert"></p>
    <button type="submit">Announce the winners</button>
  </form>
</section>`;
}
