import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Challenge } from '../../../modules/challenges/challenges.schemas.ts';
import { IDEA_SORTS, type Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { listIdeasOfChallenge } from '../../../modules/ideas/ideas.service.ts';
import { volunteerIdOf } from '../../../modules/volunteers/volunteers.service.ts';
import { pageOf } from '../../components/page-of.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { ideaByline, ideaFeedback, ideaScores, ideaStatusChip } from './idea-view.ts';
import { voteControls } from './idea-votes.ts';

const PER_PAGE = 20;
const DESCRIPTION = { min: 100, max: 2000 };
type Sort = (typeof IDEA_SORTS)[number];

const SORT_LABELS: Record<Sort, string> = {
  final_score: 'Final score',
  ai_score: 'AI score',
  votes: 'Votes',
  created_at: 'Newest',
};

function sortOf(query: unknown): Sort {
  const raw = (query as Record<string, unknown> | undefined)?.sort;
  return IDEA_SORTS.find((sort) => sort === raw) ?? 'final_score';
}

/** A plain GET form, so sorting works without scripts and the choice stays in the address. */
function sortForm(challengeId: number, sort: Sort): Html {
  return html`<form method="get" action="/challenges/${challengeId}#ideas" class="row">
  ${field({ name: 'sort', label: 'Sort ideas by', type: 'select', value: sort, options: Object.entries(SORT_LABELS) })}
  <button type="submit" class="secondary">Sort</button>
</form>`;
}

/** Previous / next pages of ideas, keeping the sort; nothing when they fit on one page. */
function ideasPager(challengeId: number, sort: Sort, page: number, total: number): Html {
  const lastPage = Math.ceil(total / PER_PAGE);
  if (lastPage <= 1) return html``;
  const link = (n: number) => `/challenges/${challengeId}?sort=${sort}&page=${n}#ideas`;
  return html`<nav class="pagination" aria-label="Pages of ideas">
  ${page > 1 && html`<a href="${link(Math.min(page - 1, lastPage))}" rel="prev">Previous ideas</a>`}
  <span>Page ${Math.min(page, lastPage)} of ${lastPage}</span>
  ${page < lastPage && html`<a href="${link(page + 1)}" rel="next">More ideas</a>`}
</nav>`;
}

function ideaCard(idea: Idea, user: AuthUser, ownVolunteerId: number | null): Html {
  return html`<li class="card" id="idea-${idea.id}">
  <div class="card-head"><h3>${idea.title}</h3> ${ideaStatusChip(idea.status)}</div>
  ${ideaByline(idea)}
  <p class="prose">${idea.description}</p>
  ${ideaScores(idea)}
  ${ideaFeedback(idea)}
  ${voteControls(idea, user, ownVolunteerId)}
</li>`;
}

function newIdeaForm(challengeId: number): Html {
  return html`<section class="card" aria-labelledby="new-idea-title">
  <h3 id="new-idea-title">Post an idea</h3>
  <p class="small muted">Guild scores each idea for feasibility, innovation, impact and fit with the brief; others see
  it and vote once it is scored.</p>
  <form data-api="/api/challenges/${challengeId}/ideas" data-method="POST" data-redirect="/challenges/${challengeId}?sort=created_at">
    ${formErrorSummary(null)}
    ${field({ name: 'title', label: 'Title', required: true, attributes: html`maxlength="255"` })}
    ${field({
      name: 'description',
      label: 'Your idea',
      type: 'textarea',
      required: true,
      hint: `What you propose and why it would work (${DESCRIPTION.min} to ${DESCRIPTION.max} characters).`,
      attributes: html`data-counter data-min="${DESCRIPTION.min}" data-max="${DESCRIPTION.max}" rows="6"`,
    })}
    <p class="counter" id="field-description-counter" aria-live="polite"></p>
    <button type="submit">Post the idea</button>
  </form>
</section>`;
}

/**
 * The ideas of a community-discussion challenge, for its page (`/challenges/{id}`): the scored ideas with their
 * scores, feedback and votes, plus the viewer's own in any status (the API's list rule), a sort, vote buttons for
 * contributors, and the form to post an idea while the challenge is active.
 */
export async function ideasSection(
  request: FastifyRequest,
  _reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  challenge: Pick<Challenge, 'id' | 'status'>,
): Promise<Html> {
  const sort = sortOf(request.query);
  const page = pageOf(request.query, PER_PAGE);
  const [{ data, total }, ownVolunteerId] = await Promise.all([
    listIdeasOfChallenge(deps, user, challenge.id, sort, page),
    volunteerIdOf(deps.db, user),
  ]);
  const canPost = user.account_type === 'contributor' && challenge.status === 'active';
  return html`<section id="ideas" aria-labelledby="ideas-title">
  <div class="card-head"><h2 id="ideas-title">Ideas</h2> <span class="count">${total} ${total === 1 ? 'idea' : 'ideas'}</span></div>
  ${canPost ? newIdeaForm(challenge.id) : challenge.status !== 'active' && html`<p class="muted">This challenge no longer takes new ideas.</p>`}
  ${total > 1 && sortForm(challenge.id, sort)}
  ${
    data.length === 0
      ? html`<p class="muted">No scored ideas yet.${canPost ? ' Be the first to post one.' : ''}</p>`
      : html`<ol class="plain stack">${data.map((idea) => ideaCard(idea, user, ownVolunteerId))}</ol>`
  }
  ${ideasPager(challenge.id, sort, page.page, total)}
</section>`;
}
