import type { Team, TeamMessage } from './teams.schemas.ts';

export type TeamMessageRow = {
  id: number;
  team_id: number;
  user_id: number;
  user_name: string;
  message: string;
  created_at: string;
};

export function toTeamMessage(row: TeamMessageRow): TeamMessage {
  return {
    id: row.id,
    team_id: row.team_id,
    user: { id: row.user_id, name: row.user_name },
    message: row.message,
    created_at: row.created_at,
  };
}

export type TeamRow = { id: number; challenge_id: number; name: string; status: string };
export type TeamMemberRow = Team['members'][number];

/** The team as docs/contract.md §3 shows it, leader first, then in the order they were invited. */
export function toTeam(team: TeamRow, members: readonly TeamMemberRow[]): Team {
  return {
    id: team.id,
    challenge_id: team.challenge_id,
    name: team.name,
    status: team.status,
    members: [...members].sort((a, b) => Number(b.role === 'leader') - Number(a.role === 'leader')),
  };
}
