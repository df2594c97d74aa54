import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_DESCRIPTION_MIN,
  CHALLENGE_TITLE_MAX,
  type Challenge,
} from '../../../modules/challenges/challenges.schemas.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { contestFieldset } from '../community/contest-settings.ts';

/**
 * The challenge's title and brief, with the settings it has if it becomes a contest, for submitting (POST /api/challenges, then to the new challenge's page) and for
 * the owner's edit while it is still being analysed (PUT). The counter below the brief is app.js's `data-counter`.
 */
export function challengeForm(challenge: Challenge | null): Html {
  const api = challenge ? `/api/challenges/${challenge.id}` : '/api/challenges';
  return html`<form class="card" data-api="${api}" data-method="${challenge ? 'PUT' : 'POST'}" data-redirect="/challenges/${challenge ? challenge.id : '{id}'}" novalidate>
  ${formErrorSummary(null)}
  ${field({
    name: 'title',
    label: 'Title',
    required: true,
    value: challenge?.title,
    hint: 'A short name for the problem, e.g. "Cut onboarding time for warehouse staff".',
    attributes: html`maxlength="${CHALLENGE_TITLE_MAX}"`,
  })}
  ${field({
    name: 'description',
    label: 'Description',
    type: 'textarea',
    required: true,
    value: challenge?.description,
    hint: `The brief: what is the problem, who has it, what a good outcome looks like and any constraints. Between ${CHALLENGE_DESCRIPTION_MIN} and ${CHALLENGE_DESCRIPTION_MAX} characters.`,
    attributes: html`data-counter data-min="${CHALLENGE_DESCRIPTION_MIN}" data-max="${CHALLENGE_DESCRIPTION_MAX}" rows="12"`,
  })}
  <p class="counter" id="field-description-counter" aria-live="polite"></p>
  ${challenge && html`<p class="hint">A changed brief is analysed again from the start.</p>`}
  ${contestFieldset(challenge)}
  <button type="submit">${challenge ? 'Save the challenge' : 'Submit the challenge'}</button>
</form>`;
}
