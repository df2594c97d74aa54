import type { Db } from '../../db/database.ts';
import type { Team } from '../../modules/teams/teams.schemas.ts';

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
    .where('assignments.status', '<>', 'declined')
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

/**
 * Locks the challenge's row for the rest of the transaction and returns its title (undefined when it is gone). The
 * first statement writes, so on SQLite the write lock is taken up front too: two team formations for one challenge
 * run one after the other and the second sees the first's team.
 */
export function lockChallenge(trx: Db, challengeId: number) {
  return trx
    .updateTable('challenges')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', challengeId)
    .returning(['id', 'title'])
    .executeTakeFirst();
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

export async function setTeamStatus(trx: Db, teamId: number, status: string, now: string): Promise<void> {
  await trx.updateTable('teams').set({ status, updated_at: now }).where('id', '=', teamId).execute();
}

/** The team as the contract shows it (§3), leader first. */
export async function loadTeam(db: Db, teamId: number): Promise<Team> {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'challenge_id', 'name', 'status'])
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  const members = await listMembers(db, teamId);
  members.sort((a, b) => Number(b.role === 'leader') - Number(a.role === 'leader'));
  return { ...team, members };
}
