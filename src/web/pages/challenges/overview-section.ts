import { threadPath } from '../../../modules/challenge-messages/challenge-messages.service.ts';
import { type ChallengeDetail, REFINED_BRIEF_MAX } from '../../../modules/challenges/challenges.schemas.ts';
import { isEditable, isOpen } from '../../../modules/challenges/challenges.state.ts';
import { briefAnalysisSteps } from '../../components/analysis-steps.ts';
import {
  analysisChip,
  challengeTypeLabel,
  complexityLabel,
  isBeingAnalysed,
} from '../../components/challenge-labels.ts';
import { dateTime } from '../../components/labels.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { challengeForm } from './challenge-form.ts';
import { type ChallengeView, canEditPlan } from './challenge-view.ts';
import { changedMark } from './changed-mark.ts';
import { addWorkstreamForm, workstreamEditor } from './workstream-forms.ts';

/**
 * While the pipeline works, a live status line with the analysis' steps (app.js `data-poll` reloads the page when the
 * status or the step moves on).
 */
function progress(challenge: ChallengeDetail): Html {
  if (challenge.status === 'submitted' && challenge.ai_analysis_status === 'failed') {
    return html`<div class="notice" role="status">
  <p><strong>The analysis of this brief failed.</strong> Guild could not finish reading it (the notification says why).
  Shorten the description or split it into separate challenges, then save it again to start a new analysis.</p>
</div>`;
  }
  if (!isBeingAnalysed(challenge)) return html``;
  return html`<div class="notice" role="status" data-poll="/api/challenges/${challenge.id}" data-poll-field="status,ai_analysis_step" data-poll-value="${challenge.status},${challenge.ai_analysis_step ?? ''}">
  <p><strong>${challenge.status === 'submitted' ? 'Waiting for analysis.' : 'Being analysed now.'}</strong>
  Guild is reading the brief, scoring it and splitting it into tasks. This page updates by itself.</p>
  ${briefAnalysisSteps(challenge.ai_analysis_step)}
</div>`;
}

/** What each route means for the company, in the words of docs/contract.md §6.2. */
const ROUTE_MEANINGS: Record<string, string> = {
  community_discussion:
    'Contributors propose ideas and vote on them. There are no tasks to assign: the best ideas are for you to take up.',
  team_execution:
    'The work is split into workstreams and tasks, and contributors whose skills fit are invited to each task.',
};

type Routed = Pick<ChallengeDetail, 'status' | 'challenge_type' | 'rejection_reason' | 'analyses'>;

/**
 * How the analysis routed the challenge — rejected, community discussion or team execution — and why: the
 * rejection reason, or (for the owner, who alone sees the analysis) the complexity assessment's reasoning ("asks
 * for name ideas", "lays out three phases…"). Nothing while the analysis has not decided.
 */
function routingSection(challenge: Routed, isOwner: boolean): Html {
  if (challenge.status === 'rejected') {
    return html`<section class="notice" role="note" aria-labelledby="routing-title">
  <h3 id="routing-title">This challenge was not accepted</h3>
  <p>${challenge.rejection_reason ?? 'No reason was given.'}</p>
  ${isOwner && html`<p class="small">A rejected brief cannot be edited. <a href="/challenges/new">Post a new challenge</a> that addresses this.</p>`}
</section>`;
  }
  if (!challenge.challenge_type) return html``;
  const assessment = challenge.analyses.findLast((analysis) => analysis.stage === 'complexity');
  return html`<section class="callout" aria-labelledby="routing-title">
  <h3 id="routing-title">Routed to ${challengeTypeLabel(challenge.challenge_type).toLowerCase()}</h3>
  <p>${ROUTE_MEANINGS[challenge.challenge_type] ?? ''}</p>
  ${isOwner && assessment?.summary && html`<p><strong>Why:</strong> ${assessment.summary}</p>`}
</section>`;
}

function facts(challenge: ChallengeDetail): Html {
  return html`<dl class="facts wide">
  <div><dt>Type</dt><dd>${challengeTypeLabel(challenge.challenge_type)}</dd></div>
  <div><dt>Field</dt><dd>${challenge.field ?? 'Not decided yet'}</dd></div>
  <div><dt>Score</dt><dd>${challenge.score === null ? 'Not scored yet' : `${challenge.score} of 10`}</dd></div>
  <div><dt>Complexity</dt><dd>${complexityLabel(challenge.complexity_level)}</dd></div>
  <div><dt>Analysis</dt><dd>${analysisChip(challenge.ai_analysis_status)}</dd></div>
  <div><dt>Submitted</dt><dd>${dateTime(challenge.created_at)}</dd></div>
</dl>`;
}

