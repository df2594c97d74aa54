import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/** The limits of submit-solution (docs/contract.md §4), shown to the person before the API has to refuse anything. */
const DESCRIPTION = { min: 10, max: 10_000 };
const MAX_HOURS = 1000;
const ATTACHMENT_TYPES = '.pdf,.doc,.docx,.zip,.png,.jpg,.jpeg,.txt';

export function startForm(assignment: Assignment): Html {
  return html`<form data-api="/api/assignments/${assignment.id}/start" data-method="POST">
  ${formErrorSummary(null)}
  <button type="submit">Start the task</button>
</form>`;
}

/**
 * The solution: description (live counter), deliverable URL, hours and up to 10 attachments. The API answers 303 on
 * success, which app.js counts as success before coming back to this page to show the submission.
 */
export function submitSolutionForm(assignment: Assignment): Html {
  const again = assignment.latest_submission !== null;
  return html`<section class="card" aria-labelledby="submit-title">
  <h2 id="submit-title">${again ? 'Submit your solution again' : 'Submit your solution'}</h2>
  <form data-api="/api/assignments/${assignment.id}/submit-solution" data-method="POST" data-redirect="/assignments/${assignment.id}" novalidate>
    ${formErrorSummary(null)}
    ${field({
      name: 'description',
      label: 'What did you do?',
      type: 'textarea',
      required: true,
      hint: `Describe your solution and how it meets the acceptance criteria (${DESCRIPTION.min} to ${DESCRIPTION.max} characters).`,
      attributes: html`data-counter data-min="${DESCRIPTION.min}" data-max="${DESCRIPTION.max}" rows="8"`,
    })}
    <p class="counter" id="field-description-counter" aria-live="polite"></p>
    ${field({
      name: 'deliverable_url',
      label: 'Link to your work (optional)',
      type: 'url',
      hint: 'An http or https address, for example a repository or a shared folder.',
      attributes: html`placeholder="https://" inputmode="url"`,
    })}
    ${field({
      name: 'hours_worked',
      label: 'Hours worked',
      type: 'number',
      required: true,
      hint: `More than 0 and at most ${MAX_HOURS}; halves are fine (2.5).`,
      attributes: html`min="0" max="${MAX_HOURS}" step="any" inputmode="decimal"`,
    })}
    ${field({
      name: 'attachments',
      label: 'Attachments (optional)',
      type: 'file',
      hint: 'Up to 10 files of 10 MB each: PDF, Word, ZIP, PNG, JPEG or plain text.',
      attributes: html`multiple accept="${ATTACHMENT_TYPES}"`,
    })}
    <button type="submit">Submit solution</button>
  </form>
</section>`;
}

/**
 * Only the owning company completes an assignment, by approving the solution (docs/contract.md §4, issue 10 item 7):
 * the contributor is told so instead of being offered a button.
 */
export function waitingForReview(): Html {
  return html`<p class="muted">The company completes the task when it approves your solution.</p>`;
}
