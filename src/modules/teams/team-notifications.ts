import type { Db } from '../../db/database.ts';
import { notifyAll } from '../notifications/notify.ts';
import { memberUserIds } from './teams.repository.ts';
import type { TeamMessage } from './teams.schemas.ts';

type TeamRef = { id: number; challenge_id: number; name: string };

const PREVIEW_LENGTH = 200;

/** The first characters of a message (code points, as the API counts them), for a notification's text. */
export function messagePreview(message: string): string {
  const characters = [...message];
  return characters.length > PREVIEW_LENGTH ? `${characters.slice(0, PREVIEW_LENGTH).join('')}…` : message;
}

/**
 * `team_message` (issue 13, item 2), in the transaction that stored the message: every other member who may read the
 * team's messages (`readers`: the user ids of its MESSAGING_MEMBERSHIPS, invited or accepted) is told, never the
 * author. One notification per message: the type's e-mail default is the daily digest, so a busy team fills the bell,
 * not the inbox.
 */
export async function notifyTeamMessage(
  trx: Db,
  team: TeamRef,
  message: TeamMessage,
  readers: readonly number[],
): Promise<void> {
  await notifyAll(
    trx,
    readers
      .filter((userId) => userId !== message.user.id)
      .map((userId) => ({
        userId,
        type: 'team_message' as const,
        title: `New message in ${team.name}`,
        message: `${message.user.name} wrote: ${messagePreview(message.message)}`,
        actionUrl: `/teams/${team.id}#messages`,
        data: { challenge_id: team.challenge_id, team_id: team.id },
      })),
  );
}

/**
 * `team_member_joined` (issue 13, item 2), in the transaction of the acceptance: the members who had already joined
 * (accepted) hear that `joinerName` accepted. Members still deciding on their own invitation are not told: they have
 * not joined yet, and the team page shows them who has.
 */
export async function notifyMemberJoined(
  trx: Db,
  team: TeamRef,
  joiner: { userId: number; name: string },
): Promise<void> {
  const members = await memberUserIds(trx, team.id, ['accepted']);
  await notifyAll(
    trx,
    members
      .filter((userId) => userId !== joiner.userId)
      .map((userId) => ({
        userId,
        type: 'team_member_joined' as const,
        title: `${joiner.name} joined ${team.name}`,
        message: `${joiner.name} accepted the invitation and joined your team "${team.name}".`,
        actionUrl: `/teams/${team.id}`,
        data: { challenge_id: team.challenge_id, team_id: team.id },
      })),
  );
}
