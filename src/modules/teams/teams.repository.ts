import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import type { TeamMessageRow } from './teams.mapper.ts';

/**
 * The team and the user's membership of it (null when they have none), in one query: the volunteer id comes from a
 * subquery on the unique `volunteers.user_id`, the membership from the unique (team_id, volunteer_id) pair.
 */
export function findTeamMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('teams')
    .leftJoin('team_members', (join) =>
      join
        .onRef('team_members.team_id', '=', 'teams.id')
        .on('team_members.volunteer_id', '=', db.selectFrom('volunteers').select('id').where('user_id', '=', userId)),
    )
    .select(['teams.id', 'team_members.status as membership_status'])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
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
