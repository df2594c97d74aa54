import type { PageOf } from '../../../http/pagination.ts';
import type { Assignment, Submission } from '../../../modules/assignments/assignments.schemas.ts';
import { dateTime, fileSize, hours, statusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';
import { attachmentUrl } from './attachment-download.ts';

/** Attachments download through the web route both parties may use (session auth, not the API token). */
function attachmentList(assignmentId: number, submission: Submission): Html {
  if (submission.attachments.length === 0) return html`<p class="muted small">No files attached.</p>`;
  return html`<ul class="plain attachments">${submission.attachments.map(
    (file) =>
      html`<li><a href="${attachmentUrl(assignmentId, file.id)}" download>${file.file_name}</a> <span class="muted small">${fileSize(file.size)}, ${file.content_type}</span></li>`,
  )}</ul>`;
}

/** One version of a solution: what was written, the hours, the link, the files, and the company's note if sent back. */
export function submissionBody(assignmentId: number, submission: Submission): Html {
  return html`<p class="prose">${submission.description}</p>
  <dl class="facts">
    <div><dt>Hours worked</dt><dd>${hours(submission.hours_worked)}</dd></div>
    <div><dt>Handed in</dt><dd>${dateTime(submission.created_at)}</dd></div>
    <div><dt>Link to the work</dt><dd>${submission.deliverable_url ? html`<a href="${submission.deliverable_url}" rel="noopener noreferrer" target="_blank">${submission.deliverable_url}</a>` : 'none'}</dd></div>
  </dl>
  ${submission.review_note && html`<p class="small"><strong>Sent back with the note:</strong> ${submission.review_note}</p>`}
  <h3>Attachments</h3>
  ${attachmentList(assignmentId, submission)}`;
}

/** The latest solution the contributor handed in, with the earlier versions under it. */
export function submissionView(assignment: Assignment, history: SubmissionHistory): Html {
  const submission = assignment.latest_submission;
  if (!submission) return html``;
  return html`<section class="card" aria-labelledby="submission-title">
  <div class="card-head">
    <h2 id="submission-title">Your solution</h2>
    ${statusChip(submission.status)}
  </div>
  ${submissionBody(assignment.id, submission)}
  ${submissionHistory(assignment.id, history)}
</section>`;
}

/** Every version handed in on the assignment, newest first, and the hours of all of them. */
export type SubmissionHistory = PageOf<Submission> & { hoursSubmitted: number };

/**
 * The earlier versions (the latest is shown on its own) with the hours summed over all of them: the history of the
 * review, the same for the company and the contributor. Nothing when there was only one version.
 */
export function submissionHistory(assignmentId: number, history: SubmissionHistory): Html {
  const earlier = history.data.slice(1);
  const total = html`<p class="small" data-hours-submitted>Hours submitted in all: <strong>${hours(history.hoursSubmitted)}</strong>
    over ${history.total} version${history.total === 1 ? '' : 's'}.</p>`;
  if (earlier.length === 0) return total;
  return html`${total}
  <details class="history">
    <summary>Earlier versions (${history.total - 1})</summary>
    <ol class="plain stack" aria-label="Earlier versions, newest first">${earlier.map(
      (submission, index) => html`<li class="version">
      <div class="card-head"><h3>Version ${history.total - 1 - index}</h3>${statusChip(submission.status)}</div>
      ${submissionBody(assignmentId, submission)}
    </li>`,
    )}</ol>
  </details>`;
}
