import { type IdeaScoring, ideaScoringStage } from '../../ai/idea/index.ts';
import { AnalysisLimitError } from '../../ai/stage.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { recordIdeaEvent } from '../../modules/ideas/idea-events.ts';
import {
  applyIdeaVerdict,
  findIdeaToScore,
  type IdeaToScore,
  type IdeaVerdict,
  markIdeaScoringFailed,
} from '../../modules/ideas/idea-scoring.repository.ts';
import { finalScore } from '../../modules/ideas/ideas.scoring.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { clawBackIdeaReputation } from '../../modules/reputation/reputation.ts';

/**
 * `idea.score` (docs/contract.md §6.7): spam → `rejected`, and the points the idea earned its author taken back
 * (§7); otherwise `scored` with `ai_score`, `ai_feedback` and `final_score`, the author told (`idea_scored`) and the
 * challenge's company too (`new_idea`). The stage runs outside the transaction; the verdict, the claw-back and the
 * notifications are written together, once. Returns whether it wrote.
 */
export async function scoreIdea(deps: AppDeps, ideaId: number): Promise<boolean> {
  const idea = await findIdeaToScore(deps.db, ideaId);
  if (!idea) return false;
  let output: IdeaScoring;
  try {
    ({ output } = await deps.ai.run(ideaScoringStage, {
      challenge: {
        title: idea.challenge_title,
        description: idea.challenge_description,
        refined_brief: idea.challenge_refined_brief,
        judging_criteria: idea.challenge_judging_criteria,
      },
      idea: { title: idea.title, description: idea.description },
    }));
  } catch (error) {
    // The same idea would overrun its deadline or memory again: `error` now, as after the last failed attempt.
    if (!(error instanceof AnalysisLimitError)) throw error;
    await failIdeaScoring(deps, ideaId);
    return true;
  }
  const verdict = verdictOf(output, idea.vote_total);

  return deps.db.transaction().execute(async (trx) => {
    if (!(await applyIdeaVerdict(trx, ideaId, verdict, new Date().toISOString()))) return false;
    if (verdict.status === 'rejected') await clawBackIdeaReputation(trx, idea.volunteer_id, idea.id);
    await recordIdeaEvent(trx, 'idea.scored', idea.id);
    await notifyParties(trx, idea, verdict);
    return true;
  });
}

export async function failIdeaScoring(deps: AppDeps, ideaId: number): Promise<void> {
  await markIdeaScoringFailed(deps.db, ideaId, new Date().toISOString());
}

/**
 * The stored verdict. `ai_feedback` has the contract's shape; for spam its summary is the reason, which is what the
 * author needs to read. A rejected idea gets no final score: it is never ranked or voted on.
 */
function verdictOf(output: IdeaScoring, voteTotal: number): IdeaVerdict {
  const spam = output.is_spam;
  const aiScore = spam ? 0 : output.ai_score;
  return {
    status: spam ? 'rejected' : 'scored',
    ai_score: aiScore,
    ai_feedback: {
      summary: spam ? (output.spam_reason ?? output.summary) : output.summary,
      strengths: output.strengths,
      weaknesses: output.weaknesses,
      suggestions: output.suggestions,
      scores: output.scores,
    },
    final_score: spam ? null : finalScore(aiScore, voteTotal),
  };
}

/**
 * A scored idea is news for its author and for the company; a rejected one only for its author, who is told why
 * (with the same notification type: it is the outcome of the scoring they are waiting for).
 */
async function notifyParties(db: Db, idea: IdeaToScore, verdict: IdeaVerdict): Promise<void> {
  const actionUrl = `/challenges/${idea.challenge_id}`;
  const data = { challenge_id: idea.challenge_id, idea_id: idea.id };
  const title = `"${idea.title}"`;
  if (verdict.status === 'rejected') {
    await notify(db, {
      userId: idea.author_user_id,
      type: 'idea_scored',
      title: 'Idea not accepted',
      message: `Your idea ${title} was not accepted: ${verdict.ai_feedback.summary}`,
      actionUrl,
      data,
    });
    return;
  }
  await notify(db, {
    userId: idea.author_user_id,
    type: 'idea_scored',
    title: 'Idea scored',
    message: `Your idea ${title} was scored ${Math.round(verdict.ai_score)} out of 100. It is now open for votes.`,
    actionUrl,
    data,
  });
  await notify(db, {
    userId: idea.company_user_id,
    type: 'new_idea',
    title: 'New idea',
    message: `A new idea, ${title}, was posted on your challenge "${idea.challenge_title}".`,
    actionUrl,
    data,
  });
}
