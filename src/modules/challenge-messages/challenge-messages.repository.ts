import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import type { AssignmentStatus } from '../assignments/assignments.state.ts';
import type { ChallengeMessageRow } from './challenge-messages.mapper.ts';

/** The challenge's status and the account of the company that owns it. */
export function findChallengeOwner(db: Db, challengeId: number) {
  return db
    .selectFrom('challenges')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .select(['challenges.id', 'challenges.title', 'challenges.status', 'companies.user_id as company_user_id'])
    .where('challenges.id', '=', challengeId)
    .executeTakeFirst();
}

export function findTaskOfChallenge(db: Db, challengeId: number, taskId: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'title'])
    .where('id', '=', taskId)
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
}

/**
 * The contributors assigned on the challenge (one of `statuses`), optionally on one task: each with their account
 * and their assignment (the latest, when they hold several), for access checks and notifications.
 */
export async function findAssignedContributors(
  db: Db,
  challengeId: number,
  statuses: readonly AssignmentStatus[],
  taskId: number | null = null,
): Promise<Array<{ userId: number; assignmentId: number; taskId: number }>> {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('tasks', 'tasks.id', 'assignments.task_id')
    .innerJoin('volunteers', 'volunteers.id', 'assignments.volunteer_id')
    .select(['volunteers.user_id', 'assignments.id', 'assignments.task_id'])
    .where('tasks.challenge_id', '=', challengeId)
    .where('assignments.status', 'in', [...statuses])
    .$if(taskId !== null, (query) => query.where('assignments.task_id', '=', taskId!))
    .orderBy('assignments.id', 'desc')
    .execute();
  const byUser = new Map<number, { userId: number; assignmentId: number; taskId: number }>();
  for (const row of rows) {
    if (!byUser.has(row.user_id)) {
      byUser.set(row.user_id, { userId: row.user_id, assignmentId: row.id, taskId: row.task_id });
    }
  }
  return [...byUser.values()];
}

/**
 * The tasks of the challenge that have a thread to read: those with an assignee in one of `statuses` (only the
 * tasks `userId` is assigned on, when given), in the challenge's task order.
 */
export function findThreadTasks(
  db: Db,
  challengeId: number,
  statuses: readonly AssignmentStatus[],
  userId: number | null,
): Promise<Array<{ id: number; title: string }>> {
  return db
    .selectFrom('tasks')
    .select(['tasks.id', 'tasks.title'])
    .where('tasks.challenge_id', '=', challengeId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('assignments')
          .innerJoin('volunteers', 'volunteers.id', 'assignments.volunteer_id')
          .select('assignments.id')
          .whereRef('assignments.task_id', '=', 'tasks.id')
          .where('assignments.status', 'in', [...statuses])
          .$if(userId !== null, (query) => query.where('volunteers.user_id', '=', userId!)),
      ),
    )
    .orderBy('tasks.id')
    .execute();
}

/** A page of one thread (the whole-team one when `taskId` is null), newest first, each with its author's name. */
export function listThreadMessages(
  db: Db,
  challengeId: number,
  taskId: number | null,
  page: PageRequest,
): Promise<{ rows: ChallengeMessageRow[]; total: number }> {
  const thread = db
    .selectFrom('challenge_messages')
    .where('challenge_messages.challenge_id', '=', challengeId)
    .where('challenge_messages.task_id', taskId === null ? 'is' : '=', taskId);
  return fetchPage(thread, page, (filtered) =>
    filtered
      .innerJoin('users', 'users.id', 'challenge_messages.user_id')
      .select([
        'challenge_messages.id',
        'challenge_messages.challenge_id',
        'challenge_messages.task_id',
        'challenge_messages.user_id',
        'users.name as user_name',
        'challenge_messages.message',
        'challenge_messages.created_at',
      ])
      .orderBy('challenge_messages.id', 'desc'),
  );
}

export function insertChallengeMessage(
  db: Db,
  message: { challengeId: number; taskId: number | null; userId: number; message: string; now: string },
) {
  return db
    .insertInto('challenge_messages')
    .values({
      challenge_id: message.challengeId,
      task_id: message.taskId,
      user_id: message.userId,
      message: message.message,
      created_at: message.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
