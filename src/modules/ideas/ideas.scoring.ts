/**
 * An idea's final score (docs/contract.md §4): 40 % the AI's score, 60 % the community's, where the community score
 * starts at 50 and moves 5 points per net vote, kept within 0–100. Rounded to 2 decimals; computed as
 * round(40a + 60c) / 100 so that binary fractions of 0.4 and 0.6 do not tip a half-cent the wrong way.
 */
export function finalScore(aiScore: number, voteTotal: number): number {
  const community = Math.min(100, Math.max(0, 50 + 5 * voteTotal));
  return Math.round(40 * aiScore + 60 * community) / 100;
}
