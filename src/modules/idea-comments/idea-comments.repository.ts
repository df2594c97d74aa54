import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';

const commentsOf = (db: Db) => db.selectFrom('idea_comments');

/**
 * A comment as the API shows it: with its writer's name (a company speaks by its company name) and whether the
 * writer is the idea's author.
 */
function withAuthor(comments: ReturnType<typeof commentsOf>) {
  return comments
    .innerJoin('users', 'users.id', 'idea_comments.user_id')
    .leftJoin('companies', 'companies.user_id', 'users.id')
    .innerJoin('ideas', 'ideas.id', 'idea_comments.idea_id')
    .innerJoin('volunteers as idea_author', 'idea_author.id', 'ideas.volunteer_id')
    .select([
      'idea_comments.id',
      'idea_comments.idea_id',
      'idea_comments.body',
      'idea_comments.created_at',
      'users.name as user_name',
      'users.account_type',
      'companies.company_name',
      (eb) => eb('idea_author.user_id', '=', eb.ref('idea_comments.user_id')).as('is_idea_author'),
    ])
    .orderBy('idea_comments.id');
}

export type IdeaCommentRow = Awaited<ReturnType<ReturnType<typeof withAuthor>['executeTakeFirstOrThrow']>>;

/** An idea's thread, oldest first: it is read as a conversation. */
export function listIdeaComments(db: Db, ideaId: number, page: PageRequest) {
  return fetchPage(commentsOf(db).where('idea_comments.idea_id', '=', ideaId), page, withAuthor);
}

export function findIdeaComment(db: Db, id: number) {
  return withAuthor(commentsOf(db).where('idea_comments.id', '=', id)).executeTakeFirstOrThrow();
}

export function insertIdeaComment(db: Db, comment: { ideaId: number; userId: number; body: string; now: string }) {
  return db
    .insertInto('idea_comments')
    .values({ idea_id: comment.ideaId, user_id: comment.userId, body: comment.body, created_at: comment.now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

/**
 * The latest `perIdea` comments under each of several ideas (for a page of idea cards, in one query rather than one
 * per card), oldest first within each, and how long each thread is.
 */
export async function latestCommentsOfIdeas(db: Db, ideaIds: readonly number[], perIdea: number) {
  if (ideaIds.length === 0) return { rows: [], lengths: new Map<number, number>() };
  const ranked = db
    .selectFrom('idea_comments')
    .select((eb) => [
      'idea_comments.id as comment_id',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('idea_comments.idea_id').orderBy('idea_comments.id', 'desc'))
        .as('from_latest'),
    ])
    .where('idea_comments.idea_id', 'in', ideaIds)
    .as('ranked');
  const latest = db.selectFrom(ranked).select('ranked.comment_id').where('ranked.from_latest', '<=', perIdea);
  const [rows, counts] = await Promise.all([
    withAuthor(commentsOf(db).where('idea_comments.id', 'in', latest)).execute(),
    db
      .selectFrom('idea_comments')
      .select((eb) => ['idea_comments.idea_id', eb.fn.countAll<number | string>().as('length')])
      .where('idea_comments.idea_id', 'in', ideaIds)
      .groupBy('idea_comments.idea_id')
      .execute(),
  ]);
  // PostgreSQL counts as bigint, which pg hands over as a string.
  return { rows, lengths: new Map(counts.map((count) => [count.idea_id, Number(count.length)])) };
}
