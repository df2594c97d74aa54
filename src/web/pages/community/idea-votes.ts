import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

const CHOICES: Array<[vote: -1 | 0 | 1, label: string, what: string]> = [
  [1, 'Vote up', 'up'],
  [0, 'No vote', 'none'],
  [-1, 'Vote down', 'down'],
];

const CURRENT: Record<number, string> = {
  1: 'You voted this idea up.',
  0: 'You have not voted.',
  [-1]: 'You voted this idea down.',
};

/**
 * The viewer's vote on a scored idea: one form posting `{ vote }` to the API, the clicked button carrying the value
 * (app.js sends a submit button's `name=value`, as a number with `data-number`). The viewer's current vote is the
 * pressed button and said in words. Your own idea and company accounts get no buttons; anything else the API
 * refuses (422) is explained in the form's message.
 */
export function voteControls(idea: Idea, user: AuthUser, ownVolunteerId: number | null): Html {
  if (idea.status !== 'scored' || user.account_type !== 'contributor') return html``;
  if (ownVolunteerId !== null && idea.volunteer.id === ownVolunteerId) {
    return html`<p class="small muted">This is your idea: others vote on it.</p>`;
  }
  return html`<form class="vote" data-api="/api/ideas/${idea.id}/vote" data-method="POST" aria-label="Your vote on ${idea.title}">
  ${formErrorSummary(null)}
  <p class="small">${CURRENT[idea.my_vote]}</p>
  <div class="actions">${CHOICES.map(
    ([vote, label, what]) =>
      html`<button type="submit" name="vote" value="${vote}" data-number class="${idea.my_vote === vote ? '' : 'secondary'} vote-${what}" aria-pressed="${String(idea.my_vote === vote)}">${label}</button>`,
  )}</div>
</form>`;
}
