import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainMatch } from '../../src/modules/matching/reasoning.ts';
import { type Candidate, scoreCandidate, type TaskNeeds } from '../../src/modules/matching/scoring.ts';

const TASK: TaskNeeds = {
  id: 1,
  challengeId: 1,
  title: 'Build the booking API',
  estimatedHours: 20,
  requiredExperienceLevel: 'mid',
  skills: [{ id: 1, name: 'Node.js' }],
};

/** The strength naming Node.js when the CV's excerpt for it is `evidence`. */
function strengthFor(evidence: string): string {
  const candidate: Candidate = {
    volunteerId: 7,
    userId: 70,
    experienceLevel: 'mid',
    availabilityHours: 10,
    heldTaskHours: 0,
    reputation: 30,
    skills: new Map([[1, 'advanced']]),
    evidence: new Map([[1, evidence]]),
  };
  const match = scoreCandidate(TASK, candidate);
  assert.ok(match, 'expected an eligible candidate');
  const strength = explainMatch(TASK, match.score, match.factors).strengths.find((s) => s.startsWith('Has Node.js'));
  assert.ok(strength);
  return strength;
}

describe('the CV excerpt a match reasoning quotes', () => {
  it('is quoted whole, whitespace collapsed, up to 160 characters', () => {
    assert.ok(
      strengthFor('Built  the\nbooking\tAPI in Node.js').endsWith('The CV says: “Built the booking API in Node.js”'),
    );
  });

  it('is cut at the last word that fits in 160 characters, the word cut in half dropped', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '); // "word0 … word39", 269 characters
    const quote = strengthFor(words).split('The CV says: ')[1];
    // The first 160 characters end inside "word24"; the excerpt stops after "word23".
    assert.equal(quote, `“${words.slice(0, words.indexOf(' word24'))}…”`);
  });

  it('is cut at 160 characters when it has no space to cut at', () => {
    assert.ok(strengthFor('x'.repeat(300)).endsWith(`“${'x'.repeat(160)}…”`));
  });
});
