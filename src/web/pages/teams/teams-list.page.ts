import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { listMyTeams, type MyTeam } from '../../../modules/teams/teams.service.ts';
import { type Html, html } from '../../html.ts';
import { sendPage } from '../../layout.ts';
import { memberList, teamStatusChip, teamStatusNote } from './team-view.ts';

function teamCard(team: MyTeam): Html {
  return html`<li class="card">
  <div class="card-head"><h2><a href="/teams/${team.id}">${team.name}</a></h2> ${teamStatusChip(team.status)}</div>
  <p>For the challenge <a href="/challenges/${team.challenge_id}">${team.challenge_title}</a>.
  ${team.my_role === 'leader' ? 'You lead this team.' : ''}</p>
  <p${team.my_status === 'invited' ? html` class="notice"` : ''}>${teamStatusNote(team)}</p>
  ${memberList(team)}
  <p><a class="button${team.my_status === 'invited' ? '' : ' secondary'}" href="/teams/${team.id}">${
    team.my_status === 'invited' ? html`Answer the invitation to ${team.name}` : html`Open ${team.name}`
  }</a></p>
</li>`;
}

/** `/teams`: the teams the contributor belongs to or is invited to, newest first. */
export async function teamsListPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, user: AuthUser) {
  const teams = await listMyTeams(deps.db, user);
  return sendPage(request, reply, {
    title: 'Teams',
    body: html`<h1>Teams</h1>
${
  teams.length === 0
    ? html`<p class="muted">You are not in a team yet. When a challenge you work on forms a team, your invitation appears
  here and in your notifications.</p>`
    : html`<ul class="plain stack">${teams.map(teamCard)}</ul>`
}`,
  });
}
