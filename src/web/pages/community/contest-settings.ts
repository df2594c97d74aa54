import { contestTermsFixedReason, isPublicContest } from '../../../modules/challenges/challenge-contest.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import { checkboxField, field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/** The API's limits on the contest texts (challenges.schemas.ts). */
const PRIZE_MAX = 500;
const JUDGING_CRITERIA_MAX = 2000;

/** A date-only deadline is stored as the last second of that day, UTC (challenge-contest.ts). */
const END_OF_DAY = 'T23:59:59.000Z';

type ContestSettings = Pick<Challenge, 'deadline' | 'prize' | 'judging_criteria' | 'public'>;

/**
 * A deadline set as a date is edited as one. One set through the API with a time of day is shown as it is, in a text
 * field that takes either form: a date picker would move it silently to the end of its day on the next save.
 */
function deadlineField(deadline: string | null): Html {
  if (deadline === null || deadline.endsWith(END_OF_DAY)) {
    return field({
      name: 'deadline',
      label: 'Deadline (optional)',
      type: 'date',
      value: deadline?.slice(0, 10),
      hint:
        'New ideas and votes close at the end of this day (23:59 UTC), and you choose the winners after it. Leave ' +
        'it empty for no deadline: then ideas stay open until you announce the winners.',
    });
  }
  return field({
    name: 'deadline',
    label: 'Deadline (optional)',
    value: deadline,
    hint:
      'Set with a time of day (UTC). Keep it, or write a date (YYYY-MM-DD, the end of that day) or a date and time ' +
      'with a time zone (2026-12-01T17:00:00Z). Empty: no deadline.',
  });
}

function publicField(settings: ContestSettings | null): Html {
  return checkboxField({
    name: 'public',
    label: 'Show this challenge on a public page',
    checked: settings?.public ?? false,
    hint:
      'Anyone with the link can read it without an account: the brief, deadline, prize, criteria, the scored ideas ' +
      'with their scores, and the winners. Never the names of contributors, comments or feedback.',
  });
}

/**
 * The contest settings of a community discussion as form fields, for the challenge form (submission and the edit
 * while it is analysed) and the owner's settings form on the challenge page. `terms` false leaves only the public
 * opt-in, which may change at any time (docs/api.md, Contests).
 */
function contestFields(settings: ContestSettings | null, terms = true): Html {
  if (!terms) return publicField(settings);
  return html`${deadlineField(settings?.deadline ?? null)}
  ${field({
    name: 'prize',
    label: 'Prize (optional)',
    value: settings?.prize,
    hint: 'What the winners receive, in your words, e.g. "€2,000 and a pilot with our team".',
    attributes: html`maxlength="${PRIZE_MAX}"`,
  })}
  ${field({
    name: 'judging_criteria',
    label: 'Judging criteria (optional)',
    type: 'textarea',
    value: settings?.judging_criteria,
    hint:
      'How you will choose the winners, one criterion per line. Contributors see them, and the AI feedback on each ' +
      'idea says which ones it meets and which it misses.',
    attributes: html`maxlength="${JUDGING_CRITERIA_MAX}" rows="4"`,
  })}
  ${publicField(settings)}`;
}

/** On the submission form: the settings apply only if the analysis makes the brief a community discussion. */
export function contestFieldset(settings: ContestSettings | null): Html {
  return html`<fieldset>
  <legend>If it becomes a community contest</legend>
  <p class="hint">Guild decides from the brief whether contributors propose ideas (a community discussion) or a team
  does the work. These settings count only for a community discussion; you can change them while it runs.</p>
  ${contestFields(settings)}
</fieldset>`;
}

/**
 * The owner's settings form for a running community discussion: deadline, prize and criteria until they are fixed
 * (winners announced, challenge closed), the public opt-in always. It sends only these fields, so it is never
 * refused for the title or brief, which no longer change.
 */
export function contestSettingsForm(challenge: Challenge): Html {
  const fixed = contestTermsFixedReason(challenge);
  const publicPage = `/challenges/${challenge.id}/public`;
  return html`${isPublicContest(challenge) && html`<p class="small">Public page, for anyone with the link: <a href="${publicPage}">${publicPage}</a></p>`}
<details class="contest-settings">
  <summary>Contest settings</summary>
  <form data-api="/api/challenges/${challenge.id}" data-method="PUT" novalidate>
    ${formErrorSummary(null)}
    ${fixed && html`<p class="hint">${fixed}</p>`}
    ${contestFields(challenge, fixed === null)}
    <button type="submit">Save the contest settings</button>
  </form>
</details>`;
}
