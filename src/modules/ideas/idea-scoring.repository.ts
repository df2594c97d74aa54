import type { IdeaScores } from '../../ai/idea/schema.ts';
import type { Db } from '../../db/database.ts';

/** An idea waiting for its score, with what the scoring reads and who is told. */
export function findIdeaToScore(db: Db, ideaId: number) {
  return db
    .selectFrom('ideas')
    .innerJoin('challenges', 'challenges.id', 'ideas.challenge_id')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .innerJoin('volunteers', 'volunteers.id', 'ideas.volunteer_id')
    .select([
      'ideas.id',
      'ideas.title',
      'ideas.description',
      'ideas.vote_total',
      'ideas.challenge_id',
      'ideas.volunteer_id',
      'challenges.title as challenge_title',
      'challenges.description as challenge_description',
      'challenges.refined_brief as challenge_refined_brief',
      'challenges.judging_criteria as challenge_judging_criteria',
      'companies.user_id as company_user_id',
      'volunteers.user_id as author_user_id',
    ])
    .where('ideas.id', '=', ideaId)
    .where('ideas.status', '=', 'pending_review')
    .executeTakeFirst();
}

export type IdeaToScore = NonNullable<Awaited<ReturnType<typeof findIdeaToScore>>>;

/** `ai_feedback` as docs/contract.md §3 (Idea) shapes it. */
export type IdeaFeedback = {
  summary: string;
  strengths: string[];
  weaknesses: string[];
  suggestions: string[];
  scores: IdeaScores;
};

export type IdeaVerdict = {
  status: 'scored' | 'rejected';
  ai_score: number;
  ai_feedback: IdeaFeedback;
  final_score: number | null;
};

/**
 * Stores the verdict while the idea still waits for one: a second run of the job (or one racing it) finds the idea
 * no longer `pending_review` and stores, and therefore notifies, nothing.
 */
export async function applyIdeaVerdict(db: Db, ideaId: number, verdict: IdeaVerdict, now: string): Promise<boolean> {
  const result = await db
    .updateTable('ideas')
    .set({ ...verdict, ai_feedback: JSON.stringify(verdict.ai_feedback), updated_at: now })
    .where('id', '=', ideaId)
    .where('status', '=', 'pending_review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After the last attempt failed: `error`, so the idea does not wait for a score forever. */
export async function markIdeaScoringFailed(db: Db, ideaId: number, now: string): Promise<void> {
  await db
    .updateTable('ideas')
    .set({ status: 'error', updated_at: now })
    .where('id', '=', ideaId)
    .where('status', '=', 'pending_review')
    .execute();
}
