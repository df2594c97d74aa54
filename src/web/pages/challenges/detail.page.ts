import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { listAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { listChallengeChanges, showChallenge } from '../../../modules/challenges/challenges.service.ts';
import { companyIdOf } from '../../../modules/companies/companies.service.ts';
import { teamOfChallenge } from '../../../modules/teams/teams.service.ts';
import { challengeStatusChip } from '../../components/challenge-labels.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { ideasSection } from '../community/ideas-section.ts';
import { analysisSection } from './analysis-section.ts';
import type { ChallengeView } from './challenge-view.ts';
import { HISTORY_SHOWN, historySection } from './history-section.ts';
import { overviewSection } from './overview-section.ts';
import { tasksSection } from './tasks-section.ts';

/** More than any challenge's tasks have invitations; the page shows them all at once. */
const ALL_ASSIGNMENTS = { page: 1, perPage: 1000, offset: 0 };

async function peopleByTask(deps: AppDeps, user: AuthUser, challengeId: number): Promise<Map<number, Assignment[]>> {
  const { data } = await listAssignments(deps.db, user, { challenge_id: challengeId }, ALL_ASSIGNMENTS);
  const byTask = new Map<number, Assignment[]>();
  for (const assignment of data)
    byTask.set(assignment.task_id, [...(byTask.get(assignment.task_id) ?? []), assignment]);
  return byTask;
}

/** The title with the company's logo and name, and the challenge's status. */
function pageHead({ challenge }: ChallengeView): Html {
  return html`<p class="breadcrumb"><a href="/challenges">Challenges</a></p>
<div class="page-head">
  ${companyLogo(challenge.company, 'large')}
  <div><h1>${challenge.title}</h1><p class="muted byline">${challenge.company.company_name}</p></div>
  ${challengeStatusChip(challenge.status)}
</div>`;
}

/** Links to the sections the page has, so the tasks are one tap away however long the overview is. */
function sectionNav(sections: ReadonlyArray<[id: string, label: string, shown: boolean]>): Html {
  return html`<nav class="section-nav" aria-label="Sections of this challenge"><ul>${sections
    .filter(([, , shown]) => shown)
    .map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ul></nav>`;
}

/**
 * `/challenges/{id}`: the challenge as the caller may see it (the API's rule; a hidden one is the 404 page), in five
 * sections, each its own file rendered from one `ChallengeView`: Overview (where it stands, facts, brief, plan, the
 * owner's actions and corrections of the plan), Tasks (a board by status with a progress bar, each task with its
 * corrections for the owner), Ideas (a community discussion's ideas), Analysis (the owner's internal notes,
 * collapsed) and Change history (the owner's corrections, collapsed). A feature that adds to a section adds to that
 * section's file.
 */
export async function challengePage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  id: number,
) {
  const challenge = await showChallenge(deps.db, user, id);
  const isOwner = challenge.company_id === (await companyIdOf(deps.db, user));
  // The plan's history is the owner's, for a challenge that has a plan (a team challenge).
  const hasHistory = isOwner && challenge.challenge_type === 'team_execution';
  const view: ChallengeView = {
    challenge,
    user,
    isOwner,
    people: isOwner ? await peopleByTask(deps, user, id) : null,
    changes: hasHistory
      ? (await listChallengeChanges(deps.db, user, id, { page: 1, perPage: HISTORY_SHOWN, offset: 0 })).data
      : null,
    team: isOwner ? await teamOfChallenge(deps.db, id) : null,
  };
  const hasIdeas = challenge.challenge_type === 'community_discussion';
  // A community discussion collects ideas instead of (or beside) tasks; the community pages render them.
  const ideas = hasIdeas ? await ideasSection(request, reply, deps, view) : html``;
  return sendPage(request, reply, {
    title: challenge.title,
    body: html`${pageHead(view)}
${sectionNav([
  ['overview', 'Overview', true],
  ['tasks', `Tasks (${challenge.tasks.length})`, challenge.tasks.length > 0],
  ['ideas', 'Ideas', hasIdeas],
  ['analysis', 'Analysis', isOwner && challenge.analyses.length > 0],
  ['history', 'Change history', hasHistory],
])}
${overviewSection(view)}
${tasksSection(view)}
${ideas}
${analysisSection(view)}
${historySection(view)}`,
  });
}
