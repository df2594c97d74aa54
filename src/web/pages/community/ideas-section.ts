import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { type CommentThread, commentThreadsOf } from '../../../modules/idea-comments/idea-comments.service.ts';
import { IDEA_SORTS, type Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { listIdeasOfChallenge } from '../../../modules/ideas/ideas.service.ts';
import { volunteerIdOf } from '../../../modules/volunteers/volunteers.service.ts';
import { pageOf } from '../../components/page-of.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import type { ChallengeView } from '../challenges/challenge-view.ts';
import { shortlistControl, winnersForm } from './contest-judging.ts';
import { contestSettingsForm } from './contest-settings.ts';
import { closedMessage, contestTerms, ideaMarks, votesOpen, winnersList } from './contest-view.ts';
import { COMMENTS_SHOWN, commentThread } from './idea-comments.ts';
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

/** What each idea card needs besides its idea. */
type CardContext = {
  view: ChallengeView;
  ownVolunteerId: number | null;
  canVote: boolean;
  threads: Map<number, CommentThread>;
  /** Where a posted comment comes back to: this list, that idea's thread open. */
  back: (ideaId: number) => string;
  openThread: number | null;
};

function ideaCard(idea: Idea, context: CardContext): Html {
  const { view } = context;
  const thread = context.threads.get(idea.id);
  return html`<li class="card" id="idea-${idea.id}">
  <div class="card-head"><h3>${idea.title}</h3> ${ideaStatusChip(idea.status)} ${ideaMarks(idea)}</div>
  ${ideaByline(idea)}
  <p class="prose">${idea.description}</p>
  ${ideaScores(idea)}
  ${ideaFeedback(idea)}
  ${context.canVote && voteControls(idea, view.user, context.ownVolunteerId)}
  ${view.isOwner && shortlistControl(idea, view.challenge)}
  ${thread && commentThread(idea, thread, context.back(idea.id), context.openThread === idea.id)}
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

/** The idea whose thread a posted comment came back to (`?thread=`), to show it open. */
function threadOf(query: unknown): number | null {
  const raw = Number((query as Record<string, unknown> | undefined)?.thread);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
}

/**
 * The ideas of a community-discussion challenge, for its page (`/challenges/{id}`): the contest's terms (deadline,
 * prize, judging criteria) and winners, the owner's contest settings and choice of winners; the scored ideas with
 * their scores (and how the final score is made), feedback, votes, shortlist marks and comment threads, plus the
 * viewer's own in any status (the API's list rule); a sort, and the form to post an idea while ideas are open. Once
 * closed (deadline, winners, or a challenge no longer active) there are no idea or vote forms, and a plain message
 * says why.
 */
export async function ideasSection(
  request: FastifyRequest,
  _reply: FastifyReply,
  deps: AppDeps,
  view: ChallengeView,
): Promise<Html> {
  const { challenge, user, isOwner } = view;
  const now = new Date();
  const sort = sortOf(request.query);
  const page = pageOf(request.query, PER_PAGE);
  const [{ data, total }, ownVolunteerId] = await Promise.all([
    listIdeasOfChallenge(deps, user, challenge.id, sort, page),
    volunteerIdOf(deps.db, user),
  ]);
  const threads = await commentThreadsOf(deps.db, data, COMMENTS_SHOWN);
  const canPost = user.account_type === 'contributor' && challenge.ideas_open;
  const closed = closedMessage(challenge, now);
  const context: CardContext = {
    view,
    ownVolunteerId,
    canVote: votesOpen(challenge, now),
    threads,
    back: (ideaId) => `/challenges/${challenge.id}?sort=${sort}&page=${page.page}&thread=${ideaId}#comments-${ideaId}`,
    openThread: threadOf(request.query),
  };
  return html`<section id="ideas" aria-labelledby="ideas-title">
  <div class="card-head"><h2 id="ideas-title">Ideas</h2> <span class="count">${total} ${total === 1 ? 'idea' : 'ideas'}</span></div>
  ${contestTerms(challenge, now)}
  ${winnersList(challenge, challenge.winners, true)}
  ${isOwner && html`${winnersForm(challenge, now)}${contestSettingsForm(challenge)}`}
  ${canPost ? newIdeaForm(challenge.id) : closed && html`<p class="notice closed" role="note">${closed}</p>`}
  ${total > 1 && sortForm(challenge.id, sort)}
  ${
    data.length === 0
      ? html`<p class="muted">No scored ideas yet.${canPost ? ' Be the first to post one.' : ''}</p>`
      : html`<ol class="plain stack">${data.map((idea) => ideaCard(idea, context))}</ol>`
  }
  ${ideasPager(challenge.id, sort, page.page, total)}
</section>`;
}
