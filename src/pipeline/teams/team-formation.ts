import type { Db } from '../../db/database.ts';
import { lockChallenge } from '../../modules/challenges/challenges.repository.ts';
import {
  createTeamWithInvitations,
  inviteNewcomers,
  MINIMUM_TEAM_SIZE,
  OPEN_TEAM_STATUSES,
} from '../../modules/teams/team-invitations.service.ts';
import { findParticipants, findTeamOfChallenge } from '../../modules/teams/teams.repository.ts';

/**
 * `challenge.form-team`: once two or more contributors hold invitations or assignments (not declined) on the
 * challenge, forms its team — `forming`, led by the best match — and invites every one of them, leader included
 * (each accepts through the web app). Run again later, it adds the newcomers to the existing team as invited
 * members. Idempotent: the challenge's row lock makes concurrent runs take turns, and members already on the team
 * (whatever their answer) are not invited again. Returns the team id, or null when there is none (yet).
 * The teams module owns the team rules and writes; this only decides which of them applies.
 */
export async function formTeam(db: Db, challengeId: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const challenge = await lockChallenge(trx, challengeId);
    if (!challenge) return null;
    const participants = await findParticipants(trx, challengeId);
    const now = new Date().toISOString();

    const existing = await findTeamOfChallenge(trx, challengeId);
    if (existing) {
      if (OPEN_TEAM_STATUSES.has(existing.status)) await inviteNewcomers(trx, existing, challenge, participants, now);
      return existing.id;
    }

    if (participants.length < MINIMUM_TEAM_SIZE) return null;
    return createTeamWithInvitations(trx, challenge, participants, now);
  });
}
