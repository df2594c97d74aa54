import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { toIdea } from './ideas.mapper.ts';
import { findScoredIdeas, findWinningIdeas } from './ideas.repository.ts';
import type { Idea } from './ideas.schemas.ts';

/**
 * How many ideas a challenge read embeds. The best come first; the whole list, paginated, is
 * `GET /api/challenges/{id}/ideas`, so a popular challenge cannot make its own read unbounded.
 */
const EMBEDDED_IDEAS_LIMIT = 100;

/**
 * The scored ideas of a challenge, best `final_score` first, with the viewer's own vote (for the challenge read;
 * `viewer` null: a signed-out visitor of the public page).
 */
export async function scoredIdeasOf(db: Db, challengeId: number, viewer: AuthUser | null): Promise<Idea[]> {
  const rows = await findScoredIdeas(db, challengeId, viewer?.id ?? null, EMBEDDED_IDEAS_LIMIT);
  return rows.map(toIdea);
}

/** The winning ideas of a challenge, first place first; none until the company announced them. */
export async function winningIdeasOf(db: Db, challengeId: number, viewer: AuthUser | null): Promise<Idea[]> {
  const rows = await findWinningIdeas(db, challengeId, viewer?.id ?? null);
  return rows.map(toIdea);
}
