import type { MyApplication } from '../../../modules/tasks/task-interests.service.ts';
import { dateTime, statusChip } from '../../components/labels.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

const NOTE_MAX = 1000;

/**
 * "I'm interested" on a task of "Find tasks" (issue 13, item 1): before applying, a short optional note to the
 * company and the button; afterwards, that the reader applied, with their note and a way to take it back. Both act
 * through the API (`POST`/`DELETE /api/tasks/{id}/interest`) and reload the page to show the new state.
 */
export function interestControls(taskId: number, application: MyApplication | undefined): Html {
  if (application) {
    return html`<div class="applied" role="group" aria-label="Your application">
  <p>${statusChip('accepted', 'You applied')} <span class="small muted">${dateTime(application.created_at)}. The company
  sees you beside its candidates and may invite you: the invitation arrives under My assignments.</span></p>
  ${application.note && html`<p class="small">Your note: <q>${application.note}</q></p>`}
  <form data-api="/api/tasks/${taskId}/interest" data-method="DELETE" data-confirm="Withdraw your interest in this task? The company will no longer see you as an applicant.">
    ${formErrorSummary(null)}
    <button type="submit" class="secondary">Withdraw my interest</button>
  </form>
</div>`;
  }
  const id = `interest-note-${taskId}`;
  return html`<details class="invite">
  <summary>I'm interested…</summary>
  <form data-api="/api/tasks/${taskId}/interest" data-method="POST" novalidate>
    ${formErrorSummary(null)}
    <div class="field">
      <label for="${id}">A short note to the company (optional)</label>
      <p class="hint" id="${id}-hint">Why you, and what you would bring. At most ${NOTE_MAX} characters.</p>
      <textarea id="${id}" name="note" rows="3" maxlength="${NOTE_MAX}" aria-describedby="${id}-hint ${id}-error"></textarea>
      <p class="error" id="${id}-error" data-error-for="note" role="alert"></p>
    </div>
    <button type="submit">Send my interest</button>
  </form>
</details>`;
}
