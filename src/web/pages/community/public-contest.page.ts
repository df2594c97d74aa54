import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { type PublicIdea, showPublicContest } from '../../../modules/contests/public-contest.service.ts';
import { challengeStatusChip } from '../../components/challenge-labels.ts';
import { companyLogo } from '../../components/company-logo.ts';
import { idParam } from '../../components/path-id.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { closedMessage, contestTerms, ideaMarks, winnersList } from './contest-view.ts';
import { ideaScores } from './idea-view.ts';

function ideaCard(idea: PublicIdea): Html {
  return html`<li class="card" id="idea-${idea.id}">
  <div class="card-head"><h3>${idea.title}</h3> ${ideaMarks(idea)}</div>
  <p class="prose">${idea.description}</p>
  ${ideaScores(idea)}
</li>`;
}

/** Signed out: sign in (or create an account) and come back to the challenge itself. Signed in: go there. */
function takePart(challengeId: number, signedIn: boolean, ideasOpen: boolean): Html {
  const challengePage = `/challenges/${challengeId}`;
  if (signedIn) {
    return html`<p class="callout"><a href="${challengePage}">Open this challenge in Guild</a> to vote, comment${ideasOpen ? ' and post ideas' : ''}.</p>`;
  }
  return html`<p class="callout"><a href="/login?next=${encodeURIComponent(challengePage)}">Sign in to take part</a>:
  ${ideasOpen ? 'post an idea, vote and comment' : 'read the discussion and comment'}. New here?
  <a href="/register">Create an account</a>.</p>`;
}

/**
 * `/challenges/{id}/public`: the read-only page of a community discussion whose company opted in (`public`), for
 * anyone, signed in or not (docs/api.md, Contests). The brief, the contest's terms, the scored ideas with their
 * scores and how they are made, the shortlist marks and the winners; nothing personal: no contributor names, no
 * comments, no AI feedback, nothing of the company's account. Any other challenge is the 404 page.
 */
export async function publicContestPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const contest = await showPublicContest(deps.db, idParam(request, 'Challenge'));
  const now = new Date();
  const closed = closedMessage(contest, now);
  return sendPage(request, reply, {
    title: contest.title,
    body: html`<div class="page-head">
  ${companyLogo(contest.company, 'large')}
  <div><h1>${contest.title}</h1><p class="muted byline">A community challenge by ${contest.company.company_name}</p></div>
  ${challengeStatusChip(contest.status)}
</div>
${takePart(contest.id, Boolean(request.webUser), contest.ideas_open)}
<section class="card" aria-labelledby="brief-title">
  <h2 id="brief-title">The challenge</h2>
  <p class="prose">${contest.brief}</p>
  ${contestTerms(contest, now)}
  ${closed && html`<p class="notice closed" role="note">${closed}</p>`}
</section>
${winnersList(contest, contest.winners, true)}
<section id="ideas" aria-labelledby="ideas-title">
  <div class="card-head"><h2 id="ideas-title">Ideas</h2> <span class="count">${contest.ideas.length} scored</span></div>
  <p class="small muted">Each idea is scored by Guild's AI and by the community's votes; the names of the people who
  posted them are shown to signed-in members only.</p>
  ${
    contest.ideas.length === 0
      ? html`<p class="muted">No scored ideas yet.</p>`
      : html`<ol class="plain stack">${contest.ideas.map(ideaCard)}</ol>`
  }
</section>`,
  });
}
