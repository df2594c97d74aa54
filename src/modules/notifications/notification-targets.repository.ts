import { compiledOnceForList } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { VersionRead } from '../../http/user-pages.ts';

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
  /**
   * The read versions of what the targets show, each read in the statement that read its rows (for a page kept whole,
   * src/http/user-pages.ts): an assignment's contributor's `assignments` (0034) and its task's challenge (0032), a
   * task's challenge, a team's memberships (0035), a challenge's own.
   */
  versions: VersionRead[];
  /**
   * Whether a target asked for is gone (an assignment, a task, a team or a challenge): no version covers what its id
   * would show if SQLite handed it out again, so a page showing it is not kept.
   */
  someGone: boolean;
};

const byKey = <T, K>(rows: readonly T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

/** Each kind of target by id, compiled once per length of the page's list (src/db/compiled-once.ts). */
const assignmentTargets = compiledOnceForList((db, ids) =>
  db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .leftJoin('read_versions as own', (join) =>
      join.on('own.topic', '=', 'assignments').onRef('own.subject_id', '=', 'assignments.volunteer_id'),
    )
    .leftJoin('read_versions as of_task', (join) =>
      join.on('of_task.topic', '=', 'challenge').onRef('of_task.subject_id', '=', 'tasks.challenge_id'),
    )
    .select([
      'assignments.id',
      'assignments.status',
      'assignments.withdrawn_at',
      'assignments.expires_at',
      'assignments.responded_at',
      'tasks.status as task_status',
      'assignments.volunteer_id',
      'own.version as volunteer_version',
      'tasks.challenge_id',
      'of_task.version as challenge_version',
    ])
    .where('assignments.id', 'in', ids),
);

const taskTargets = compiledOnceForList((db, ids) =>
  db
    .selectFrom('tasks')
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'tasks.challenge_id'),
    )
    .select(['tasks.id', 'tasks.status', 'tasks.challenge_id', 'read_versions.version'])
    .where('tasks.id', 'in', ids),
);

/** The teams, each with the recipient's own membership of it if any (null status: none). */
const membershipTargets = compiledOnceForList((db, teamIds, userId: number) =>
  db
    .selectFrom('teams')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('team_members')
          .innerJoin('volunteers', 'volunteers.id', 'team_members.volunteer_id')
          .select(['team_members.team_id', 'team_members.status'])
          .where('volunteers.user_id', '=', userId)
          .as('mine'),
      (join) => join.onRef('mine.team_id', '=', 'teams.id'),
    )
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'team').onRef('read_versions.subject_id', '=', 'teams.id'),
    )
    .select(['teams.id', 'mine.status', 'teams.status as team_status', 'read_versions.version'])
    .where('teams.id', 'in', teamIds),
);

const challengeTargets = compiledOnceForList((db, ids) =>
  db
    .selectFrom('challenges')
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'challenges.id'),
    )
    .select(['challenges.id', 'challenges.title', 'challenges.status', 'read_versions.version'])
    .where('challenges.id', 'in', ids),
);

export async function findTargets(db: Db, userId: number, ids: TargetIds): Promise<Targets> {
  const [assignments, tasks, teams, challenges] = await Promise.all([
    ids.assignmentIds.length === 0 ? [] : assignmentTargets(db, ids.assignmentIds),
    ids.taskIds.length === 0 ? [] : taskTargets(db, ids.taskIds),
    ids.teamIds.length === 0 ? [] : membershipTargets(db, ids.teamIds, userId),
    ids.challengeIds.length === 0 ? [] : challengeTargets(db, ids.challengeIds),
  ]);
  const versions: VersionRead[] = [
    ...assignments.flatMap((row) => [
      { topic: 'assignments' as const, subject: row.volunteer_id, version: row.volunteer_version },
      { topic: 'challenge' as const, subject: row.challenge_id, version: row.challenge_version },
    ]),
    ...tasks.map((row) => ({ topic: 'challenge' as const, subject: row.challenge_id, version: row.version })),
    ...teams.map((row) => ({ topic: 'team' as const, subject: row.id, version: row.version })),
    ...challenges.map((row) => ({ topic: 'challenge' as const, subject: row.id, version: row.version })),
  ];
  const memberships = teams.flatMap((row) =>
    row.status === null ? [] : [{ team_id: row.id, status: row.status, team_status: row.team_status }],
  );
  return {
    assignments: byKey(assignments, (row) => row.id),
    tasks: byKey(tasks, (row) => row.id),
    memberships: byKey(memberships, (row) => row.team_id),
    challenges: byKey(challenges, (row) => row.id),
    versions,
    someGone:
      assignments.length < ids.assignmentIds.length ||
      tasks.length < ids.taskIds.length ||
      teams.length < ids.teamIds.length ||
      challenges.length < ids.challengeIds.length,
  };
}
