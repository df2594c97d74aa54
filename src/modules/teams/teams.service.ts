import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { MESSAGING_MEMBERSHIPS, recordTeamMessage } from './team-events.ts';
import { notifyTeamMessage } from './team-notifications.ts';
import { toTeamMessage } from './teams.mapper.ts';
import {
  findMembersOfTeams,
  findTeamMembership,
  findTeamsOfUser,
  insertTeamMessage,
  listTeamMessages,
} from './teams.repository.ts';
import type { Team } from './teams.schemas.ts';

/**
 * Team messages are for the team's members only (docs/contract.md §4) — not the company that owns the challenge, nor
 * anyone else: 403. An unknown team is a 404.
 */
async function assertTeamMember(db: Db, teamId: number, caller: AuthUser) {
  const team = await findTeamMembership(db, teamId, caller.id);
  if (!team) throw AppError.notFound('Team');
  if (!team.membership_status || !MESSAGING_MEMBERSHIPS.includes(team.membership_status)) {
    throw AppError.forbidden('Only members of this team can read and send its messages.');
  }
  return team;
}

export async function listMessages(db: Db, caller: AuthUser, teamId: number, page: PageRequest) {
  await assertTeamMember(db, teamId, caller);
  const { rows, total } = await listTeamMessages(db, teamId, page);
  return { data: rows.map(toTeamMessage), total };
}

export async function postMessage(db: Db, caller: AuthUser, teamId: number, message: string) {
  const team = await assertTeamMember(db, teamId, caller);
  return db.transaction().execute(async (trx) => {
    const row = await insertTeamMessage(trx, { teamId, userId: caller.id, message, now: new Date().toISOString() });
    const posted = toTeamMessage({ ...row, user_name: caller.name });
    await recordTeamMessage(trx, posted);
    await notifyTeamMessage(trx, team, posted);
    return posted;
  });
}

/**
 * A team as its member sees it: the team (docs/contract.md §3) with the challenge's title and the caller's own
 * membership.
 */
export type MyTeam = Team & { challenge_title: string; my_status: string; my_role: string };

async function withMembers(db: Db, teams: Awaited<ReturnType<typeof findTeamsOfUser>>): Promise<MyTeam[]> {
  const members = await findMembersOfTeams(
    db,
    teams.map((team) => team.id),
  );
  return teams.map((team) => ({
    ...team,
    members: members
      .filter((member) => member.team_id === team.id)
      .sort((a, b) => Number(b.role === 'leader') - Number(a.role === 'leader'))
      .map(({ team_id: _teamId, ...member }) => member),
  }));
}

/** The teams the caller belongs to or is invited to (the web app's /teams), newest first. */
export async function listMyTeams(db: Db, caller: AuthUser): Promise<MyTeam[]> {
  return withMembers(db, await findTeamsOfUser(db, caller.id, [...MESSAGING_MEMBERSHIPS]));
}

/** One of those teams; any other team — unknown, or one the caller declined or was never in — is a 404. */
export async function getMyTeam(db: Db, caller: AuthUser, teamId: number): Promise<MyTeam> {
  const [team] = await withMembers(db, await findTeamsOfUser(db, caller.id, [...MESSAGING_MEMBERSHIPS], teamId));
  if (!team) throw AppError.notFound('Team');
  return team;
}