function brief(challenge: ChallengeDetail): Html {
  return html`<div class="brief">
  <h3>${challenge.refined_brief ? 'Refined brief' : 'The brief'}</h3>
  <p class="prose">${challenge.refined_brief ?? challenge.description}</p>
  ${challenge.refined_brief && html`<details><summary>The brief as submitted</summary><p class="prose">${challenge.description}</p></details>`}
</div>`;
}

/**
 * The workstreams the work was split into, one line each: the plan at a glance (the tasks follow below). While the
 * owner may correct the plan, each workstream folds away its changes and a new task, and a workstream can be added.
 */
function plan(view: ChallengeView): Html {
  const { challenge, isOwner } = view;
  const editable = canEditPlan(view);
  if (challenge.workstreams.length === 0 && !editable) return html``;
  return html`<div class="plan">
  <h3>The plan</h3>
  <ol class="plain stack">${challenge.workstreams.map(
    (
      workstream,
      index,
    ) => html`<li id="workstream-${workstream.id}"><strong>${workstream.title}</strong> ${changedMark(workstream, isOwner)}
    <span class="small muted">${workstream.tasks.length} task${workstream.tasks.length === 1 ? '' : 's'}</span>
    ${workstream.description && html`<br><span class="small">${workstream.description}</span>`}
    ${editable && workstreamEditor(workstream, index + 1)}</li>`,
  )}</ol>
  ${editable && addWorkstreamForm(challenge.id)}
</div>`;
}

/** The refined brief corrected by the owner while the challenge runs (the API's rule); it is not analysed again. */
function refinedBriefForm(challenge: ChallengeDetail): Html {
  if (!isOpen(challenge.status) || challenge.refined_brief === null) return html``;
  return html`<details><summary>Edit the refined brief</summary>
  <form class="card" data-api="/api/challenges/${challenge.id}" data-method="PUT" novalidate>
    ${formErrorSummary(null)}
    ${field({
      name: 'refined_brief',
      label: 'Refined brief',
      type: 'textarea',
      required: true,
      value: challenge.refined_brief,
      hint: 'What contributors read about the challenge. Your correction is kept as written and is not analysed again.',
      attributes: html`maxlength="${REFINED_BRIEF_MAX}" rows="10"`,
    })}
    <button type="submit">Save the refined brief</button>
  </form>
</details>`;
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
  return html`<section aria-labelledby="manage-title" class="manage">
  <h3 id="manage-title">Manage the challenge</h3>
  ${
    isEditable(challenge.status) &&
    html`<details><summary>Edit the title or brief</summary>${challengeForm(challenge)}</details>`
  }
  ${refinedBriefForm(challenge)}
  <div class="actions">${complete}${archive}</div>
</section>`;
}

/**
 * The owner's way to the people doing the work (issue 12, item 4): the company ↔ team thread, and the team's page
 * once a team formed. Only for team work: a community discussion has no team to talk to.
 */
function teamLinks({ challenge, team }: ChallengeView): Html {
  if (challenge.challenge_type !== 'team_execution') return html``;
  return html`<section aria-labelledby="team-links-title">
  <h3 id="team-links-title">The team</h3>
  <p class="small">Talk with everyone assigned on this challenge, or with one task's assignee from its card below.</p>
  <div class="actions">
    <a class="button secondary" href="${threadPath(challenge.id, null)}">Messages with the team</a>
    ${team && html`<a class="button secondary" href="/teams/${team.id}">See ${team.name}</a>`}
  </div>
</section>`;
}

/**
 * Overview: where the challenge stands (analysis progress, routing), its key facts, the brief, the plan, and for the
 * owner the actions on the whole challenge.
 */
export function overviewSection(view: ChallengeView): Html {
  const { challenge, isOwner } = view;
  return html`<section id="overview" class="card" aria-labelledby="overview-title">
  <h2 id="overview-title">Overview</h2>
  ${progress(challenge)}
  ${routingSection(challenge, isOwner)}
  ${facts(challenge)}
  ${brief(challenge)}
  ${plan(view)}
  ${isOwner && teamLinks(view)}
  ${isOwner && ownerActions(challenge)}
</section>`;
}
