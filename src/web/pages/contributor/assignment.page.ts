import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { getAssignment } from '../../../modules/assignments/assignments.service.ts';
import { listSubmissions } from '../../../modules/assignments/submissions.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { isThreadStatus, threadPath } from '../../../modules/challenge-messages/challenge-messages.service.ts';
import type { Task } from '../../../modules/tasks/tasks.schemas.ts';
import { dateTime, skillTags, statusChip } from '../../components/labels.ts';
import { idParam } from '../../components/path-id.ts';
import { contributorProfileOrNull } from '../../components/profiles.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { startForm, submitSolutionForm, waitingForReview } from './assignment-forms.ts';
import { answerForms, invitationNote, matchDetails } from './invitation-card.ts';
import { taskOrNull } from './invitations.ts';
import { nextStep, revisionRequested } from './next-step.ts';
import { submissionView } from './submission-view.ts';
import { taskFacts } from './task-card.ts';

/** The contributor's own assignment; anyone else's is a 404 page, so ids reveal nothing. */
async function ownAssignment(db: Db, user: AuthUser, id: number): Promise<Assignment> {
  try {
    return await getAssignment(db, user, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') throw AppError.notFound('Assignment');
    throw error;
  }
}

/** What the company wrote when it sent the solution back: kept on the submission it is about. */
function revisionMessage(assignment: Assignment): string | null {
  const note = assignment.latest_submission?.review_note;
  return note ? `Note from the company: ${note}` : null;
}

function taskSection(task: Task | null): Html {
  if (!task) {
    return html`<section class="card"><h2>The task</h2><p>The details of this task are no longer available: its
challenge has been archived by the company.</p></section>`;
  }
  return html`<section class="card" aria-labelledby="task-title">
  <h2 id="task-title">The task</h2>
  ${task.description && html`<p class="prose">${task.description}</p>`}
  ${task.required_skills.length > 0 && html`<h3>Skills needed</h3>${skillTags(task.required_skills)}`}
  ${task.acceptance_criteria.length > 0 && html`<h3>Acceptance criteria</h3><ul>${task.acceptance_criteria.map((criterion) => html`<li>${criterion}</li>`)}</ul>`}
  ${task.expected_output && html`<h3>Expected output</h3><p class="prose">${task.expected_output}</p>`}
  ${taskFacts(task)}
</section>`;
}

function timeline(assignment: Assignment): Html {
  const steps: Array<[string, string | null]> =
    assignment.status === 'declined'
      ? [
          ['Invited', assignment.invited_at],
          ['Declined', assignment.responded_at],
        ]
      : [
          ['Invited', assignment.invited_at],
          ['Accepted', assignment.responded_at],
          ['Started', assignment.started_at],
          ['Submitted', assignment.submitted_at],
          ['Completed', assignment.completed_at],
        ];
  return html`<ol class="timeline">${steps.map(
    ([label, at]) =>
      html`<li class="${at ? 'done' : 'todo'}"><span>${label}</span> ${at ? dateTime(at) : html`<span class="muted">not yet</span>`}</li>`,
  )}</ol>
${assignment.decline_reason && html`<p class="small">Your reason: ${assignment.decline_reason}</p>`}
${assignment.actual_hours !== null && html`<p class="small">Hours recorded: ${assignment.actual_hours}</p>`}`;
}

/** What the company said when it approved the work: its rating and comment, when it gave them. */
function companyReview(assignment: Assignment): Html {
  if (assignment.rating === null && assignment.review_comment === null) return html``;
  return html`<section class="card" aria-labelledby="review-title">
  <h2 id="review-title">The company's review</h2>
  ${assignment.rating !== null && html`<p><strong>Rating: ${assignment.rating} of 5</strong> <span aria-hidden="true">${'★'.repeat(assignment.rating)}${'☆'.repeat(5 - assignment.rating)}</span></p>`}
  ${assignment.review_comment && html`<blockquote class="prose">${assignment.review_comment}</blockquote>`}
</section>`;
}

/** The company ↔ team threads (issue 12, item 4) once the contributor is on the task (an invitee is not yet). */
function messagesSection(assignment: Assignment): Html {
  if (!isThreadStatus(assignment.status)) return html``;
  const challengeId = assignment.task.challenge_id;
  return html`<section class="card" aria-labelledby="talk-title">
  <h2 id="talk-title">Talk with the company</h2>
  <div class="actions">
    <a class="button secondary" href="${threadPath(challengeId, assignment.task_id)}">Messages about this task</a>
    <a class="button secondary" href="${threadPath(challengeId, null)}">Messages with the whole team</a>
  </div>
</section>`;
}

/** More versions than a review goes through; the page shows them all. */
const ALL_VERSIONS = { page: 1, perPage: 100, offset: 0 };

const canSubmit = (assignment: Assignment) => assignment.status === 'accepted' || assignment.status === 'in_progress';

/** The actions the status allows, next to the sentence that says what to do. */
function nextStepSection(assignment: Assignment, activeId: number | null): Html {
  const otherActive = activeId !== null && activeId !== assignment.id ? activeId : null;
  return html`<section class="card next-step" aria-labelledby="next-title">
  <h2 id="next-title">Next step</h2>
  <p>${nextStep(assignment)}</p>
  ${assignment.status === 'invited' && answerForms(assignment, otherActive)}
  <div class="row">
    ${assignment.status === 'accepted' && startForm(assignment)}
    ${canSubmit(assignment) && html`<a class="button secondary" href="#submit-title">Go to the solution form</a>`}
  </div>
</section>`;
}

/**
 * `/assignments/{id}` for both parties: notifications send the company here too, and it handles the assignment on its
 * own pages (the reviews, or the challenge). Any other company gets the API's answer (403, or 404 when the task is
 * hidden from it) as a page.
 */
export async function openAssignment(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const id = idParam(request, 'Assignment');
  if (user.account_type === 'company') {
    const assignment = await getAssignment(deps.db, user, id);
    const target = assignment.status === 'submitted' ? '/reviews' : `/challenges/${assignment.task.challenge_id}`;
    return reply.redirect(target, 303);
  }
  return assignmentPage(request, reply, deps, user, id);
}

/**
 * The contributor's `/assignments/{id}`: the task, where the assignment stands and its timeline, the actions its status allows
 * (accept/decline, start, submit a solution) and the latest submission; the company completes it.
 */
async function assignmentPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser, id: number) {
  const assignment = await ownAssignment(deps.db, user, id);
  const [task, profile, history] = await Promise.all([
    taskOrNull(deps.db, user, assignment.task_id),
    contributorProfileOrNull(deps.db, user),
    listSubmissions(deps.db, user, id, ALL_VERSIONS),
  ]);
  const revision = revisionRequested(assignment) ? revisionMessage(assignment) : null;

  return sendPage(request, reply, {
    title: assignment.task.title,
    body: html`<p class="breadcrumb"><a href="/assignments">My assignments</a></p>
<div class="page-head"><h1>${assignment.task.title}</h1> ${statusChip(assignment.status)}</div>
${task && html`<p class="muted">Challenge: <a href="/challenges/${task.challenge.id}">${task.challenge.title}</a>${task.workstream && html` · ${task.workstream.title}`}</p>`}
${
  revisionRequested(assignment) &&
  html`<div class="notice revision" role="status"><h2>The company asked for changes</h2>
<p>${revision ?? 'The company sent your solution back for more work.'}</p></div>`
}
${nextStepSection(assignment, profile?.statistics.active_assignment_id ?? null)}
<div class="split">
  ${taskSection(task)}
  <section class="card" aria-labelledby="progress-title">
    <h2 id="progress-title">Progress</h2>
    ${timeline(assignment)}
    ${invitationNote(assignment)}
    ${matchDetails(assignment)}
  </section>
</div>
${messagesSection(assignment)}
${companyReview(assignment)}
${submissionView(assignment, history)}
${canSubmit(assignment) && submitSolutionForm(assignment)}
${assignment.status === 'submitted' && waitingForReview()}`,
  });
}
