import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import { ASSIGNMENT_TRANSITIONS } from '../assignments/assignments.state.ts';
import type { TeamMessageRow } from './teams.mapper.ts';

/**
 * The team and the user's membership of it (null when they have none), in one query: the volunteer id comes from a
 * subquery on the unique `volunteers.user_id`, the membership from the unique (team_id, volunteer_id) pair.
 */
function teamWithMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('teams')
    .leftJoin('team_members as mine', (join) =>
      join
        .onRef('mine.team_id', '=', 'teams.id')
        .on('mine.volunteer_id', '=', db.selectFrom('volunteers').select('id').where('user_id', '=', userId)),
    )
    .select(['teams.id', 'teams.challenge_id', 'teams.name', 'mine.status as membership_status'])
    .where('teams.id', '=', teamId);
}

export function findTeamMembership(db: Db, teamId: number, userId: number) {
  return teamWithMembership(db, teamId, userId).executeTakeFirst();
}

/**
 * `findTeamMembership` with the users of the team's members in `statuses`, in one query (a message's access check and
 * its readers: on PostgreSQL one round trip where two were): a row per such member, or one with a null
 * `member_user_id` when there is none; no row when the team does not exist.
 */
export async function findTeamMembershipAndMembers(
  db: Db,
  teamId: number,
  userId: number,
  statuses: readonly string[],
) {
  const rows = await teamWithMembership(db, teamId, userId)
    .leftJoin('team_members as member', (join) =>
      join.onRef('member.team_id', '=', 'teams.id').on('member.status', 'in', [...statuses]),
    )
    .leftJoin('volunteers as member_volunteer', 'member_volunteer.id', 'member.volunteer_id')
    .select('member_volunteer.user_id as member_user_id')
    .execute();
  const [team] = rows;
  if (!team) return undefined;
  const { member_user_id: _member, ...membership } = team;
  return {
    ...membership,
    memberUserIds: rows.flatMap((row) => (row.member_user_id === null ? [] : [row.member_user_id])),
  };
}

/** A page of a team's messages, newest first, on the (team_id, id) index, each with its author's name. */
export function listTeamMessages(
  db: Db,
  teamId: number,
  page: PageRequest,
): Promise<{ rows: TeamMessageRow[]; total: number }> {
  const messages = db.selectFrom('team_messages').where('team_messages.team_id', '=', teamId);
  return fetchPage(messages, page, (filtered) =>
    filtered
      .innerJoin('users', 'users.id', 'team_messages.user_id')
      .select([
        'team_messages.id',
        'team_messages.team_id',
        'team_messages.user_id',
        'users.name as user_name',
        'team_messages.message',
        'team_messages.created_at',
      ])
      .orderBy('team_messages.id', 'desc'),
  );
}

