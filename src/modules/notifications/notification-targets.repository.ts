import { compiledOnceForList } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

/**
 * What notifications point at, as it is now: read for a whole page of notifications at once (one query per kind of
 * target, whatever the page's length), so that the list can say which actions are still possible
 * (notification-actions.ts).
 */
export type TargetIds = {
  assignmentIds: readonly number[];
  taskIds: readonly number[];
  teamIds: readonly number[];
  challengeIds: readonly number[];
};

export type AssignmentTarget = {
  id: number;
  status: string;
  withdrawn_at: string | null;
  expires_at: string | null;
  responded_at: string | null;
  task_status: string;
};
export type TaskTarget = { id: number; status: string };
export type MembershipTarget = { team_id: number; status: string; team_status: string };
export type ChallengeTarget = { id: number; title: string; status: string };

export type Targets = {
  assignments: ReadonlyMap<number, AssignmentTarget>;
  tasks: ReadonlyMap<number, TaskTarget>;
  /** The recipient's own membership of each team, by team id. */
  memberships: ReadonlyMap<number, MembershipTarget>;
  challenges: ReadonlyMap<number, ChallengeTarget>;
};

const byKey = <T, K>(rows: readonly T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

/** Each kind of target by id, compiled once per length of the page's list (src/db/compiled-once.ts). */
const assignmentTargets = compiledOnceForList((db, ids) =>
  db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .select([
      'assignments.id',
      'assignments.status',
      'assignments.withdrawn_at',
      'assignments.expires_at',
      'assignments.responded_at',
      'tasks.status as task_status',
    ])
    .where('assignments.id', 'in', ids),
);

const taskTargets = compiledOnceForList((db, ids) =>
  db.selectFrom('tasks').select(['id', 'status']).where('id', 'in', ids),
);

/** The recipient's own memberships of these teams. */
const membershipTargets = compiledOnceForList((db, teamIds, userId: number) =>
  db
    .selectFrom('team_members')
    .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.team_id', 'team_members.status', 'teams.status as team_status'])
    .where('team_members.team_id', 'in', teamIds)
    .where('volunteers.user_id', '=', userId),
);

const challengeTargets = compiledOnceForList((db, ids) =>
  db.selectFrom('challenges').select(['id', 'title', 'status']).where('id', 'in', ids),
);

export async function findTargets(db: Db, userId: number, ids: TargetIds): Promise<Targets> {
  const [assignments, tasks, memberships, challenges] = await Promise.all([
    ids.assignmentIds.length === 0 ? [] : assignmentTargets(db, ids.assignmentIds),
    ids.taskIds.length === 0 ? [] : taskTargets(db, ids.taskIds),
    ids.teamIds.length === 0 ? [] : membershipTargets(db, ids.teamIds, userId),
    ids.challengeIds.length === 0 ? [] : challengeTargets(db, ids.challengeIds),
  ]);
  return {
    assignments: byKey(assignments, (row) => row.id),
    tasks: byKey(tasks, (row) => row.id),
    memberships: byKey(memberships, (row) => row.team_id),
    challenges: byKey(challenges, (row) => row.id),
  };
}
