import type { Db } from '../../db/database.ts';
import { notify } from '../../modules/notifications/notify.ts';
import {
  findParticipants,
  findTeamOfChallenge,
  insertInvitedMember,
  insertTeam,
  lockChallenge,
  memberVolunteerIds,
  type Participant,
} from './teams.repository.ts';

/** A team forms once this many distinct contributors are involved in a challenge (contract §6 step 5). */
export const MINIMUM_TEAM_SIZE = 2;

/** Teams that still take new members; a completed or disbanded team is left as it is. */
const OPEN_TEAM_STATUSES = new Set(['forming', 'active']);

const TEAM_NAME_SUFFIX = ' team';
const TEAM_NAME_MAX_LENGTH = 255;

export function teamNameFor(challengeTitle: string): string {
  return `${challengeTitle.slice(0, TEAM_NAME_MAX_LENGTH - TEAM_NAME_SUFFIX.length).trimEnd()}${TEAM_NAME_SUFFIX}`;
}

/** Leader first: best match score, then the earliest invited, then the oldest profile. */
export function compareForLeadership(a: Participant, b: Participant): number {
  return (
    (b.bestScore ?? -1) - (a.bestScore ?? -1) ||
    a.firstInvitedAt.localeCompare(b.firstInvitedAt) ||
    a.volunteerId - b.volunteerId
  );
}

async function inviteToTeam(
  trx: Db,
  team: { id: number; name: string },
  challenge: { id: number; title: string },
  participant: Participant,
  role: 'leader' | 'member',
  now: string,
): Promise<void> {
  await insertInvitedMember(trx, team.id, participant.volunteerId, role, now);
  const invitation = role === 'leader' ? 'to lead' : 'to join';
  await notify(trx, {
    userId: participant.userId,
    type: 'team_invitation',
    title: 'Team invitation',
    message: `You are invited ${invitation} the team "${team.name}" for the challenge "${challenge.title}".`,
    actionUrl: `/teams/${team.id}`,
    data: { challenge_id: challenge.id, team_id: team.id },
  });
}

/**
 * `challenge.form-team`: once two or more contributors hold invitations or assignments (not declined) on the
 * challenge, forms its team — `forming`, led by the best match — and invites every one of them, leader included
 * (each accepts through the web app). Run again later, it adds the newcomers to the existing team as invited
 * members. Idempotent: the challenge's row lock makes concurrent runs take turns, and members already on the team
 * (whatever their answer) are not invited again. Returns the team id, or null when there is none (yet).
 */
export async function formTeam(db: Db, challengeId: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const challenge = await lockChallenge(trx, challengeId);
    if (!challenge) return null;
    const participants = (await findParticipants(trx, challengeId)).sort(compareForLeadership);
    const now = new Date().toISOString();

    const existing = await findTeamOfChallenge(trx, challengeId);
    if (existing) {
      if (!OPEN_TEAM_STATUSES.has(existing.status)) return existing.id;
      const members = await memberVolunteerIds(trx, existing.id);
      for (const participant of participants) {
        if (!members.has(participant.volunteerId)) {
          await inviteToTeam(trx, existing, challenge, participant, 'member', now);
        }
      }
      return existing.id;
    }

    if (participants.length < MINIMUM_TEAM_SIZE) return null;
    const name = teamNameFor(challenge.title);
    const team = { id: await insertTeam(trx, challengeId, name, now), name };
    for (const [index, participant] of participants.entries()) {
      await inviteToTeam(trx, team, challenge, participant, index === 0 ? 'leader' : 'member', now);
    }
    return team.id;
  });
}
