import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { getTaskApplicants, type TaskApplicant } from '../../../modules/matching/applicants.service.ts';
import { getTaskCandidates } from '../../../modules/matching/candidates.service.ts';
import type { TaskCandidates } from '../../../modules/matching/matching.schemas.ts';
import { fittingProficiency } from '../../../modules/matching/scoring.ts';
import { showTask } from '../../../modules/tasks/tasks.service.ts';
import { dateTime, skillTags, statusChip, statusLabel, taskStatusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { inviteForm, volunteerCard, withdrawForm } from './people-cards.ts';

type Person = TaskCandidates['people'][number];

function personStatus(person: Person): Html {
  const { assignment } = person;
  if (assignment.withdrawn_at) return statusChip('declined', 'Invitation withdrawn');
  return statusChip(assignment.status, assignment.status === 'invited' ? 'Invited' : statusLabel(assignment.status));
}

function peopleSection(taskId: number, people: TaskCandidates['people']): Html {
  if (people.length === 0) return html`<p class="muted">Nobody has been invited to this task yet.</p>`;
  return html`<div class="stack">${people.map((person) =>
    volunteerCard(
      person.volunteer,
      html`<p>${personStatus(person)} ${person.assignment.match_score !== null && html`<span class="small muted">${person.assignment.match_score}% match</span>`}
      <span class="small muted">${person.assignment.invited_by === 'company' ? 'Invited by you' : 'Invited by matching'}</span></p>
      ${person.assignment.invitation_note && html`<p class="small">Your note: <q>${person.assignment.invitation_note}</q></p>`}
      ${person.assignment.status === 'invited' && !person.assignment.withdrawn_at && withdrawForm(person.assignment.id, person.volunteer.name)}`,
      taskId,
    ),
  )}</div>`;
}

/**
 * The people who applied for the task (issue 13, item 1), newest first: their note, their card and match score, and
 * Invite while the task takes invitations; once invited, where their invitation stands.
 */
function applicantsSection(
  taskId: number,
  result: TaskCandidates,
  { applicants, total }: { applicants: TaskApplicant[]; total: number },
): Html {
  if (applicants.length === 0) {
    return html`<p class="muted">Nobody has applied yet. Contributors who find this task under “Find tasks” can say
they are interested, with a note; they appear here.</p>`;
  }
  return html`<div class="stack">${applicants.map(({ application, volunteer, match_score }) =>
    volunteerCard(
      volunteer,
      html`<p>${statusChip('submitted', 'Applied')} <span class="small muted">${dateTime(application.created_at)}</span>
      ${match_score !== null && html`<span class="small muted">${match_score}% match</span>`}</p>
      ${application.note ? html`<blockquote class="evidence">${application.note}</blockquote>` : html`<p class="small muted">No note.</p>`}
      ${
        application.assignment
          ? html`<p class="small">${statusChip(application.assignment.status)} Already on the task: see “Invited and working”.</p>`
          : result.open_for_invitations && inviteForm(taskId, volunteer)
      }`,
      taskId,
    ),
  )}</div>
  ${total > applicants.length && html`<p class="small muted">The newest ${applicants.length} of ${total} applicants are shown.</p>`}`;
}

function candidatesSection(taskId: number, result: TaskCandidates, applied: ReadonlySet<number>): Html {
  if (result.candidates.length === 0) return html``;
  return html`<div class="stack">${result.candidates.map((candidate) =>
    volunteerCard(
      candidate.volunteer,
      html`<p class="match"><strong>${candidate.match_score}% match</strong> ${
        candidate.would_be_invited
          ? html`<span class="small muted">matching would invite them</span>`
          : html`<span class="small muted">below the ${result.minimum_score} matching invites from</span>`
      }</p>
      <details class="reasoning"><summary>Why this score</summary><p class="small">${candidate.match_reasoning.summary}</p></details>
      ${
        applied.has(candidate.volunteer.id)
          ? html`<p class="small">Applied for this task: see Applicants.</p>`
          : result.open_for_invitations && inviteForm(taskId, candidate.volunteer)
      }`,
      taskId,
    ),
  )}</div>
  ${result.candidates_total > result.candidates.length && html`<p class="small muted">The best ${result.candidates.length} of ${result.candidates_total} are shown.</p>`}`;
}

/**
 * `/tasks/{id}/people` (the owning company): who applied (with their notes), the task's candidates as matching ranks
 * them and the people on it, as profile cards, with Invite (and a note) and Withdraw; when nobody fits, why, and a
 * way to find people by skill.
 */
export async function taskPeoplePage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  id: number,
) {
  const result = await getTaskCandidates(deps.db, user, id);
  const task = await showTask(deps.db, user, id);
  const applicants = await getTaskApplicants(deps.db, user, id);
  const applied = new Set(applicants.applicants.map((applicant) => applicant.volunteer.id));
  const level = fittingProficiency(task.required_experience_level);
  const firstSkill = task.required_skills[0];
  const findUrl = `/people?${new URLSearchParams({
    ...(firstSkill && { skill: firstSkill }),
    min_level: level,
    task: String(task.id),
  })}`;
  return sendPage(request, reply, {
    title: `People for ${task.title}`,
    body: html`<p class="breadcrumb"><a href="/challenges/${task.challenge.id}#task-${task.id}">${task.challenge.title}</a></p>
<div class="page-head"><h1>People for “${task.title}”</h1> ${taskStatusChip(task.status)}</div>
${task.required_skills.length > 0 && skillTags(task.required_skills)}
<section id="applicants" aria-labelledby="applicants-title">
  <h2 id="applicants-title">Applicants${applicants.total > 0 && ` (${applicants.total})`}</h2>
  ${applicantsSection(task.id, result, applicants)}
</section>
<section aria-labelledby="candidates-title">
  <h2 id="candidates-title">Candidates</h2>
  ${result.message && html`<p class="notice" role="status">${result.message}</p>`}
  ${candidatesSection(task.id, result, applied)}
  ${result.open_for_invitations && html`<p><a href="${findUrl}">Find people by skill for this task</a></p>`}
</section>
<section aria-labelledby="people-title">
  <h2 id="people-title">Invited and working</h2>
  ${peopleSection(task.id, result.people)}
</section>`,
  });
}
