import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { dateTime, hours, skillTags, statusChip } from '../../components/labels.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/**
 * The one-active-task rule in words (docs/contract.md §4, accept): shown up front when the contributor already holds a
 * task, and by app.js when the API refuses an accept with `active_assignment_id` (someone may have accepted in another
 * tab).
 */
const ACTIVE_TASK_RULE =
  'You can work on one task at a time. Finish your active task (submit it and have it completed) before you accept another one.';

function reasoning(invitation: Assignment): Html {
  const why = invitation.match_reasoning;
  if (!why) return html``;
  const list = (items: string[], empty: string) =>
    items.length > 0
      ? html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`
      : html`<p class="muted">${empty}</p>`;
  return html`<details class="reasoning">
  <summary>Why you were invited</summary>
  <p class="small">${why.summary}</p>
  <div class="grid two">
    <div><p class="label">Strengths</p>${list(why.strengths, 'None listed.')}</div>
    <div><p class="label">Gaps</p>${list(why.gaps, 'No gaps found.')}</div>
  </div>
</details>`;
}

/** The rule with a link to the task the contributor holds: known (`{value}` filled) or filled in by app.js. */
function activeTaskRule(activeAssignmentId: number | null): Html {
  return activeAssignmentId !== null
    ? html`<p class="notice">${ACTIVE_TASK_RULE} <a href="/assignments/${activeAssignmentId}">Open your active task</a>.</p>`
    : html`<p class="notice" data-error-when="active_assignment_id" hidden>${ACTIVE_TASK_RULE}
      <a href="/assignments" data-href="/assignments/{value}">Open your active task</a>.</p>`;
}

/**
 * Accept, and Decline with an optional reason, through the API. When the contributor already holds a task
 * (`activeAssignmentId`) the rule is said up front; otherwise app.js says it if the API refuses the accept (another
 * tab may have accepted meanwhile). In a list, `titleId` names the invitation's title so that each button says which
 * task it answers.
 */
export function answerForms(
  invitation: Assignment,
  activeAssignmentId: number | null,
  titleId: string | null = null,
): Html {
  const id = invitation.id;
  const describedBy = titleId && html` aria-describedby="${titleId}"`;
  return html`<div class="actions">
  <form data-api="/api/assignments/${id}/accept" data-method="POST" data-redirect="/assignments/${id}">
    ${formErrorSummary(null)}
    ${activeTaskRule(activeAssignmentId)}
    <button type="submit"${describedBy}>Accept invitation</button>
  </form>
  <details class="decline">
    <summary>Decline…</summary>
    <form data-api="/api/assignments/${id}/reject" data-method="POST">
      ${formErrorSummary(null)}
      <div class="field">
        <label for="reason-${id}">Why are you declining? (optional)</label>
        <textarea id="reason-${id}" name="reason" maxlength="500" rows="2" aria-describedby="reason-${id}-error"></textarea>
        <p class="error" id="reason-${id}-error" data-error-for="reason" role="alert"></p>
      </div>
      <button type="submit" class="secondary"${describedBy}>Decline invitation</button>
    </form>
  </details>
</div>`;
}

/** What the company wrote when it invited the contributor itself (issue 12, item 3). */
export function invitationNote(invitation: Assignment): Html {
  if (invitation.invited_by !== 'company') return html``;
  return html`<p class="small">The company chose you for this task${
    invitation.invitation_note && html` and wrote: <q class="invitation-note">${invitation.invitation_note}</q>`
  }</p>`;
}

/** The match score and skill coverage at a glance; the matcher's full reasoning folded beneath. */
export function matchDetails(invitation: Assignment): Html {
  const coverage = invitation.match_reasoning?.skill_match_percentage;
  return html`${invitation.match_score !== null && html`<p class="match"><strong>${invitation.match_score}% match</strong>${coverage !== undefined && html` · you have ${Math.round(coverage)}% of the skills it asks for`}</p>`}
  ${reasoning(invitation)}`;
}

/**
 * An invitation with what the contributor needs to decide: the task, the match score and its reasoning, and
 * Accept / Decline (with an optional reason) acting through the API. `task` is null when its details are hidden
 * (e.g. the challenge was archived); `activeAssignmentId` is the task the contributor already holds, if any.
 */
export function invitationCard(invitation: Assignment, task: Task | null, activeAssignmentId: number | null): Html {
  const id = invitation.id;
  return html`<article class="card invitation" aria-labelledby="invitation-${id}-title">
  <div class="card-head">
    <h3 id="invitation-${id}-title"><a href="/assignments/${id}">${invitation.task.title}</a></h3>
    ${statusChip(invitation.status)}
  </div>
  <p class="muted small">${task && html`${task.challenge.title} · `}About ${hours(invitation.task.estimated_hours)} · invited ${dateTime(invitation.invited_at)}</p>
  ${task && task.required_skills.length > 0 && skillTags(task.required_skills)}
  ${invitationNote(invitation)}
  ${matchDetails(invitation)}
  ${invitation.status === 'invited' && answerForms(invitation, activeAssignmentId, `invitation-${id}-title`)}
</article>`;
}
