import type { TeamMessage } from './teams.schemas.ts';

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
