import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { TeamMessage } from '../../../modules/teams/teams.schemas.ts';
import { getMyTeam, listMessages, type MyTeam } from '../../../modules/teams/teams.service.ts';
import { dateTime } from '../../components/labels.ts';
import { pageOf } from '../../components/page-of.ts';
import { pager } from '../../components/pager.ts';
import { field, formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { csrfField, sendPage } from '../../layout.ts';
import { memberList, teamStatusChip, teamStatusNote } from './team-view.ts';

const MESSAGES_PER_PAGE = 20;
const MESSAGE_MAX = 2000;

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

function messageForm(teamId: number): Html {
  return html`<form data-api="/api/teams/${teamId}/messages" data-method="POST">
  ${formErrorSummary(null)}
  ${field({
    name: 'message',
    label: 'Message to the team',
    type: 'textarea',
    required: true,
    attributes: html`data-counter data-min="1" data-max="${MESSAGE_MAX}" rows="3"`,
  })}
  <p class="counter" id="field-message-counter" aria-live="polite"></p>
  <button type="submit">Send the message</button>
</form>`;
}

function messageItem(message: TeamMessage): Html {
  return html`<li>
  <p class="small"><strong>${message.user.name}</strong> · ${dateTime(message.created_at)}</p>
  <p class="prose">${message.message}</p>
</li>`;
}

/** `/teams/{id}`: for its members (invited or accepted): who is in it, its status, the answer and the messages. */
export async function teamPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
  teamId: number,
) {
  const team = await getMyTeam(deps.db, user, teamId);
  const page = pageOf(request.query, MESSAGES_PER_PAGE);
  const messages = await listMessages(deps.db, user, teamId, page);
  return sendPage(request, reply, {
    title: team.name,
    body: html`<p class="breadcrumb"><a href="/teams">Teams</a></p>
<div class="page-head"><h1>${team.name}</h1> ${teamStatusChip(team.status)}</div>
<p>For the challenge <a href="/challenges/${team.challenge_id}">${team.challenge_title}</a>. ${teamStatusNote(team)}</p>
${invitationAnswer(reply, team)}
<section class="card" aria-labelledby="members-title">
  <h2 id="members-title">Members</h2>
  ${memberList(team)}
</section>
<section class="card" id="messages" aria-labelledby="messages-title">
  <h2 id="messages-title">Messages</h2>
  ${messageForm(team.id)}
  ${
    messages.total === 0
      ? html`<p class="muted">No messages yet. Say hello to your team.</p>`
      : html`<ol class="messages" aria-label="Messages, newest first">${messages.data.map(messageItem)}</ol>`
  }
  ${pager(`/teams/${team.id}`, page.page, MESSAGES_PER_PAGE, messages.total)}
</section>`,
  });
}
