import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Assignment } from '../../../modules/assignments/assignments.schemas.ts';
import { getAssignment, listPendingAssignments } from '../../../modules/assignments/assignments.service.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { companiesByChallenge } from '../../../modules/companies/companies.service.ts';
import { listAvailable } from '../../../modules/tasks/tasks.service.ts';
import type { VolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { statusChip } from '../../components/labels.ts';
import { contributorProfileOrNull } from '../../components/profiles.ts';
import { skillChips } from '../../components/skill-chips.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { challengesSection, challengesWorkedOn } from './challenge-progress.ts';
import { liveCvAnalysis } from './cv-analysis.ts';
import { invitationCards } from './invitations.ts';
import { nextStep } from './next-step.ts';
import { taskCard } from './task-card.ts';

const SHOWN = 3;
const firstPage = { page: 1, perPage: SHOWN, offset: 0 };
/** Invitations are read in one page of the API's largest size, so that the best matches are the ones shown. */
const allInvitations = { page: 1, perPage: 100, offset: 0 };

function callToComplete(): Html {
  return html`<section class="card callout" aria-labelledby="start-title">
  <h2 id="start-title">Complete your profile to get started</h2>
  <p>Companies' tasks are matched to your field, the hours you can give and the skills in your CV. It takes a minute.</p>
  <p><a class="button" href="/profile">Complete your profile</a></p>
</section>`;
}

/** How far the profile is from being matchable, step by step, with words (not only ticks). */
function completeness(profile: VolunteerProfile): Html {
  const steps: Array<[string, boolean]> = [
    ['Profile details', true],
    ['CV uploaded', profile.cv !== null],
    ['CV analysed', profile.ai_analysis_status === 'completed'],
    ['Skills on your profile', profile.skills.length > 0],
  ];
  const done = steps.filter(([, isDone]) => isDone).length;
  return html`<section class="card" aria-labelledby="profile-title">
  <h2 id="profile-title">Your profile</h2>
  <p><progress max="${steps.length}" value="${done}" aria-label="Profile completeness"></progress> ${done} of ${steps.length} steps done</p>
  <ul class="checklist">${steps.map(([label, isDone]) => html`<li class="${isDone ? 'done' : 'todo'}">${label}: <strong>${isDone ? 'done' : 'to do'}</strong></li>`)}</ul>
  ${liveCvAnalysis(profile, { small: true })}
  <p class="small">${profile.skills.length} skill${profile.skills.length === 1 ? '' : 's'} · ${profile.reputation_score} reputation points · ${profile.statistics.tasks_completed} tasks completed</p>
  ${profile.skills.length > 0 && skillChips(profile.skills)}
  <p><a class="button secondary" href="/profile">${profile.cv ? 'Go to your profile' : 'Upload your CV'}</a></p>
</section>`;
}

function activeTask(active: Assignment | null): Html {
  return html`<section aria-labelledby="active-title">
  <h2 id="active-title">Your active task</h2>
  ${
    active
      ? html`<article class="card">
    <div class="card-head"><h3><a href="/assignments/${active.id}">${active.task.title}</a></h3>${statusChip(active.status)}</div>
    <p>${nextStep(active)}</p>
    <p><a class="button" href="/assignments/${active.id}">Open the task</a></p>
  </article>`
      : html`<p class="muted">You have no active task. Accept an invitation to start working on one.</p>`
  }
</section>`;
}

/** The contributor's home: invitations to answer, the task in hand, tasks that fit, and how complete the profile is. */
export async function contributorDashboard(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
) {
  const { db } = deps;
  const profile = await contributorProfileOrNull(db, user);
  if (!profile) {
    return sendPage(request, reply, {
      title: 'Dashboard',
      body: html`<h1>Welcome, ${user.name}</h1>${callToComplete()}`,
    });
  }
  const activeId = profile.statistics.active_assignment_id;
  const [invitations, available, active, worked] = await Promise.all([
    listPendingAssignments(db, user, allInvitations),
    listAvailable(db, user, firstPage),
    activeId === null ? null : getAssignment(db, user, activeId),
    challengesWorkedOn(db, user),
  ]);
  const companies = await companiesByChallenge(
    db,
    available.data.map((task) => task.challenge.id),
  );

  return sendPage(request, reply, {
    title: 'Dashboard',
    body: html`<h1>Welcome, ${user.name}</h1>
<div class="split">
  <div>
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations${invitations.total > 0 && html` <span class="count">${invitations.total}</span>`}</h2>
      ${
        invitations.total > 0
          ? html`${await invitationCards(db, user, invitations.data, activeId, SHOWN)}
      ${invitations.total > SHOWN && html`<p><a href="/assignments">See all ${invitations.total} invitations</a></p>`}`
          : html`<p class="muted">No open invitations. When a company's task matches your skills, you are invited here.</p>`
      }
    </section>
    ${activeTask(active)}
    ${challengesSection(worked)}
    <section aria-labelledby="fit-title">
      <h2 id="fit-title">Tasks that fit your skills</h2>
      ${
        available.total > 0
          ? html`${available.data.map((task) => taskCard(task, companies.get(task.challenge.id)))}
      ${available.total > SHOWN && html`<p><a href="/tasks/available">See all ${available.total} tasks for you</a></p>`}`
          : html`<p class="muted">${profile.skills.length > 0 ? 'No open task needs your skills right now.' : 'Upload your CV so that we can find tasks that need your skills.'}</p>`
      }
    </section>
  </div>
  <aside>${completeness(profile)}</aside>
</div>`,
  });
}
