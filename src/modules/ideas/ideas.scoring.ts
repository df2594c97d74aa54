/**
 * An idea's final score (docs/contract.md §4): 40 % the AI's score, 60 % the community's, where the community score
 * starts at 50 and moves 5 points per net vote, kept within 0–100. Rounded to 2 decimals; computed as
 * round(40a + 60c) / 100 so that binary fractions of 0.4 and 0.6 do not tip a half-cent the wrong way.
 */
const AI_PERCENT = 40;
const COMMUNITY_PERCENT = 60;
const COMMUNITY_START = 50;
const POINTS_PER_VOTE = 5;

export function communityScore(voteTotal: number): number {
  return Math.min(100, Math.max(0, COMMUNITY_START + POINTS_PER_VOTE * voteTotal));
}

export function finalScore(aiScore: number, voteTotal: number): number {
  return Math.round(AI_PERCENT * aiScore + COMMUNITY_PERCENT * communityScore(voteTotal)) / 100;
}

const SCORE_FORMULA =
  `final score = ${AI_PERCENT / 100} × AI score + ${COMMUNITY_PERCENT / 100} × community score, where community ` +
  `score = ${COMMUNITY_START} + ${POINTS_PER_VOTE} × (votes up − votes down), kept within 0–100`;

/** How a scored idea's final score is made, for the idea's API view and its page (`score_breakdown`). */
export function scoreBreakdown(aiScore: number, voteTotal: number) {
  return {
    ai_score: aiScore,
    ai_weight: AI_PERCENT / 100,
    vote_total: voteTotal,
    community_score: communityScore(voteTotal),
    community_weight: COMMUNITY_PERCENT / 100,
    final_score: finalScore(aiScore, voteTotal),
    formula: SCORE_FORMULA,
  };
}