export function insertTeamMessage(db: Db, message: { teamId: number; userId: number; message: string; now: string }) {
  return db
    .insertInto('team_messages')
    .values({ team_id: message.teamId, user_id: message.userId, message: message.message, created_at: message.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The teams a user has a membership of in one of `statuses`, newest first, with the challenge's title. */
export function findTeamsOfUser(db: Db, userId: number, statuses: readonly string[], teamId: number | null = null) {
  return db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .innerJoin('challenges', 'challenges.id', 'teams.challenge_id')
    .select([
      'teams.id',
      'teams.challenge_id',
      'teams.name',
      'teams.status',
      'challenges.title as challenge_title',
      'team_members.status as my_status',
      'team_members.role as my_role',
    ])
    .where('volunteers.user_id', '=', userId)
    .where('team_members.status', 'in', [...statuses])
    .$if(teamId !== null, (query) => query.where('teams.id', '=', teamId!))
    .orderBy('teams.id', 'desc')
    .execute();
}

/** The members of the given teams with their names, leaders first, then in the order they were invited. */
export function findMembersOfTeams(db: Db, teamIds: readonly number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select([
      'team_members.team_id',
      'team_members.volunteer_id',
      'users.name',
      'team_members.role',
      'team_members.status',
    ])
    .where('team_members.team_id', 'in', [...teamIds])
    .orderBy('team_members.id')
    .execute();
}

/** A contributor involved in a challenge: holding an assignment on one of its tasks that they have not declined. */
export type Participant = {
  volunteerId: number;
  userId: number;
  /** Their best match score over the challenge's tasks (null when no assignment of theirs was scored). */
  bestScore: number | null;
  firstInvitedAt: string;
};

export async function findParticipants(db: Db, challengeId: number): Promise<Participant[]> {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .innerJoin('volunteers', 'volunteers.id', 'assignments.volunteer_id')
    .where('tasks.challenge_id', '=', challengeId)
    // Declined, by the invitee or by a withdrawal (both moves end there).
    .where('assignments.status', '<>', ASSIGNMENT_TRANSITIONS.reject.to)
    .groupBy(['assignments.volunteer_id', 'volunteers.user_id'])
    .select((eb) => [
      'assignments.volunteer_id',
      'volunteers.user_id',
      eb.fn.max('assignments.match_score').as('best_score'),
      eb.fn.min('assignments.invited_at').as('first_invited_at'),
    ])
    .execute();
  return rows.map((row) => ({
    volunteerId: row.volunteer_id,
    userId: row.user_id,
    bestScore: row.best_score === null ? null : Number(row.best_score),
    firstInvitedAt: String(row.first_invited_at),
  }));
}

/** Locks the team's row the same way (answers to its invitations are counted one at a time). */
export function lockTeam(trx: Db, teamId: number) {
  return trx
    .updateTable('teams')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', teamId)
    .returning(['id', 'challenge_id', 'name', 'status'])
    .executeTakeFirst();
}

/** A challenge has one team: the first formed. */
export function findTeamOfChallenge(db: Db, challengeId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'status'])
    .where('challenge_id', '=', challengeId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertTeam(trx: Db, challengeId: number, name: string, now: string): Promise<number> {
  const row = await trx
    .insertInto('teams')
    .values({ challenge_id: challengeId, name, status: 'forming', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function memberVolunteerIds(db: Db, teamId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('team_members').select('volunteer_id').where('team_id', '=', teamId).execute();
  return new Set(rows.map((row) => row.volunteer_id));
}

export async function insertInvitedMember(
  trx: Db,
  teamId: number,
  volunteerId: number,
  role: 'leader' | 'member',
  now: string,
): Promise<void> {
  await trx
    .insertInto('team_members')
    .values({
      team_id: teamId,
      volunteer_id: volunteerId,
      role,
      status: 'invited',
      invited_at: now,
      responded_at: null,
    })
    .execute();
}

/** The caller's membership of a team, found through their contributor profile. */
export function findMembershipOfUser(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .select(['team_members.id', 'team_members.volunteer_id', 'team_members.role', 'team_members.status'])
    .where('team_members.team_id', '=', teamId)
    .where('volunteers.user_id', '=', userId)
    .executeTakeFirst();
}

export async function answerMembership(trx: Db, memberId: number, status: 'accepted' | 'declined', now: string) {
  await trx.updateTable('team_members').set({ status, responded_at: now }).where('id', '=', memberId).execute();
}

export async function setMemberRole(trx: Db, teamId: number, volunteerId: number, role: 'leader' | 'member') {
  await trx
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('volunteer_id', '=', volunteerId)
    .execute();
}

export function listMembers(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select(['team_members.volunteer_id', 'users.name', 'team_members.role', 'team_members.status'])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.id')
    .execute();
}

/** The team with its challenge's title and owning company, for a company reading it. */
export function findTeamWithChallenge(db: Db, teamId: number) {
  return db
    .selectFrom('teams')
    .innerJoin('challenges', 'challenges.id', 'teams.challenge_id')
    .select([
      'teams.id',
      'teams.challenge_id',
      'teams.name',
      'teams.status',
      'challenges.title as challenge_title',
      'challenges.company_id',
    ])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
}

/** The team's own row (its members come from `listMembers`). */
export function findTeam(db: Db, teamId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'challenge_id', 'name', 'status'])
    .where('id', '=', teamId)
    .executeTakeFirst();
}

export async function setTeamStatus(trx: Db, teamId: number, status: string, now: string): Promise<void> {
  await trx.updateTable('teams').set({ status, updated_at: now }).where('id', '=', teamId).execute();
}

/** The accounts of the team's members whose membership is in one of `statuses`: who may read the team. */
export async function memberUserIds(db: Db, teamId: number, statuses: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .select('volunteers.user_id')
    .where('team_members.team_id', '=', teamId)
    .where('team_members.status', 'in', [...statuses])
    .execute();
  return rows.map((row) => row.user_id);
}
