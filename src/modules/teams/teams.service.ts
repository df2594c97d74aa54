import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { MESSAGING_MEMBERSHIPS, recordTeamMessage } from './team-events.ts';
import { notifyTeamMessage } from './team-notifications.ts';
import { toTeamMessage } from './teams.mapper.ts';
import {
  findMembersOfTeams,
  findTeamMembership,
  findTeamMembershipAndMembers,
  findTeamOfChallenge,
  findTeamsOfUser,
  findTeamWithChallenge,
  insertTeamMessage,
  listTeamMessages,
} from './teams.repository.ts';
import type { Team } from './teams.schemas.ts';

/**
 * Team messages are for the team's members only (docs/contract.md §4) — not the company that owns the challenge, nor
 * anyone else: 403. An unknown team is a 404.
 */
function assertTeamMember<Team extends { membership_status: string | null }>(team: Team | undefined): Team {
  if (!team) throw AppError.notFound('Team');
  if (!team.membership_status || !MESSAGING_MEMBERSHIPS.includes(team.membership_status)) {
    throw AppError.forbidden('Only members of this team can read and send its messages.');
  }
  return team;
}

export async function listMessages(db: Db, caller: AuthUser, teamId: number, page: PageRequest) {
  assertTeamMember(await findTeamMembership(db, teamId, caller.id));
  const { rows, total } = await listTeamMessages(db, teamId, page);
  return { data: rows.map(toTeamMessage), total };
}

/** The membership check, the message and its notifications in one transaction: one connection for the request. */
export async function postMessage(db: Db, caller: AuthUser, teamId: number, message: string) {
  return db.transaction().execute(async (trx) => {
    // The members are read with the check, once for both: the webhook event and the notifications go to them.
    const team = assertTeamMember(await findTeamMembershipAndMembers(trx, teamId, caller.id, MESSAGING_MEMBERSHIPS));
    const readers = team.memberUserIds;
    const row = await insertTeamMessage(trx, { teamId, userId: caller.id, message, now: new Date().toISOString() });
    const posted = toTeamMessage({ ...row, user_name: caller.name });
    await recordTeamMessage(trx, posted, readers);
    await notifyTeamMessage(trx, team, posted, readers);
    return posted;
  });
}

/**
 * A team as its reader sees it: the team (docs/contract.md §3) with the challenge's title and the caller's own
 * membership (`my_status` and `my_role` null when the reader is the company that owns the challenge).
 */
export type MyTeam = Team & { challenge_title: string; my_status: string | null; my_role: string | null };

type TeamRow = Omit<MyTeam, 'members'>;

async function withMembers(db: Db, teams: readonly TeamRow[]): Promise<MyTeam[]> {
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

/**
 * One team, for its members (invited or accepted) and the company that owns its challenge (issue 12, item 4: the
 * company can read the team of its own challenge, though not the team's own messages). Another company, like an
 * unknown team, is a 404 (a company learns nothing of others' teams); a contributor outside the team is a 403, as
 * for the team's messages.
 */
export async function readTeam(db: Db, caller: AuthUser, teamId: number): Promise<MyTeam> {
  if (caller.account_type === 'company') {
    const found = await findTeamWithChallenge(db, teamId);
    const companyId = await companyIdOf(db, caller);
    if (!found || companyId === null || found.company_id !== companyId) throw AppError.notFound('Team');
    const { company_id: _companyId, ...team } = found;
    const [read] = await withMembers(db, [{ ...team, my_status: null, my_role: null }]);
    return read;
  }
  assertTeamMember(await findTeamMembership(db, teamId, caller.id));
  const [team] = await withMembers(db, await findTeamsOfUser(db, caller.id, [...MESSAGING_MEMBERSHIPS], teamId));
  if (!team) throw AppError.notFound('Team');
  return team;
}

/** The team as the API shows it (docs/contract.md §3), to the same readers as `readTeam`. */
export async function getTeam(db: Db, caller: AuthUser, teamId: number): Promise<Team> {
  const { challenge_title: _title, my_status: _status, my_role: _role, ...team } = await readTeam(db, caller, teamId);
  return team;
}

/** The challenge's team (its first formed), or null: for the owning company's links, after its own access check. */
export async function teamOfChallenge(db: Db, challengeId: number): Promise<{ id: number; name: string } | null> {
  const team = await findTeamOfChallenge(db, challengeId);
  return team ? { id: team.id, name: team.name } : null;
}
