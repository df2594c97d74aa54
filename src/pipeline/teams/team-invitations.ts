import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Team } from '../../modules/teams/teams.schemas.ts';
import { compareForLeadership, MINIMUM_TEAM_SIZE } from './team-formation.ts';
import {
  answerMembership,
  findMembershipOfUser,
  findParticipants,
  listMembers,
  loadTeam,
  lockTeam,
  setMemberRole,
  setTeamStatus,
} from './teams.repository.ts';

export type TeamAnswer = 'accept' | 'decline';

/** Invitations to a completed or disbanded team can no longer be answered. */
const ANSWERABLE_TEAM_STATUSES = new Set(['forming', 'active']);

/**
 * A leader who declines leaves the team leaderless: the role passes to the remaining member (invited or accepted)
 * with the best match on the challenge, by the same order that chose the first leader.
 */
async function handOverLeadership(trx: Db, team: { id: number; challenge_id: number }): Promise<void> {
  const remaining = new Set(
    (await listMembers(trx, team.id))
      .filter((member) => member.status === 'invited' || member.status === 'accepted')
      .map((member) => member.volunteer_id),
  );
  const successor = (await findParticipants(trx, team.challenge_id))
    .filter((participant) => remaining.has(participant.volunteerId))
    .sort(compareForLeadership)[0];
  if (successor) await setMemberRole(trx, team.id, successor.volunteerId, 'leader');
}

/** A forming team becomes `active` once at least two members accepted and no invitation is open (contract §6). */
async function activateIfComplete(trx: Db, team: { id: number; status: string }, now: string): Promise<void> {
  if (team.status !== 'forming') return;
  const members = await listMembers(trx, team.id);
  const accepted = members.filter((member) => member.status === 'accepted').length;
  const open = members.some((member) => member.status === 'invited');
  if (accepted >= MINIMUM_TEAM_SIZE && !open) await setTeamStatus(trx, team.id, 'active', now);
}

/**
 * The web app's answer to a team invitation (`POST /teams/{id}/accept|decline`, issue 4): only a member whose
 * invitation is still open may answer. The team's row lock makes concurrent answers count one after the other, so
 * the last one to accept activates the team. Returns the team as it now stands.
 */
export async function respondToTeamInvitation(
  db: Db,
  userId: number,
  teamId: number,
  answer: TeamAnswer,
): Promise<Team> {
  await db.transaction().execute(async (trx) => {
    const team = await lockTeam(trx, teamId);
    if (!team) throw AppError.notFound('Team');
    const membership = await findMembershipOfUser(trx, teamId, userId);
    if (!membership) throw AppError.forbidden('Only contributors invited to this team can answer its invitation.');
    if (membership.status !== 'invited') throw AppError.invalidState('You have already answered this team invitation.');
    if (!ANSWERABLE_TEAM_STATUSES.has(team.status)) {
      throw AppError.invalidState('This team no longer takes answers to its invitations.');
    }
    const now = new Date().toISOString();
    await answerMembership(trx, membership.id, answer === 'accept' ? 'accepted' : 'declined', now);
    if (answer === 'decline' && membership.role === 'leader') {
      await setMemberRole(trx, teamId, membership.volunteer_id, 'member');
      await handOverLeadership(trx, team);
    }
    await activateIfComplete(trx, team, now);
  });
  return loadTeam(db, teamId);
}
