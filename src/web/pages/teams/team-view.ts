import type { MyTeam } from '../../../modules/teams/teams.service.ts';
import { statusChip } from '../../components/labels.ts';
import { type Html, html } from '../../html.ts';

/** Words for a team's states; the chip carries the text, colour only repeats it. */
const TEAM_STATUS: Record<string, string> = {
  forming: 'Forming',
  active: 'Active',
  completed: 'Completed',
  disbanded: 'Disbanded',
};

const MEMBERSHIP: Record<string, string> = { invited: 'Invited', accepted: 'Accepted', declined: 'Declined' };

export function teamStatusChip(status: string): Html {
  return statusChip(status === 'forming' ? 'pending' : status, TEAM_STATUS[status] ?? status);
}

/** Who is in the team, each with their role and whether they have answered their invitation. */
export function memberList(team: MyTeam): Html {
  return html`<ul class="plain stack" aria-label="Members of ${team.name}">${team.members.map(
    (member) => html`<li class="row">
    <span>${member.name}</span>
    ${member.role === 'leader' && html`<span class="tag">Team leader</span>`}
    ${statusChip(member.status, MEMBERSHIP[member.status] ?? member.status)}
  </li>`,
  )}</ul>`;
}

/** Forming, active…: what that means for a member, in a sentence. */
export function teamStatusNote(team: MyTeam): string {
  if (team.my_status === 'invited') return 'You are invited to this team. Accept to work on the challenge together.';
  if (team.status === 'forming')
    return 'The team is forming: it becomes active once the invited members have answered.';
  if (team.status === 'active') return 'The team is active.';
  return `The team is ${TEAM_STATUS[team.status]?.toLowerCase() ?? team.status}.`;
}
