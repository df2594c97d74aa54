import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { type Assignment, REVIEW_TEXT_MAX_LENGTH } from '../../../modules/assignments/assignments.schemas.ts';
import { listPendingAssignments } from '../../../modules/assignments/assignments.service.ts';
import { listSubmissions } from '../../../modules/assignments/submissions.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { hours } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { type SubmissionHistory, submissionBody, submissionHistory } from '../contributor/submission-view.ts';

const PER_PAGE = 10;

/** More versions than a review goes through; the card shows them all. */
const ALL_VERSIONS = { page: 1, perPage: 100, offset: 0 };

const RATINGS: Array<[string, string]> = [
  ['', 'No rating'],
  ['5', '5 — excellent'],
  ['4', '4 — good'],
  ['3', '3 — as expected'],
  ['2', '2 — below expectations'],
  ['1', '1 — poor'],
];

function submissionDetails(assignment: Assignment, history: SubmissionHistory): Html {
  const submission = assignment.latest_submission;
  if (!submission) return html`<p class="muted">The solution's details could not be found.</p>`;
  return html`${submissionBody(assignment.id, submission)}
  <p class="small">Estimate for the task: ${hours(assignment.task.estimated_hours)}.</p>
  ${submissionHistory(assignment.id, history)}`;
}

/**
 * Both actions go to the API, as an integration would: approve (after a confirmation, with an optional rating and
 * comment for the contributor) and send back for changes (with the required note).
 */
function reviewActions(assignment: Assignment): Html {
  const id = assignment.id;
  const worked = assignment.latest_submission?.hours_worked ?? '';
  const name = assignment.volunteer.name;
  return html`<div class="actions">
  <form data-api="/api/assignments/${id}/complete" data-method="POST" data-redirect="/challenges/${assignment.task.challenge_id}#task-${assignment.task.id}"
    data-confirm="Approve “${assignment.task.title}” by ${name}? This completes the task and credits ${name}; it cannot be undone." novalidate>
    ${formErrorSummary(null)}
    <div class="field">
      <label for="actual-hours-${id}">Hours to record</label>
      <input type="number" id="actual-hours-${id}" name="actual_hours" value="${worked}" min="0.1" max="10000" step="0.5" inputmode="decimal" aria-describedby="actual-hours-${id}-error">
      <p class="error" id="actual-hours-${id}-error" data-error-for="actual_hours" role="alert"></p>
    </div>
    <div class="field">
      <label for="rating-${id}">Rating (optional)</label>
      <p class="hint" id="rating-${id}-hint">${name} sees it; it weighs the reputation points the task earns.</p>
      <select id="rating-${id}" name="rating" data-number aria-describedby="rating-${id}-hint rating-${id}-error">${RATINGS.map(
        ([value, label]) => html`<option value="${value}">${label}</option>`,
      )}</select>
      <p class="error" id="rating-${id}-error" data-error-for="rating" role="alert"></p>
    </div>
    <div class="field">
      <label for="comment-${id}">Comment for ${name} (optional)</label>
      <textarea id="comment-${id}" name="comment" rows="3" maxlength="${REVIEW_TEXT_MAX_LENGTH}" aria-describedby="comment-${id}-error"></textarea>
      <p class="error" id="comment-${id}-error" data-error-for="comment" role="alert"></p>
    </div>
    <button type="submit">Approve and complete</button>
  </form>
  <details>
    <summary>Send it back for changes</summary>
    <form data-api="/api/assignments/${id}/request-changes" data-method="POST" data-redirect="/reviews" novalidate>
      ${formErrorSummary(null)}
      <div class="field">
        <label for="note-${id}">What should ${name} change?</label>
        <textarea id="note-${id}" name="note" rows="4" maxlength="${REVIEW_TEXT_MAX_LENGTH}" required aria-describedby="note-${id}-error"></textarea>
        <p class="error" id="note-${id}-error" data-error-for="note" role="alert"></p>
      </div>
      <button type="submit" class="secondary">Send back with this note</button>
    </form>
  </details>
</div>`;
}

function reviewCard(assignment: Assignment, history: SubmissionHistory): Html {
  return html`<article class="card" aria-labelledby="review-${assignment.id}">
  <div class="card-head"><h2 id="review-${assignment.id}">${assignment.task.title}</h2><span class="status submitted">Waiting for your review</span></div>
  <p class="small">By <strong>${assignment.volunteer.name}</strong> (${assignment.volunteer.reputation_score} reputation points) ·
  <a href="/challenges/${assignment.task.challenge_id}#task-${assignment.task.id}">the task in its challenge</a></p>
  ${submissionDetails(assignment, history)}
  ${reviewActions(assignment)}
</article>`;
}

/** `/reviews`: the solutions contributors handed in on the company's tasks, newest first as the API lists them. */
export async function reviewsPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const page = pageOf(request.query, PER_PAGE);
  const waiting = await listPendingAssignments(deps.db, user, page);
  const histories = await Promise.all(
    waiting.data.map((assignment) => listSubmissions(deps.db, user, assignment.id, ALL_VERSIONS)),
  );
  return sendPage(request, reply, {
    title: 'Reviews',
    body: html`<div class="page-head"><h1>Solutions to review <span class="count">${waiting.total}</span></h1></div>
${
  waiting.total === 0
    ? html`<p class="muted">Nothing is waiting for your review. When a contributor hands in a solution, it appears here
and you get a notification.</p>`
    : html`<p class="lead">Approve a solution to complete the task and credit the contributor, or send it back with a note
saying what to change. Earlier versions and the hours of all of them are under each solution.</p>
<div class="stack">${waiting.data.map((assignment, index) => reviewCard(assignment, histories[index]))}</div>`
}
${pager('/reviews', page.page, PER_PAGE, waiting.total)}`,
  });
}
