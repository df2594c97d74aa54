import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { listPendingAssignments, REVISION_NOTE_MAX_LENGTH } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { dateTime, fileSize, hours } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { csrfField, sendPage } from '../../layout.ts';
import { attachmentUrl } from '../contributor/attachment-download.ts';

const PER_PAGE = 10;

function submissionDetails(assignment: Assignment): Html {
  const submission = assignment.latest_submission;
  if (!submission) return html`<p class="muted">The solution's details could not be found.</p>`;
  return html`<p class="prose">${submission.description}</p>
  <dl class="facts">
    <div><dt>Hours worked</dt><dd>${hours(submission.hours_worked)}</dd></div>
    <div><dt>Estimate</dt><dd>${hours(assignment.task.estimated_hours)}</dd></div>
    <div><dt>Handed in</dt><dd>${dateTime(submission.created_at)}</dd></div>
    <div><dt>Deliverable</dt><dd>${submission.deliverable_url ? html`<a href="${submission.deliverable_url}" rel="noopener noreferrer">${submission.deliverable_url}</a>` : 'No link given'}</dd></div>
  </dl>
  <h3>Attachments</h3>
  ${
    submission.attachments.length === 0
      ? html`<p class="muted small">No files attached.</p>`
      : html`<ul class="plain">${submission.attachments.map(
          (file) =>
            html`<li><a href="${attachmentUrl(assignment.id, file.id)}" download>${file.file_name}</a> <span class="small muted">${fileSize(file.size)}</span></li>`,
        )}</ul>`
  }`;
}

/** Approve goes to the API (as an integration would); sending back is web-only, so it is a CSRF-protected form. */
function reviewActions(reply: FastifyReply, assignment: Assignment): Html {
  const id = assignment.id;
  const worked = assignment.latest_submission?.hours_worked ?? '';
  return html`<div class="actions">
  <form data-api="/api/assignments/${id}/complete" data-method="POST" data-redirect="/challenges/${assignment.task.challenge_id}#task-${assignment.task.id}" novalidate>
    ${formErrorSummary(null)}
    <div class="field">
      <label for="actual-hours-${id}">Hours to record</label>
      <input type="number" id="actual-hours-${id}" name="actual_hours" value="${worked}" min="0.1" max="10000" step="0.5" inputmode="decimal" aria-describedby="actual-hours-${id}-error">
      <p class="error" id="actual-hours-${id}-error" data-error-for="actual_hours" role="alert"></p>
    </div>
    <button type="submit">Approve and complete</button>
  </form>
  <details>
    <summary>Send it back for changes</summary>
    <form method="post" action="/reviews/${id}/send-back">
      ${csrfField(reply)}
      <div class="field">
        <label for="note-${id}">What should ${assignment.volunteer.name} change?</label>
        <textarea id="note-${id}" name="note" rows="4" maxlength="${REVISION_NOTE_MAX_LENGTH}" required></textarea>
      </div>
      <button type="submit" class="secondary">Send back with this note</button>
    </form>
  </details>
</div>`;
}

function reviewCard(reply: FastifyReply, assignment: Assignment): Html {
  return html`<article class="card" aria-labelledby="review-${assignment.id}">
  <div class="card-head"><h2 id="review-${assignment.id}">${assignment.task.title}</h2><span class="status submitted">Waiting for your review</span></div>
  <p class="small">By <strong>${assignment.volunteer.name}</strong> (${assignment.volunteer.reputation_score} reputation points) ·
  <a href="/challenges/${assignment.task.challenge_id}#task-${assignment.task.id}">the task in its challenge</a></p>
  ${submissionDetails(assignment)}
  ${reviewActions(reply, assignment)}
</article>`;
}

/** `/reviews`: the solutions contributors handed in on the company's tasks, newest first as the API lists them. */
export async function reviewsPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const page = pageOf(request.query, PER_PAGE);
  const waiting = await listPendingAssignments(deps.db, user, page);
  return sendPage(request, reply, {
    title: 'Reviews',
    body: html`<div class="page-head"><h1>Solutions to review <span class="count">${waiting.total}</span></h1></div>
${
  waiting.total === 0
    ? html`<p class="muted">Nothing is waiting for your review. When a contributor hands in a solution, it appears here
and you get a notification.</p>`
    : html`<p class="lead">Approve a solution to complete the task and credit the contributor, or send it back with a note
saying what to change.</p>
<div class="stack">${waiting.data.map((assignment) => reviewCard(reply, assignment))}</div>`
}
${pager('/reviews', page.page, PER_PAGE, waiting.total)}`,
  });
}
