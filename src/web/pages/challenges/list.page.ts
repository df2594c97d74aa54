import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import {
  CHALLENGE_STATUSES,
  CHALLENGE_TYPES,
  CHALLENGES_PER_PAGE,
  type Challenge,
  type ChallengeListQuery,
} from '../../../modules/challenges/challenges.schemas.ts';
import {
  listChallengeFieldChoices,
  listOwnChallenges,
  listVisibleChallenges,
} from '../../../modules/challenges/challenges.service.ts';
import {
  CHALLENGE_STATUS_OPTIONS,
  CHALLENGE_TYPE_OPTIONS,
  challengeStatusChip,
  challengeTypeLabel,
} from '../../components/challenge-labels.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { pageOf } from '../../components/page-of.ts';
import { field } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';

const EXCERPT = 220;

type Filters = { status: string; type: string; field: string; q: string; mine: boolean };

/** The filters as a person typed them in the address: unknown values are no filter, not an error page. */
function filtersOf(query: unknown, user: AuthUser): Filters {
  const raw = (query ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).trim().slice(0, 255) : '');
  const status = text('status');
  const type = text('type');
  return {
    status: (CHALLENGE_STATUSES as readonly string[]).includes(status) ? status : '',
    type: (CHALLENGE_TYPES as readonly string[]).includes(type) ? type : '',
    field: text('field'),
    q: text('q'),
    mine: user.account_type === 'company' && raw.mine === '1',
  };
}

function apiQuery(filters: Filters): ChallengeListQuery {
  return {
    status: (filters.status || undefined) as ChallengeListQuery['status'],
    challenge_type: (filters.type || undefined) as ChallengeListQuery['challenge_type'],
    field: filters.field || undefined,
    q: filters.q || undefined,
  };
}

/** This list's address with its filters and another page. */
function listUrl(filters: Filters, page: number): string {
  const params = new URLSearchParams();
  if (filters.mine) params.set('mine', '1');
  for (const name of ['status', 'type', 'field', 'q'] as const) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/challenges?${query}` : '/challenges';
}

/**
 * The field filter is a list of the fields the challenges in view have, so nobody has to guess a field's exact name;
 * the one in the address is chosen whatever its case (the API's filter ignores case), and kept as a choice of its own
 * when no challenge in view has it, so the form shows the filter that is applied.
 */
function fieldOptions(fields: string[], chosen: string): { value: string; options: [string, string][] } {
  const match = fields.find((field) => field.toLowerCase() === chosen.toLowerCase());
  const choices = chosen && !match ? [chosen, ...fields] : fields;
  return {
    value: match ?? chosen,
    options: [['', 'Any field'], ...choices.map((field): [string, string] => [field, field])],
  };
}

function filterForm(filters: Filters, fields: string[]): Html {
  const fieldChoice = fieldOptions(fields, filters.field);
  return html`<form method="get" action="/challenges" class="card filters" role="search" aria-label="Filter challenges">
  ${filters.mine && html`<input type="hidden" name="mine" value="1">`}
  <div class="grid">
    ${field({ name: 'q', label: 'Words in the title or brief', value: filters.q, attributes: html`type="search"` })}
    ${field({ name: 'status', label: 'Status', type: 'select', value: filters.status, options: [['', 'Any status'], ...CHALLENGE_STATUS_OPTIONS] })}
    ${field({ name: 'type', label: 'Type', type: 'select', value: filters.type, options: [['', 'Any type'], ...CHALLENGE_TYPE_OPTIONS] })}
    ${field({ name: 'field', label: 'Field', type: 'select', ...fieldChoice })}
  </div>
  <div class="row"><button type="submit">Show challenges</button> <a href="${listUrl({ status: '', type: '', field: '', q: '', mine: filters.mine }, 1)}">Clear filters</a></div>
</form>`;
}

function excerpt(challenge: Challenge): string {
  const text = challenge.description;
  return [...text].length > EXCERPT ? `${[...text].slice(0, EXCERPT).join('').trimEnd()}…` : text;
}

function challengeCard(challenge: Challenge): Html {
  return html`<li class="card challenge-card">
  <div class="card-head">${companyLogo(challenge.company)}<h2><a href="/challenges/${challenge.id}">${challenge.title}</a></h2>${challengeStatusChip(challenge.status)}</div>
  <p class="small muted">${challenge.company.company_name} · ${challengeTypeLabel(challenge.challenge_type)}${challenge.field ? ` · ${challenge.field}` : ''}${challenge.score ? ` · scored ${challenge.score}/10` : ''}</p>
  <p>${excerpt(challenge)}</p>
</li>`;
}

function tabs(filters: Filters): Html {
  const all = { ...filters, mine: false };
  const mine = { ...filters, mine: true };
  return html`<nav class="tabs" aria-label="Which challenges">
  <a href="${listUrl(all, 1)}"${filters.mine ? '' : html` aria-current="page"`}>All visible challenges</a>
  <a href="${listUrl(mine, 1)}"${filters.mine ? html` aria-current="page"` : ''}>My challenges</a>
</nav>`;
}

function pages(filters: Filters, page: number, total: number): Html {
  const last = Math.max(1, Math.ceil(total / CHALLENGES_PER_PAGE));
  if (last === 1) return html``;
  return html`<nav class="pagination" aria-label="Pages">
  ${page > 1 && html`<a href="${listUrl(filters, Math.min(page - 1, last))}" rel="prev">Previous page</a>`}
  <span>Page ${Math.min(page, last)} of ${last}</span>
  ${page < last && html`<a href="${listUrl(filters, page + 1)}" rel="next">Next page</a>`}
</nav>`;
}

/** `/challenges`: what the caller may see (the API's rule), filtered; a company can switch to only its own. */
export async function challengesListPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const filters = filtersOf(request.query, user);
  const page = pageOf(request.query, CHALLENGES_PER_PAGE);
  const list = filters.mine ? listOwnChallenges : listVisibleChallenges;
  const result = await list(deps.db, user, apiQuery(filters), page);
  const fields = await listChallengeFieldChoices(deps.db, user, filters.mine);
  const filtered = Boolean(filters.status || filters.type || filters.field || filters.q);
  return sendPage(request, reply, {
    title: filters.mine ? 'My challenges' : 'Challenges',
    body: html`<div class="page-head"><h1>${filters.mine ? 'My challenges' : 'Challenges'} <span class="count">${result.total}</span></h1>
${user.account_type === 'company' && html`<a class="button" href="/challenges/new">Submit a challenge</a>`}</div>
${user.account_type === 'company' && tabs(filters)}
${filterForm(filters, fields)}
${
  result.data.length === 0
    ? html`<p class="muted">${filtered ? 'No challenge matches these filters.' : 'There are no challenges to show yet.'}</p>`
    : html`<ul class="plain stack">${result.data.map(challengeCard)}</ul>`
}
${pages(filters, page.page, result.total)}`,
  });
}
