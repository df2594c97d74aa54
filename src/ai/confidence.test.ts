import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type BriefReading,
  briefAdvice,
  briefCeiling,
  type CvReading,
  cvAdvice,
  cvCeiling,
  honestConfidence,
  isLowConfidence,
  LOW_CONFIDENCE,
  wordCount,
} from './confidence.ts';

const RICH_CV: CvReading = { skills: 12, jobs: 3, datedJobs: 3, degrees: 1 };
const RICH_BRIEF: BriefReading = { words: 250, objectives: 3, successCriteria: 2, tasks: 8 };

describe('honest confidence of a CV analysis', () => {
  it('keeps a rich CV high: the provider’s own figure stands', () => {
    assert.equal(cvCeiling(RICH_CV), 100);
    assert.equal(honestConfidence(88, cvCeiling(RICH_CV)), 88);
    assert.equal(cvAdvice(88, RICH_CV), null);
  });

  it('makes few skills low, however sure the provider is', () => {
    for (const skills of [0, 1, 2, 3, 4]) {
      const figure = honestConfidence(95, cvCeiling({ ...RICH_CV, skills }));
      assert.ok(isLowConfidence(figure), `${skills} skills gave ${figure}`);
    }
    assert.ok(!isLowConfidence(honestConfidence(95, cvCeiling({ ...RICH_CV, skills: 5 }))));
  });

  it('makes no work history, or jobs without dates, low; a student’s degree stands in for jobs', () => {
    assert.ok(isLowConfidence(honestConfidence(95, cvCeiling({ ...RICH_CV, jobs: 0, datedJobs: 0, degrees: 0 }))));
    assert.ok(isLowConfidence(honestConfidence(95, cvCeiling({ ...RICH_CV, datedJobs: 0 }))));
    assert.equal(honestConfidence(95, cvCeiling({ ...RICH_CV, jobs: 0, datedJobs: 0 })), LOW_CONFIDENCE);
  });

  it('never rises when a reading shrinks (monotone in every reading)', () => {
    const counts = [0, 1, 2, 3, 4, 5, 6, 8, 12];
    for (const key of ['skills', 'jobs', 'datedJobs', 'degrees'] as const) {
      for (const base of [RICH_CV, { skills: 3, jobs: 1, datedJobs: 0, degrees: 0 }]) {
        const ceilings = counts.map((n) => cvCeiling({ ...base, [key]: n }));
        for (let i = 1; i < ceilings.length; i++) {
          assert.ok(ceilings[i] >= ceilings[i - 1], `${key}: ${counts[i - 1]}→${counts[i]} gave ${ceilings}`);
        }
      }
    }
  });

  it('says in plain words what was found and what to check', () => {
    assert.equal(
      cvAdvice(45, { skills: 3, jobs: 0, datedJobs: 0 }),
      'We found only 3 skills and no work history in your CV — check the skills on your profile and add missing ones, and make ' +
        'sure your CV lists your jobs with when each began and ended (month and year).',
    );
    assert.equal(
      cvAdvice(40, { skills: 1, jobs: 2, datedJobs: 0 }),
      'We found only 1 skill and no dates for your jobs in your CV — check the skills on your profile and add missing ones, and ' +
        'make sure your CV lists your jobs with when each began and ended (month and year).',
    );
    assert.equal(
      cvAdvice(60, { skills: 4, jobs: 2, datedJobs: 2 }),
      'We found only 4 skills in your CV — check the skills on your profile and add missing ones.',
    );
    // Low for reasons the counts do not show (a model unsure of garbled text): still says what to check.
    assert.match(
      cvAdvice(50, { skills: 9, jobs: 2, datedJobs: 2 }) ?? '',
      /check the skills and work history on your profile/,
    );
    assert.equal(cvAdvice(null, { skills: 0, jobs: 0, datedJobs: 0 }), null, 'no figure, no advice');
  });
});

describe('honest confidence of a brief analysis', () => {
  it('keeps a rich brief high', () => {
    assert.equal(briefCeiling(RICH_BRIEF), 100);
    assert.equal(briefCeiling({ ...RICH_BRIEF, tasks: null }), 100);
    assert.equal(briefAdvice(90, RICH_BRIEF), null);
  });

  it('makes little text, no goals, or few tasks low', () => {
    for (const thin of [
      { words: 25 },
      { words: 45 },
      { objectives: 0, successCriteria: 0 },
      { tasks: 3 },
      { tasks: 1 },
    ]) {
      const figure = honestConfidence(95, briefCeiling({ ...RICH_BRIEF, ...thin }));
      assert.ok(isLowConfidence(figure), `${JSON.stringify(thin)} gave ${figure}`);
    }
  });

  it('never rises when a reading shrinks (monotone in every reading)', () => {
    const counts = [0, 1, 2, 3, 4, 5, 10, 30, 59, 60, 61, 119, 120, 400];
    for (const key of ['words', 'objectives', 'successCriteria', 'tasks'] as const) {
      const ceilings = counts.map((n) => briefCeiling({ ...RICH_BRIEF, words: 40, [key]: n }));
      for (let i = 1; i < ceilings.length; i++) {
        assert.ok(ceilings[i] >= ceilings[i - 1], `${key}: ${counts[i - 1]}→${counts[i]} gave ${ceilings}`);
      }
    }
  });

  it('says what to check: the short text, the missing goals, the few tasks', () => {
    assert.equal(
      briefAdvice(45, { words: 38, objectives: 1, successCriteria: 0, tasks: 2 }),
      'The brief is short (38 words), it states no success criteria and only 2 tasks could be taken from it. Check ' +
        'the tasks against what you need and correct, add or remove them; a longer brief that says what a good ' +
        'result looks like is understood better.',
    );
    assert.match(
      briefAdvice(55, { words: 40, objectives: 0, successCriteria: 0, tasks: null }) ?? '',
      /Check the refined brief/,
    );
  });

  it('never raises the provider’s figure, and counts words by white space', () => {
    assert.equal(honestConfidence(30, 100), 30);
    assert.equal(honestConfidence(-4, 100), 0);
    assert.equal(wordCount('  Plan  the\nroute, then\tdrive it. '), 6);
  });
});
