import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { PROFICIENCIES } from '../../../modules/matching/policy.ts';
import { searchVolunteers } from '../../../modules/volunteers/people.service.ts';
import { pageOf } from '../../components/page-of.ts';
import { field } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { inviteTarget, taskOfQuery } from './invite-target.ts';
import { inviteForm, volunteerCard } from './people-cards.ts';

const PER_PAGE = 20;

type Search = { skill: string; minLevel: string; taskId: number | null };

function searchOf(query: unknown): Search {
  const raw = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 255) : '');
  const level = text(raw.min_level);
  return {
    skill: text(raw.skill),
    minLevel: (PROFICIENCIES as readonly string[]).includes(level) ? level : PROFICIENCIES[0],
    taskId: taskOfQuery(query),
  };
}

function pageLinks(search: Search, page: number, total: number): Html {
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  if (lastPage === 1) return html``;
  const link = (n: number) =>
    `/people?${new URLSearchParams({
      skill: search.skill,
      min_level: search.minLevel,
      ...(search.taskId !== null && { task: String(search.taskId) }),
      page: String(n),
    })}`;
  return html`<nav class="pagination" aria-label="Pages">
  ${page > 1 && html`<a href="${link(Math.min(page - 1, lastPage))}" rel="prev">Previous page</a>`}
  <span>Page ${Math.min(page, lastPage)} of ${lastPage}</span>
  ${page < lastPage && html`<a href="${link(page + 1)}" rel="next">Next page</a>`}
</nav>`;
}

/**
 * `/people` (companies): find contributors by skill and level (`GET /api/volunteers`), as profile cards. Reached
 * from a task's people page with `task=`, each card can be invited to that task.
 */
export async function findPeoplePage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const search = searchOf(request.query);
  const page = pageOf(request.query, PER_PAGE);
  const target = await inviteTarget(deps, user, search.taskId);
  let results: Html = html``;
  let errors: Record<string, string[]> | undefined;
  if (search.skill !== '') {
    try {
      const found = await searchVolunteers(
        deps.db,
        { skill: search.skill, min_level: search.minLevel as 'beginner' },
        page,
      );
      results =
        found.total === 0
          ? html`<p class="notice" role="status">No contributor holds ${search.skill} at ${search.minLevel} level or above.</p>`
          : html`<p role="status">${found.total} contributor${found.total === 1 ? '' : 's'} found.</p>
<div class="stack">${found.data.map((card) => volunteerCard(card, target ? inviteForm(target.id, card) : html``, target?.id ?? null))}</div>
${pageLinks(search, page.page, found.total)}`;
    } catch (error) {
      if (!(error instanceof AppError) || !error.errors) throw error;
      errors = error.errors;
    }
  }
  return sendPage(request, reply, {
    title: 'Find people',
    body: html`<div class="page-head"><h1>Find people</h1></div>
${target && html`<p class="lead">Inviting to <a href="/tasks/${target.id}/people">“${target.title}”</a>.</p>`}
<form method="get" action="/people" class="card search">
  ${field({ name: 'skill', label: 'Skill', value: search.skill, required: true, errors, hint: 'A skill or another name for it, such as “SQL” or “structural design”.' })}
  ${field({
    name: 'min_level',
    label: 'At least at level',
    type: 'select',
    value: search.minLevel,
    options: PROFICIENCIES.map((level) => [level, level.charAt(0).toUpperCase() + level.slice(1)]),
  })}
  ${search.taskId !== null && html`<input type="hidden" name="task" value="${search.taskId}">`}
  <button type="submit">Search</button>
</form>
${results}`,
  });
}
