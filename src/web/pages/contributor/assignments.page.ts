import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { listAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { dateTime, hours, statusChip } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { contributorProfileOrNull } from '../../components/profiles.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { invitationCards } from './invitations.ts';
import { nextStep } from './next-step.ts';

const PER_PAGE = 50;

/** The groups of the page, in the order a contributor cares about them. Invitations are rendered as full cards. */
const GROUPS: Array<{ title: string; statuses: string[] }> = [
  { title: 'Active task', statuses: ['accepted', 'in_progress'] },
  { title: 'Waiting for review', statuses: ['submitted'] },
  { title: 'Completed', statuses: ['completed'] },
  { title: 'Declined', statuses: ['declined'] },
];

/** When the assignment last moved, for the list. */
function lastChange(assignment: Assignment): string {
  return (
    assignment.completed_at ??
    assignment.submitted_at ??
    assignment.started_at ??
    assignment.responded_at ??
    assignment.invited_at
  );
}

function assignmentItem(assignment: Assignment): Html {
  return html`<li class="card item">
  <div class="card-head">
    <h3><a href="/assignments/${assignment.id}">${assignment.task.title}</a></h3>
    ${statusChip(assignment.status)}
  </div>
  <p class="small muted">About ${hours(assignment.task.estimated_hours)} · updated ${dateTime(lastChange(assignment))}</p>
  <p class="small">${nextStep(assignment)}</p>
</li>`;
}

/** `/assignments`: invitations to answer first, then the active task, work under review, and history. */
export async function assignmentsPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const profile = await contributorProfileOrNull(deps.db, user);
  const page = pageOf(request.query, PER_PAGE);
  const { data, total } = await listAssignments(deps.db, user, {}, page);
  const invitations = data.filter((assignment) => assignment.status === 'invited');
  const activeId = profile?.statistics.active_assignment_id ?? null;

  const groups = GROUPS.map(({ title, statuses }) => {
    const items = data.filter((assignment) => statuses.includes(assignment.status));
    return (
      items.length > 0 &&
      html`<section aria-labelledby="group-${statuses[0]}"><h2 id="group-${statuses[0]}">${title}</h2>
<ul class="plain stack">${items.map(assignmentItem)}</ul></section>`
    );
  });

  const nothing = profile
    ? html`<p>You have no assignments yet. When a task matches your skills, its invitation appears here.
<a href="/tasks/available">See the tasks that fit you</a>.</p>`
    : html`<p>You have no assignments yet. <a href="/profile">Complete your profile</a> and upload your CV so that
companies' tasks can be matched to you.</p>`;

  return sendPage(request, reply, {
    title: 'My assignments',
    body: html`<h1>My assignments</h1>
${
  data.length === 0
    ? html`<div class="card">${nothing}</div>`
    : html`<section aria-labelledby="group-invited">
  <h2 id="group-invited">Invitations${invitations.length > 0 && html` <span class="count">${invitations.length}</span>`}</h2>
  ${invitations.length > 0 ? await invitationCards(deps.db, user, invitations, activeId) : html`<p class="muted">No open invitations.</p>`}
</section>
${groups}
${pager('/assignments', page.page, PER_PAGE, total)}`
}`,
  });
}
