import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { listAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { ChallengeDetail } from '../../../modules/challenges/challenges.schemas.ts';
import { showChallenge } from '../../../modules/challenges/challenges.service.ts';
import { isEditable, isOpen } from '../../../modules/challenges/challenges.state.ts';
import { companyIdOf } from '../../../modules/companies/companies.service.ts';
import {
  analysisChip,
  challengeStatusChip,
  challengeTypeLabel,
  complexityLabel,
  isBeingAnalysed,
} from '../../components/challenge-labels.ts';
import { dateTime } from '../../components/labels.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { ideasSection } from '../community/ideas-section.ts';
import { analysesSection, routingSection } from './analysis-view.ts';
import { challengeForm } from './challenge-form.ts';
import { type PeopleByTask, workSection } from './workstreams-view.ts';

/** More than any challenge's tasks have invitations; the page shows them all at once. */
const ALL_ASSIGNMENTS = { page: 1, perPage: 1000, offset: 0 };

async function peopleByTask(deps: AppDeps, user: AuthUser, challengeId: number): Promise<Map<number, Assignment[]>> {
  const { data } = await listAssignments(deps.db, user, { challenge_id: challengeId }, ALL_ASSIGNMENTS);
  const byTask = new Map<number, Assignment[]>();
  for (const assignment of data)
    byTask.set(assignment.task_id, [...(byTask.get(assignment.task_id) ?? []), assignment]);
  return byTask;
}

/** While the pipeline works, a live status line (app.js `data-poll` reloads the page when the status moves on). */
function progress(challenge: ChallengeDetail): Html {
  if (challenge.status === 'submitted' && challenge.ai_analysis_status === 'failed') {
    return html`<div class="notice" role="status">
  <p><strong>The analysis of this brief failed.</strong> Guild could not finish reading it (the notification says why).
  Shorten the description or split it into separate challenges, then save it again to start a new analysis.</p>
</div>`;
  }
  if (!isBeingAnalysed(challenge)) return html``;
  return html`<div class="notice" role="status" data-poll="/api/challenges/${challenge.id}" data-poll-field="status" data-poll-value="${challenge.status}">
  <p><strong>${challenge.status === 'submitted' ? 'Waiting for analysis.' : 'Being analysed now.'}</strong>
  Guild is reading the brief, scoring it and splitting it into tasks. This page updates by itself.</p>
</div>`;
}

function facts(challenge: ChallengeDetail): Html {
  return html`<dl class="facts wide">
  <div><dt>Company</dt><dd>${challenge.company.company_name}</dd></div>
  <div><dt>Type</dt><dd>${challengeTypeLabel(challenge.challenge_type)}</dd></div>
  <div><dt>Field</dt><dd>${challenge.field ?? 'Not decided yet'}</dd></div>
  <div><dt>Score</dt><dd>${challenge.score === null ? 'Not scored yet' : `${challenge.score} of 10`}</dd></div>
  <div><dt>Complexity</dt><dd>${complexityLabel(challenge.complexity_level)}</dd></div>
  <div><dt>Analysis</dt><dd>${analysisChip(challenge.ai_analysis_status)}</dd></div>
  <div><dt>Submitted</dt><dd>${dateTime(challenge.created_at)}</dd></div>
</dl>`;
}

function brief(challenge: ChallengeDetail): Html {
  return html`<section class="card" aria-labelledby="brief-title">
  <h2 id="brief-title">${challenge.refined_brief ? 'Refined brief' : 'The brief'}</h2>
  <p class="prose">${challenge.refined_brief ?? challenge.description}</p>
  ${challenge.refined_brief && html`<details><summary>The brief as submitted</summary><p class="prose">${challenge.description}</p></details>`}
</section>`;
}

/**
 * The owner's actions: edit while the analysis has not finished, complete while it runs, archive (with a
 * confirmation) unless archived.
 */
function ownerActions(challenge: ChallengeDetail): Html {
  const archive =
    challenge.status === 'archived'
      ? html``
      : html`<form data-api="/api/challenges/${challenge.id}/archive" data-method="POST" data-confirm="Archive “${challenge.title}”? Contributors will no longer see it, and this cannot be undone here.">
    ${formErrorSummary(null)}
    <button type="submit" class="danger">Archive the challenge</button>
  </form>`;
  // While it runs (the API refuses with its reason while an assignment is still in progress).
  const complete =
    isOpen(challenge.status) &&
    html`<form data-api="/api/challenges/${challenge.id}/complete" data-method="POST" data-confirm="Mark “${challenge.title}” as completed? Its open invitations are withdrawn and its tasks are no longer offered.">
    ${formErrorSummary(null)}
    <button type="submit">Mark the challenge completed</button>
  </form>`;
  return html`<section aria-labelledby="manage-title" class="card">
  <h2 id="manage-title">Manage the challenge</h2>
  ${
    isEditable(challenge.status) &&
    html`<details><summary>Edit the title or brief</summary>${challengeForm(challenge)}</details>`
  }
  <div class="actions">${complete}${archive}</div>
</section>`;
}

/** `/challenges/{id}`: the challenge as the caller may see it (the API's rule; a hidden one is the 404 page). */
export async function challengePage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  id: number,
) {
  const challenge = await showChallenge(deps.db, user, id);
  const isOwner = challenge.company_id === (await companyIdOf(deps.db, user));
  const people: PeopleByTask = isOwner ? await peopleByTask(deps, user, id) : null;
  // A community discussion collects ideas instead of (or beside) tasks; the community pages render them.
  const ideas =
    challenge.challenge_type === 'community_discussion'
      ? await ideasSection(request, reply, deps, user, challenge)
      : html``;
  return sendPage(request, reply, {
    title: challenge.title,
    body: html`<p class="breadcrumb"><a href="/challenges">Challenges</a></p>
<div class="page-head"><h1>${challenge.title}</h1> ${challengeStatusChip(challenge.status)}</div>
${progress(challenge)}
${routingSection(challenge, isOwner)}
${facts(challenge)}
${brief(challenge)}
${analysesSection(challenge.analyses)}
${ideas}
${workSection(challenge.workstreams, challenge.tasks, people)}
${isOwner && ownerActions(challenge)}`,
  });
}
