import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { notify } from '../notifications/notify.ts';
import { recordTeamFormed } from './team-events.ts';
import { notifyMemberJoined } from './team-notifications.ts';
import { toTeam } from './teams.mapper.ts';
import {
  answerMembership,
  findMembershipOfUser,
  findParticipants,
  findTeam,
  insertInvitedMember,
  insertTeam,
  listMembers,
  lockTeam,
  memberVolunteerIds,
  type Participant,
  setMemberRole,
  setTeamStatus,
} from './teams.repository.ts';
import type { Team } from './teams.schemas.ts';

/** A team forms once this many distinct contributors are involved in a challenge (docs/contract.md §6 step 5). */
export const MINIMUM_TEAM_SIZE = 2;

/**
 * Teams that still take new members and answers to their invitations; a completed or disbanded team is left as it
 * is.
 */
export const OPEN_TEAM_STATUSES: ReadonlySet<string> = new Set(['forming', 'active']);

export type TeamAnswer = 'accept' | 'decline';

const TEAM_NAME_SUFFIX = ' team';
const TEAM_NAME_MAX_LENGTH = 255;

function teamNameFor(challengeTitle: string): string {
  return `${challengeTitle.slice(0, TEAM_NAME_MAX_LENGTH - TEAM_NAME_SUFFIX.length).trimEnd()}${TEAM_NAME_SUFFIX}`;
}

/** Leader first: best match score, then the earliest invited, then the oldest profile. */
function compareForLeadership(a: Participant, b: Participant): number {
  return (
    (b.bestScore ?? -1) - (a.bestScore ?? -1) ||
    a.firstInvitedAt.localeCompare(b.firstInvitedAt) ||
    a.volunteerId - b.volunteerId
  );
}

type TeamRef = { id: number; name: string };
type ChallengeRef = { id: number; title: string };

/** Invites a participant to the team (as leader or member) and tells them, in the caller's transaction. */
async function inviteToTeam(
  trx: Db,
  team: TeamRef,
  challenge: ChallengeRef,
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
 * Creates the challenge's team, `forming`, and invites the participants, the first one (in leadership order) as its
 * leader. Returns the team's id.
 */
export async function createTeamWithInvitations(
  trx: Db,
  challenge: ChallengeRef,
  participants: readonly Participant[],
  now: string,
): Promise<number> {
  const name = teamNameFor(challenge.title);
  const team = { id: await insertTeam(trx, challenge.id, name, now), name };
  const ordered = [...participants].sort(compareForLeadership);
  for (const [index, participant] of ordered.entries()) {
    await inviteToTeam(trx, team, challenge, participant, index === 0 ? 'leader' : 'member', now);
  }
  await recordTeamFormed(trx, team.id);
  return team.id;
}

/**
 * Invites to an existing team, as members, the participants not on it yet (whatever the others answered: nobody is
 * invited twice), in leadership order.
 */
export async function inviteNewcomers(
  trx: Db,
  team: TeamRef,
  challenge: ChallengeRef,
  participants: readonly Participant[],
  now: string,
): Promise<void> {
  const members = await memberVolunteerIds(trx, team.id);
  for (const participant of [...participants].sort(compareForLeadership)) {
    if (!members.has(participant.volunteerId)) await inviteToTeam(trx, team, challenge, participant, 'member', now);
  }
}

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

/**
 * A forming team becomes `active` once at least two members accepted and no invitation is open (docs/contract.md §6).
 */
async function activateIfComplete(trx: Db, team: { id: number; status: string }, now: string): Promise<void> {
  if (team.status !== 'forming') return;
  const members = await listMembers(trx, team.id);
  const accepted = members.filter((member) => member.status === 'accepted').length;
  const open = members.some((member) => member.status === 'invited');
  if (accepted >= MINIMUM_TEAM_SIZE && !open) await setTeamStatus(trx, team.id, 'active', now);
}

/** The team as docs/contract.md §3 shows it, leader first. */
async function loadTeam(db: Db, teamId: number): Promise<Team> {
  const team = await findTeam(db, teamId);
  if (!team) throw AppError.notFound('Team');
  return toTeam(team, await listMembers(db, teamId));
}

/**
 * The web app's answer to a team invitation (`POST /teams/{id}/accept|decline`, docs/contract.md §5): only a member
 * whose invitation is still open may answer. The team's row lock makes concurrent answers count one after the other, so
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
    if (!OPEN_TEAM_STATUSES.has(team.status)) {
      throw AppError.invalidState('This team no longer takes answers to its invitations.');
    }
    const now = new Date().toISOString();
    await answerMembership(trx, membership.id, answer === 'accept' ? 'accepted' : 'declined', now);
    if (answer === 'decline' && membership.role === 'leader') {
      await setMemberRole(trx, teamId, membership.volunteer_id, 'member');
      await handOverLeadership(trx, team);
    }
    await activateIfComplete(trx, team, now);
    if (answer === 'accept') {
      const joiner = (await listMembers(trx, teamId)).find((member) => member.volunteer_id === membership.volunteer_id);
      await notifyMemberJoined(trx, team, { userId, name: joiner?.name ?? 'A teammate' });
    }
  });
  return loadTeam(db, teamId);
}
