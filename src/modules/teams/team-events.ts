import type { Db } from '../../db/database.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { toTeam } from './teams.mapper.ts';
import { findTeam, listMembers, memberUserIds } from './teams.repository.ts';
import type { TeamMessage } from './teams.schemas.ts';

/**
 * Who reads a team and its messages (docs/contract.md §4): invited members may already talk with the team they are
 * deciding on; declined ones have left it.
 */
export const MESSAGING_MEMBERSHIPS: readonly string[] = ['invited', 'accepted'];

/** `team.formed`, in the transaction that formed the team: the team with its members, to every invitee's webhooks. */
export async function recordTeamFormed(trx: Db, teamId: number): Promise<void> {
  await recordEvent(trx, {
    type: 'team.formed',
    recipients: await memberUserIds(trx, teamId, MESSAGING_MEMBERSHIPS),
    data: async () => {
      const team = await findTeam(trx, teamId);
      return team && toTeam(team, await listMembers(trx, teamId));
    },
  });
}

/**
 * `team.message_created`, in the transaction that stored it: the message as the team's list shows it, to the webhooks
 * of `readers` (the user ids of the team's MESSAGING_MEMBERSHIPS, which the caller has read for its notifications too).
 */
export async function recordTeamMessage(trx: Db, message: TeamMessage, readers: readonly number[]): Promise<void> {
  await recordEvent(trx, { type: 'team.message_created', recipients: readers, data: async () => message });
}
