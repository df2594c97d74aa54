import type { Db } from '../../db/database.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { findIdeaParties } from '../ideas/ideas.repository.ts';
import type { Idea } from '../ideas/ideas.schemas.ts';
import { readableIdea } from '../ideas/ideas.service.ts';
import { notify } from '../notifications/notify.ts';
import {
  findIdeaComment,
  type IdeaCommentRow,
  insertIdeaComment,
  latestCommentsOfIdeas,
  listIdeaComments,
} from './idea-comments.repository.ts';
import type { IdeaComment, NewIdeaComment } from './idea-comments.schemas.ts';

function toIdeaComment(row: IdeaCommentRow): IdeaComment {
  const company = row.account_type === 'company';
  return {
    id: row.id,
    idea_id: row.idea_id,
    author: {
      name: company ? (row.company_name ?? row.user_name) : row.user_name,
      role: company ? 'company' : 'contributor',
      is_idea_author: Boolean(row.is_idea_author),
    },
    body: row.body,
    created_at: row.created_at,
  };
}

/** The thread under an idea, oldest first, for whoever may read the idea (else 404, as the idea). */
export async function listCommentsOfIdea(
  db: Db,
  caller: AuthUser,
  ideaId: number,
  page: PageRequest,
): Promise<PageOf<IdeaComment>> {
  await readableIdea(db, caller, ideaId);
  const { rows, total } = await listIdeaComments(db, ideaId, page);
  return { data: rows.map(toIdeaComment), total };
}

export type CommentThread = { comments: IdeaComment[]; length: number };

/**
 * The latest comments under each idea of a page of ideas, oldest first, and each thread's length. `ideas` are what
 * the ideas service listed for this caller: listing them was the access check (whoever may read an idea may read its
 * thread), so this reads no idea again.
 */
export async function commentThreadsOf(
  db: Db,
  ideas: readonly Pick<Idea, 'id'>[],
  perIdea: number,
): Promise<Map<number, CommentThread>> {
  const { rows, lengths } = await latestCommentsOfIdeas(
    db,
    ideas.map((idea) => idea.id),
    perIdea,
  );
  const threads = new Map<number, CommentThread>(
    ideas.map((idea) => [idea.id, { comments: [], length: lengths.get(idea.id) ?? 0 }]),
  );
  for (const row of rows) threads.get(row.idea_id)?.comments.push(toIdeaComment(row));
  return threads;
}

/**
 * Whoever may read an idea may comment on it, also after the deadline (a comment changes no score). The idea's
 * author is notified (`idea_comment`) of comments by others.
 */
export async function commentOnIdea(db: Db, caller: AuthUser, ideaId: number, body: NewIdeaComment) {
  const idea = await readableIdea(db, caller, ideaId);
  const id = await db.transaction().execute(async (trx) => {
    const commentId = await insertIdeaComment(trx, {
      ideaId,
      userId: caller.id,
      body: body.body,
      now: new Date().toISOString(),
    });
    const parties = await findIdeaParties(trx, ideaId);
    if (parties && parties.author_user_id !== caller.id) {
      const comment = toIdeaComment(await findIdeaComment(trx, commentId));
      await notify(trx, {
        userId: parties.author_user_id,
        type: 'idea_comment',
        title: 'New comment on your idea',
        message: `${comment.author.name} commented on your idea "${idea.title}".`,
        actionUrl: `/challenges/${idea.challenge_id}#idea-${ideaId}`,
        data: { challenge_id: idea.challenge_id, idea_id: ideaId },
      });
    }
    return commentId;
  });
  return toIdeaComment(await findIdeaComment(db, id));
}
