import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { canReadChallengeThreads, threadPath } from '../../../modules/challenge-messages/challenge-messages.service.ts';
import { listMessages, type MyTeam, readTeam } from '../../../modules/teams/teams.service.ts';
import { messageForm, messageList } from '../../components/message-thread.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { type Html, html } from '../../html.ts';
import { csrfField, sendPage } from '../../layout.ts';
import { memberList, teamStatusChip, teamStatusNote } from './team-view.ts';

const MESSAGES_PER_PAGE = 20;

/**
 * Accept / Decline: plain CSRF-protected forms to the web routes, since docs/contract.md §5 keeps answering a team
 * invitation off the API (a browser session is needed; a bearer token alone cannot do it).
 */
function invitationAnswer(reply: FastifyReply, team: MyTeam): Html {
  if (team.my_status !== 'invited') return html``;
  return html`<section class="card callout" aria-labelledby="answer-title">
  <h2 id="answer-title">Your invitation</h2>
  <p>You are invited to join ${team.name}${team.my_role === 'leader' ? ' as its leader' : ''}.</p>
  <div class="actions">
    <form method="post" action="/teams/${team.id}/accept">${csrfField(reply)}<button type="submit">Accept the invitation</button></form>
    <form method="post" action="/teams/${team.id}/decline">${csrfField(reply)}<button type="submit" class="secondary">Decline the invitation</button></form>
  </div>
</section>`;
}

/** The team, or the 404 page: a contributor outside it learns no more from the page than from an unknown id. */
async function readableTeam(deps: AppDeps, user: AuthUser, teamId: number): Promise<MyTeam> {
  try {
    return await readTeam(deps.db, user, teamId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') throw AppError.notFound('Team');
    throw error;
  }
}

/** Where the team and the company talk (issue 12, item 4), for whoever may read that thread. */
function companyThreadLink(team: MyTeam, canTalk: boolean, isCompany: boolean): Html {
  if (!canTalk) return html``;
  return html`<p><a class="button secondary" href="${threadPath(team.challenge_id, null)}">${
    isCompany ? 'Messages with the team' : 'Messages with the company'
  }</a></p>`;
}

/** The team's own messages: its members' alone. The owning company is told where it talks with the team instead. */
async function teamMessages(request: FastifyRequest, deps: AppDeps, user: AuthUser, team: MyTeam): Promise<Html> {
  if (team.my_status === null) {
    return html`<section class="card" aria-labelledby="messages-title">
  <h2 id="messages-title">Messages</h2>
  <p>The team's own messages are for its members. You talk with the team, and each task's assignee, in the
  challenge's messages.</p>
</section>`;
  }
  const page = pageOf(request.query, MESSAGES_PER_PAGE);
  const messages = await listMessages(deps.db, user, team.id, page);
  return html`<section class="card" id="messages" aria-labelledby="messages-title">
  <h2 id="messages-title">Messages</h2>
  ${messageForm({ api: `/api/teams/${team.id}/messages`, label: 'Message to the team', button: 'Send the message' })}
  ${messageList(messages.data, 'No messages yet. Say hello to your team.')}
  ${pager(`/teams/${team.id}`, page.page, MESSAGES_PER_PAGE, messages.total)}
</section>`;
}

/**
 * `/teams/{id}`: for its members (invited or accepted) — who is in it, its status, the answer and the team's
 * messages — and for the company that owns the challenge, which reads who is in it (not the team's messages).
 * Both find the link to the company ↔ team thread here once they may read it.
 */
export async function teamPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  teamId: number,
) {
  const team = await readableTeam(deps, user, teamId);
  const isCompany = team.my_status === null;
  const canTalk = await canReadChallengeThreads(deps.db, user, team.challenge_id);
  return sendPage(request, reply, {
    title: team.name,
    body: html`<p class="breadcrumb">${
      isCompany
        ? html`<a href="/challenges/${team.challenge_id}">${team.challenge_title}</a>`
        : html`<a href="/teams">Teams</a>`
    }</p>
<div class="page-head"><h1>${team.name}</h1> ${teamStatusChip(team.status)}</div>
<p>For the challenge <a href="/challenges/${team.challenge_id}">${team.challenge_title}</a>. ${teamStatusNote(team)}</p>
${invitationAnswer(reply, team)}
${companyThreadLink(team, canTalk, isCompany)}
<section class="card" aria-labelledby="members-title">
  <h2 id="members-title">Members</h2>
  ${memberList(team)}
</section>
${await teamMessages(request, deps, user, team)}`,
  });
}
