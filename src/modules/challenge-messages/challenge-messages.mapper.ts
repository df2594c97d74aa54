import type { ChallengeMessage } from './challenge-messages.schemas.ts';

export type ChallengeMessageRow = {
  id: number;
  challenge_id: number;
  task_id: number | null;
  user_id: number;
  user_name: string;
  message: string;
  created_at: string;
};

export function toChallengeMessage(row: ChallengeMessageRow): ChallengeMessage {
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    task_id: row.task_id,
    user: { id: row.user_id, name: row.user_name },
    message: row.message,
    created_at: row.created_at,
  };
}
