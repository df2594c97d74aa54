import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { toIdea } from './ideas.mapper.ts';
import { findScoredIdeas } from './ideas.repository.ts';
import type { Idea } from './ideas.schemas.ts';

/**
 * How many ideas a challenge read embeds. The best come first; the whole list, paginated, is
 * `GET /api/challenges/{id}/ideas`, so a popular challenge cannot make its own read unbounded.
 */
const EMBEDDED_IDEAS_LIMIT = 100;

/** The scored ideas of a challenge, best `final_score` first, with the viewer's own vote (for the challenge read). */
export async function scoredIdeasOf(db: Db, challengeId: number, viewer: AuthUser): Promise<Idea[]> {
  const rows = await findScoredIdeas(db, challengeId, viewer.id, EMBEDDED_IDEAS_LIMIT);
  return rows.map(toIdea);
}
