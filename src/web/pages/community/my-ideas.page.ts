import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { listMyIdeas } from '../../../modules/ideas/ideas.service.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { ideaMarks } from './contest-view.ts';
import { ideaByline, ideaFeedback, ideaScores, ideaStatusChip } from './idea-view.ts';

const PER_PAGE = 20;

function ideaCard(idea: Idea): Html {
  return html`<li class="card">
  <div class="card-head"><h2><a href="/challenges/${idea.challenge_id}#idea-${idea.id}">${idea.title}</a></h2> ${ideaStatusChip(idea.status)} ${ideaMarks(idea)}</div>
  ${ideaByline(idea)}
  ${ideaScores(idea)}
  ${ideaFeedback(idea)}
</li>`;
}

/**
 * `/ideas`: the contributor's own ideas in every status, newest first, with their scores and how they are made, and
 * a contest's shortlist mark or winning place.
 */
export async function myIdeasPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const page = pageOf(request.query, PER_PAGE);
  const { data, total } = await listMyIdeas(deps, user, page);
  return sendPage(request, reply, {
    title: 'My ideas',
    body: html`<h1>My ideas</h1>
${
  total === 0
    ? html`<p class="muted">You have not posted an idea yet. Community discussion challenges take ideas: find one among
  the <a href="/challenges">challenges</a>.</p>`
    : html`<ol class="plain stack">${data.map(ideaCard)}</ol>`
}
${pager('/ideas', page.page, PER_PAGE, total)}`,
  });
}
