import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { dateTime, fileSize, hours, statusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';
import { attachmentUrl } from './attachment-download.ts';

type Submission = NonNullable<Assignment['latest_submission']>;

/** Attachments download through the web route both parties may use (session auth, not the API token). */
function attachmentList(assignmentId: number, submission: Submission): Html {
  if (submission.attachments.length === 0) return html`<p class="muted">No attachments.</p>`;
  return html`<ul class="plain attachments">${submission.attachments.map(
    (file) =>
      html`<li><a href="${attachmentUrl(assignmentId, file.id)}" download>${file.file_name}</a> <span class="muted small">${fileSize(file.size)}, ${file.content_type}</span></li>`,
  )}</ul>`;
}

/** The latest solution the contributor handed in, as the company sees it. */
export function submissionView(assignment: Assignment): Html {
  const submission = assignment.latest_submission;
  if (!submission) return html``;
  return html`<section class="card" aria-labelledby="submission-title">
  <div class="card-head">
    <h2 id="submission-title">Your solution</h2>
    ${statusChip(submission.status)}
  </div>
  <p class="muted small">Submitted ${dateTime(submission.created_at)}</p>
  <p class="prose">${submission.description}</p>
  <dl class="facts">
    <div><dt>Hours worked</dt><dd>${hours(submission.hours_worked)}</dd></div>
    <div><dt>Link to the work</dt><dd>${submission.deliverable_url ? html`<a href="${submission.deliverable_url}" rel="noopener noreferrer" target="_blank">${submission.deliverable_url}</a>` : 'none'}</dd></div>
  </dl>
  <h3>Attachments</h3>
  ${attachmentList(assignment.id, submission)}
</section>`;
}
