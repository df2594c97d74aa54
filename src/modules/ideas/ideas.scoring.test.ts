import assert from 'node:assert/strict';
import { test } from 'node:test';
import { communityScore, finalScore, scoreBreakdown } from './ideas.scoring.ts';

test('final score is 0.4 × ai_score + 0.6 × clamp(50 + 5 × vote_total, 0, 100), rounded to 2 decimals', () => {
  assert.equal(finalScore(70, 0), 58);
  assert.equal(finalScore(70, 1), 61);
  assert.equal(finalScore(70, -3), 49);
  assert.equal(finalScore(82.5, 2), 69);
  assert.equal(finalScore(33.33, 0), 43.33);
  assert.equal(finalScore(66.67, 1), 59.67);
  // Exact halves round up; 0.4 × 0.3625 computed in binary floats is 0.14499…, which would round down.
  assert.equal(finalScore(0.3625, -10), 0.15);
  assert.equal(finalScore(0.0875, 1), 33.04);
  assert.equal(finalScore(12.345, 0), 34.94);
});

test('the community part is clamped at both ends', () => {
  assert.equal(finalScore(70, 10), 88);
  assert.equal(finalScore(70, 11), 88);
  assert.equal(finalScore(70, 500), 88);
  assert.equal(finalScore(70, -10), 28);
  assert.equal(finalScore(70, -11), 28);
  assert.equal(finalScore(70, -500), 28);
  assert.equal(finalScore(100, 10), 100);
  assert.equal(finalScore(0, -10), 0);
});

test('the breakdown shows the weights and parts that make the final score', () => {
  const breakdown = scoreBreakdown(70, 3);
  assert.deepEqual(
    { ...breakdown, formula: undefined },
    {
      ai_score: 70,
      ai_weight: 0.4,
      vote_total: 3,
      community_score: 65,
      community_weight: 0.6,
      final_score: 67,
      formula: undefined,
    },
  );
  assert.equal(breakdown.final_score, finalScore(70, 3));
  assert.equal(communityScore(-12), 0);
  assert.match(breakdown.formula, /0\.4 × AI score \+ 0\.6 × community score/);
});
