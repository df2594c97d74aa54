import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreBandMultiplier } from './reputation.ts';

test('task points follow the challenge score bands of contract §7', () => {
  const expected: Array<[number | null, number]> = [
    [1, 0.5],
    [2, 0.5],
    [3, 0.75],
    [4, 0.75],
    [5, 1],
    [6, 1],
    [7, 1.25],
    [8, 1.25],
    [9, 1.5],
    [10, 2],
    [null, 1],
  ];
  for (const [score, multiplier] of expected) assert.equal(scoreBandMultiplier(score), multiplier, `score ${score}`);
  assert.equal(Math.round(25 * scoreBandMultiplier(3)), 19);
});
