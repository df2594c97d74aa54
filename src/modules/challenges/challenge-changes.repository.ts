import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';

/**
 * `challenge_changes` (migration 0014): what the owning company changed in its challenge's plan and refined brief, one
 * row per edit, written in the edit's transaction. The workstream and task ids are kept after they are removed.
 */

export type ChangeAction =
  | 'brief_edited'
  | 'workstream_added'
  | 'workstream_edited'
  | 'workstream_removed'
  | 'task_added'
  | 'task_edited'
  | 'task_merged'
  | 'task_removed'
  | 'task_rematched';

export type NewChange = {
  challengeId: number;
  userId: number;
  action: ChangeAction;
  workstreamId?: number | null;
  taskId?: number | null;
  /** One sentence a person reads in the history ("Changed the task “Survey the site”: estimate, skills."). */
  summary: string;
  /** The fields changed, each {from, to}, or what was merged or removed. */
  details?: Record<string, unknown>;
};

export async function insertChange(db: Db, change: NewChange, now: string): Promise<void> {
  await db
    .insertInto('challenge_changes')
    .values({
      challenge_id: change.challengeId,
      user_id: change.userId,
      action: change.action,
      workstream_id: change.workstreamId ?? null,
      task_id: change.taskId ?? null,
      summary: change.summary,
      details: JSON.stringify(change.details ?? {}),
      created_at: now,
    })
    .execute();
}

/** A page of the challenge's changes, newest first, with who made each. */
export function listChanges(db: Db, challengeId: number, page: PageRequest) {
  const query = db.selectFrom('challenge_changes').where('challenge_changes.challenge_id', '=', challengeId);
  return fetchPage(query, page, (filtered) =>
    filtered
      .leftJoin('users', 'users.id', 'challenge_changes.user_id')
      .selectAll('challenge_changes')
      .select('users.name as user_name')
      .orderBy('challenge_changes.id', 'desc'),
  );
}
