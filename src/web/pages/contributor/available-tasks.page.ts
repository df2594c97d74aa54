import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { companiesByChallenge } from '../../../modules/companies/companies.service.ts';
import { myApplicationsFor } from '../../../modules/tasks/task-interests.service.ts';
import { listAvailable } from '../../../modules/tasks/tasks.service.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { contributorProfileOrNull } from '../../components/profiles.ts';
import { html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { taskCard } from './task-card.ts';
import { interestControls } from './task-interest.ts';

const PER_PAGE = 12;

/**
 * `/tasks/available` ("Find tasks"): open tasks that share a skill with the contributor, best overlap first (the
 * API's rule), each with "I'm interested" (a short note to the company) or, once applied, the application and a way
 * to withdraw it (issue 13, item 1). A task stays here, marked, until its company invites the applicant.
 */
export async function availableTasksPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const profile = await contributorProfileOrNull(deps.db, user);
  const page = pageOf(request.query, PER_PAGE);
  const { data, total } = await listAvailable(deps.db, user, page);
  const applications = await myApplicationsFor(
    deps.db,
    user,
    data.map((task) => task.id),
  );
  const companies = await companiesByChallenge(
    deps.db,
    data.map((task) => task.challenge.id),
  );

  let empty = html`<p>No open task needs your skills right now. New challenges arrive all the time; check back soon.</p>`;
  if (total > 0) {
    empty = html`<p>There are no tasks on this page. <a href="/tasks/available">Go to the first page</a>.</p>`;
  } else if (!profile) {
    empty = html`<p>Tasks are matched to your skills. <a href="/profile">Complete your profile</a> and upload your CV to
see the tasks that fit you.</p>`;
  } else if (profile.skills.length === 0) {
    empty = html`<p>We do not know your skills yet. <a href="/profile">Upload your CV</a>: the tasks that need your
skills will appear here once it has been analysed.</p>`;
  }

  return sendPage(request, reply, {
    title: 'Tasks for you',
    body: html`<h1>Tasks for you</h1>
<p class="lead">Open tasks that need at least one of your skills, best fit first. Say you are interested in one, with
a short note, and its company sees you beside the candidates it considers. When a company invites you, or its task
matches your profile, the invitation appears on <a href="/assignments">My assignments</a>.</p>
${
  data.length > 0
    ? html`<h2>${total === 1 ? '1 task matches' : `${total} tasks match`} your skills</h2>
<div class="grid">${data.map((task) => taskCard(task, companies.get(task.challenge.id), interestControls(task.id, applications.get(task.id))))}</div>
${pager('/tasks/available', page.page, PER_PAGE, total)}`
    : html`<div class="card">${empty}</div>`
}`,
  });
}
