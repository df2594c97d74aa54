import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainEmptyCandidates } from '../../src/modules/matching/nobody-fits.ts';
import { explainMatch } from '../../src/modules/matching/reasoning.ts';
import {
  type Candidate,
  experienceFit,
  invitedOf,
  matchFactors,
  rankCandidates,
  scoreCandidate,
  type TaskNeeds,
  waitsBeside,
  weeklyHoursNeeded,
  worksInFieldOf,
} from '../../src/modules/matching/scoring.ts';

/** The pure scoring rules; the database side (eligibility, invitations) is in the other matching suites. */
const TASK: TaskNeeds = {
  id: 1,
  challengeId: 1,
  title: 'Build the booking API',
  estimatedHours: 20,
  requiredExperienceLevel: 'mid',
  skills: [
    { id: 1, name: 'Node.js' },
    { id: 2, name: 'PostgreSQL' },
    { id: 3, name: 'Docker' },
    { id: 4, name: 'REST APIs' },
  ],
};

function candidate(overrides: Partial<Candidate> = {}, skills: Array<[number, string]> = [[1, 'advanced']]): Candidate {
  return {
    volunteerId: 7,
    userId: 70,
    experienceLevel: 'mid',
    availabilityHours: 10,
    heldTaskHours: 0,
    reputation: 30,
    skills: new Map(skills),
    ...overrides,
  };
}

function scoreOf(c: Candidate, task: TaskNeeds = TASK): number {
  const match = scoreCandidate(task, c);
  assert.ok(match, 'expected an eligible candidate');
  return match.score;
}

/** Asserts that the scores never fall along the sequence and rise from its first to its last element. */
function assertRising(scores: number[], label: string): void {
  for (let i = 1; i < scores.length; i++) assert.ok(scores[i] >= scores[i - 1], `${label}: ${scores.join(' → ')}`);
  assert.ok(scores.at(-1)! > scores[0], `${label} should matter: ${scores.join(' → ')}`);
}

describe('match scoring', () => {
  it('spreads a task over four weeks to know the weekly hours it needs', () => {
    assert.equal(weeklyHoursNeeded(20), 5);
    assert.equal(weeklyHoursNeeded(40), 10);
    assert.equal(weeklyHoursNeeded(null), 5, 'a task without an estimate counts as 20 hours');
  });

  it('gives 100 to an expert with every skill, the level, twice the hours and a long record', () => {
    const skills: Array<[number, string]> = TASK.skills.map((skill) => [skill.id, 'expert']);
    assert.equal(
      scoreOf(candidate({ experienceLevel: 'senior', availabilityHours: 10, reputation: 1000 }, skills)),
      100,
    );
  });

  it('rises with each skill held and with the proficiency of a skill', () => {
    const held = (count: number) =>
      TASK.skills.slice(0, count).map((skill): [number, string] => [skill.id, 'advanced']);
    assertRising(
      [1, 2, 3, 4].map((count) => scoreOf(candidate({}, held(count)))),
      'skills held',
    );
    // On a junior task, where a beginner is eligible too.
    const junior = { ...TASK, requiredExperienceLevel: 'junior' };
    const levels = ['beginner', 'intermediate', 'advanced', 'expert'];
    assertRising(
      levels.map((level) => scoreOf(candidate({}, [[1, level]]), junior)),
      'proficiency',
    );
  });

  it('rises with experience up to the required level, and does not punish more', () => {
    const task = { ...TASK, requiredExperienceLevel: 'senior' };
    const levels = ['student', 'junior', 'mid', 'senior', 'expert'];
    assertRising(
      levels.map((level) => scoreOf(candidate({ experienceLevel: level }), task)),
      'experience',
    );
    assert.equal(experienceFit('senior', 'expert'), 1);
    assert.equal(experienceFit('senior', 'senior'), 1);
    assert.ok(experienceFit('senior', 'mid') < 1);
    assert.equal(experienceFit(null, 'student'), 1, 'no required level: everyone fits');
    assert.equal(experienceFit('mid', null), 0.5, 'an unknown level fits half-way');
  });

  it('rises with free hours, whether from availability or from a lighter load', () => {
    assertRising(
      [5, 6, 8, 10].map((hours) => scoreOf(candidate({ availabilityHours: hours }))),
      'availability',
    );
    // 15 hours a week; holding a 40-hour task costs 10 of them.
    assertRising(
      [40, 20, 0].map((held) => scoreOf(candidate({ availabilityHours: 15, heldTaskHours: held }))),
      'load',
    );
  });

  it('rises with reputation on a log scale, capped', () => {
    assertRising(
      [0, 10, 100, 1000].map((reputation) => scoreOf(candidate({ reputation }))),
      'reputation',
    );
    assert.equal(scoreOf(candidate({ reputation: 1000 })), scoreOf(candidate({ reputation: 50_000 })), 'capped');
    const first = scoreOf(candidate({ reputation: 100 })) - scoreOf(candidate({ reputation: 0 }));
    const later = scoreOf(candidate({ reputation: 1000 })) - scoreOf(candidate({ reputation: 900 }));
    assert.ok(first > later, 'the first points weigh more than later ones');
  });

  it('leaves out whoever holds none of the skills or has fewer free hours than the task needs', () => {
    assert.equal(scoreCandidate(TASK, candidate({}, [[99, 'expert']])), null, 'no required skill');
    assert.equal(scoreCandidate(TASK, candidate({ availabilityHours: 4.9 })), null, 'needs 5 hours a week');
    assert.ok(scoreCandidate(TASK, candidate({ availabilityHours: 5 })), 'exactly enough hours');
    assert.equal(
      scoreCandidate(TASK, candidate({ availabilityHours: 12, heldTaskHours: 40 })),
      null,
      '12 hours less 10 for the task held',
    );
  });

  it('ranks the eligible candidates at or above the minimum, best first, ties by reputation then profile age', () => {
    const all: Array<[number, string]> = TASK.skills.map((skill) => [skill.id, 'expert']);
    const best = candidate({ volunteerId: 3 }, all);
    const tieOlder = candidate({ volunteerId: 4, reputation: 31 }, [[1, 'advanced']]);
    const tieNewer = candidate({ volunteerId: 5, reputation: 31 }, [[1, 'advanced']]);
    const ineligible = candidate({ volunteerId: 6, availabilityHours: 1 }, all);
    const ranked = rankCandidates(TASK, [tieNewer, ineligible, tieOlder, best], 0);
    assert.deepEqual(
      ranked.map((match) => match.candidate.volunteerId),
      [3, 4, 5],
    );
    const cut = rankCandidates(TASK, [tieNewer, best], scoreOf(best));
    assert.deepEqual(
      cut.map((match) => match.candidate.volunteerId),
      [3],
    );
  });

  it('explains the score truthfully: a sentence per factor, held skills as strengths, missing ones as gaps', () => {
    const c = candidate({ experienceLevel: 'junior', reputation: 250 }, [
      [1, 'expert'],
      [2, 'beginner'],
    ]);
    const match = scoreCandidate(TASK, c)!;
    const reasoning = explainMatch(TASK, match.score, match.factors);
    assert.equal(reasoning.skill_match_percentage, 50);
    assert.match(reasoning.summary, new RegExp(`^Match score ${match.score}/100 for "Build the booking API"\\.`));
    for (const factor of ['Skills', 'Experience', 'Availability', 'Reputation']) {
      assert.match(reasoning.summary, new RegExp(`${factor} [\\d.]+/\\d+: `), factor);
    }
    assert.match(
      reasoning.summary,
      /2 of 4 required skills \(Node\.js at expert level, PostgreSQL at beginner level\)/,
    );
    assert.match(reasoning.summary, /Missing: Docker, REST APIs\./);
    assert.ok(reasoning.strengths.includes('Has Node.js at expert level.'));
    assert.ok(
      reasoning.gaps.includes(
        'Has PostgreSQL at beginner level, which alone does not make a fit (intermediate or above is asked for).',
      ),
      'a skill held below the level the task asks for is a gap, not a strength',
    );
    assert.ok(reasoning.strengths.some((s) => s.includes('250 points')));
    assert.ok(reasoning.gaps.includes('Does not list Docker.'));
    assert.ok(reasoning.gaps.includes('Does not list REST APIs.'));
    assert.ok(reasoning.gaps.includes('Junior level is below the mid level asked for.'));
    assert.ok(!reasoning.strengths.some((s) => /Docker|REST/.test(s)), 'no missing skill among the strengths');

    // The points the summary names add up to the score.
    const named = [...reasoning.summary.matchAll(/ ([\d.]+)\/\d+: /g)].map((m) => Number(m[1]));
    assert.equal(named.length, 4);
    assert.ok(Math.abs(named.reduce((a, b) => a + b, 0) - match.score) <= 0.5, reasoning.summary);
  });

  it('makes a fit of a required skill held at the level the task asks for, and of nothing less', () => {
    assert.equal(scoreCandidate(TASK, candidate({}, [[1, 'beginner']])), null, 'beginner on a mid-level task');
    assert.ok(scoreCandidate({ ...TASK, requiredExperienceLevel: 'junior' }, candidate({}, [[1, 'beginner']])));
    assert.equal(
      scoreCandidate({ ...TASK, requiredExperienceLevel: 'expert' }, candidate({}, [[1, 'intermediate']])),
      null,
      'an expert task wants someone advanced',
    );
    const soft: TaskNeeds = { ...TASK, skills: [...TASK.skills, { id: 5, name: 'Communication', category: 'soft' }] };
    assert.equal(scoreCandidate(soft, candidate({}, [[5, 'expert']])), null, 'a soft skill alone');
    assert.ok(
      scoreCandidate(
        soft,
        candidate({}, [
          [5, 'expert'],
          [1, 'intermediate'],
        ]),
      ),
    );
  });

  it('makes no fit of a supporting skill alone, however well held, but counts it for someone who fits', () => {
    const task: TaskNeeds = {
      ...TASK,
      skills: [
        { id: 1, name: 'Node.js' },
        { id: 6, name: 'Report writing', core: false },
      ],
    };
    const writer = candidate({}, [[6, 'expert']]);
    assert.equal(scoreCandidate(task, writer), null, 'a supporting skill alone');
    const factors = matchFactors(task, writer);
    assert.deepEqual(
      factors.matchedSkills.map((skill) => [skill.name, skill.fits]),
      [['Report writing', false]],
    );
    const developer = candidate({}, [[1, 'intermediate']]);
    const both = candidate({}, [
      [1, 'intermediate'],
      [6, 'expert'],
    ]);
    assert.ok(scoreOf(both, task) > scoreOf(developer, task), 'the supporting skill still adds to the score');
    assert.ok(scoreCandidate({ ...task, skills: [{ id: 6, name: 'Report writing', core: true }] }, writer));
  });

  it('raises the score of someone who fits for each neighbouring skill they hold (three at most), fitting nobody alone', () => {
    const task: TaskNeeds = { ...TASK, neighbours: new Set([21, 22, 23, 24]) };
    const scores = [0, 1, 2, 3].map((n) =>
      scoreOf(
        candidate({}, [[1, 'intermediate'], ...[21, 22, 23].slice(0, n).map((id): [number, string] => [id, 'expert'])]),
        task,
      ),
    );
    assertRising(scores, 'neighbours held');
    const four = candidate({}, [
      [1, 'intermediate'],
      [21, 'expert'],
      [22, 'expert'],
      [23, 'expert'],
      [24, 'expert'],
    ]);
    assert.equal(scoreOf(four, task), scores[3], 'a fourth neighbour adds nothing');
    assert.equal(matchFactors(task, four).neighbourSkills, 3);
    assert.equal(
      scoreCandidate(
        task,
        candidate({}, [
          [21, 'expert'],
          [22, 'expert'],
          [23, 'expert'],
        ]),
      ),
      null,
    );
    assert.equal(scoreOf(candidate({}, [[1, 'intermediate']]), TASK), scores[0], 'no neighbours on the task');
    const reasoning = explainMatch(task, scores[3], matchFactors(task, four));
    assert.match(reasoning.summary, /and 3 other skills of the same field of work/);
    assert.ok(reasoning.strengths.includes('Also holds 3 other skills of the same field of work.'));
  });

  it('names only the skills that can make someone fit when nobody does', () => {
    const task: TaskNeeds = {
      ...TASK,
      skills: [
        { id: 1, name: 'Node.js' },
        { id: 6, name: 'Report writing', core: false },
        { id: 5, name: 'Communication', category: 'soft' },
      ],
    };
    const writer = candidate({}, [[6, 'expert']]);
    const message = explainEmptyCandidates({
      task,
      pool: [writer],
      eligible: 0,
      invitable: 0,
      minimumScore: 60,
      othersOnTask: false,
    });
    assert.equal(message, 'No contributor holds Node.js at intermediate level or above.');
  });

  it('lets the key skill held at a working level reach the invitation threshold, with the hours and the level', () => {
    // One of four skills at intermediate level, a mid-level contributor with twice the hours needed and no
    // reputation yet: a recruiter would call them; the default minimum score (60) must too.
    const newcomer = candidate({ reputation: 0, availabilityHours: 10 }, [[1, 'intermediate']]);
    assert.ok(scoreOf(newcomer) >= 60, String(scoreOf(newcomer)));
    const beginnerJunior = candidate({ reputation: 0, availabilityHours: 10 }, [[1, 'beginner']]);
    assert.ok(
      scoreOf(beginnerJunior, { ...TASK, requiredExperienceLevel: 'junior' }) < 60,
      'a beginner alone ranks below',
    );
  });

  it('counts a narrower skill for the broader one it satisfies, with its evidence', () => {
    const task: TaskNeeds = {
      ...TASK,
      skills: [
        {
          id: 10,
          name: 'SQL',
          narrower: [
            { id: 11, name: 'PostgreSQL' },
            { id: 12, name: 'MySQL' },
          ],
        },
      ],
    };
    const c = candidate({ evidence: new Map([[11, 'Tuned PostgreSQL queries for a 2 TB database.']]) }, [
      [12, 'intermediate'],
      [11, 'advanced'],
    ]);
    const match = scoreCandidate(task, c)!;
    assert.deepEqual(match.factors.matchedSkills, [
      {
        name: 'SQL',
        proficiency: 'advanced',
        via: 'PostgreSQL',
        evidence: 'Tuned PostgreSQL queries for a 2 TB database.',
        fits: true,
      },
    ]);
    const reasoning = explainMatch(task, match.score, match.factors);
    assert.deepEqual(reasoning.matched_skills, [
      {
        name: 'SQL',
        proficiency: 'advanced',
        via: 'PostgreSQL',
        evidence: 'Tuned PostgreSQL queries for a 2 TB database.',
      },
    ]);
    assert.ok(reasoning.strengths[0].startsWith('Has SQL (as PostgreSQL) at advanced level. The CV says: “Tuned'));
  });

  it('scores the same facts the same way every time', () => {
    const c = candidate({}, [
      [1, 'advanced'],
      [3, 'intermediate'],
    ]);
    assert.deepEqual(matchFactors(TASK, c), matchFactors(TASK, c));
    assert.equal(scoreOf(c), scoreOf(c));
  });

  it('asks for the level the company set on a skill instead of the one the task level implies (issue 12)', () => {
    const advancedInNode = candidate({}, [[1, 'advanced']]);
    assert.ok(scoreCandidate(TASK, advancedInNode), 'a mid-level task takes intermediate and above');
    const expertNode = { ...TASK, skills: [{ id: 1, name: 'Node.js', level: 'expert' }] };
    assert.equal(scoreCandidate(expertNode, advancedInNode), null, 'Node.js asked at expert: advanced does not fit');
    assert.ok(scoreCandidate(expertNode, candidate({}, [[1, 'expert']])));
    const beginnerNode = { ...TASK, skills: [{ id: 1, name: 'Node.js', level: 'beginner' }] };
    assert.ok(scoreCandidate(beginnerNode, candidate({}, [[1, 'beginner']])), 'asked at beginner: a beginner fits');
    assert.equal(scoreCandidate(TASK, candidate({}, [[1, 'beginner']])), null);
  });

  it('invites those who work in the field of the skill they fit by first, without changing scores or eligibility', () => {
    // A data-analysis task: a finance CV that names the skill once ranks after a data CV holding it a level lower.
    const task: TaskNeeds = {
      ...TASK,
      requiredExperienceLevel: 'senior',
      skills: [
        { id: 1, name: 'Data analysis', fields: ['data'] },
        { id: 2, name: 'Report writing', fields: ['communications'], core: false },
      ],
    };
    const auditor = candidate({ volunteerId: 3, fields: new Set(['finance']) }, [[1, 'advanced']]);
    const analyst = candidate({ volunteerId: 4, fields: new Set(['data', 'software']) }, [[1, 'intermediate']]);
    const manual = candidate({ volunteerId: 5, reputation: 0 }, [[1, 'intermediate']]);
    assert.ok(scoreOf(auditor, task) > scoreOf(analyst, task), 'the auditor scores higher on the facts alone');
    assert.equal(worksInFieldOf(task, auditor), false);
    assert.equal(worksInFieldOf(task, analyst), true);
    assert.equal(worksInFieldOf(task, manual), true, 'no analysed CV: the field is unknown, nobody is put back');
    assert.deepEqual(
      rankCandidates(task, [auditor, analyst, manual], 0).map((match) => [match.candidate.volunteerId, match.ownField]),
      [
        [4, true],
        [5, true],
        [3, false],
      ],
    );
    assert.equal(scoreCandidate(task, auditor)?.score, scoreOf(auditor, task), 'the score is the same');
    // Only a core skill held at the task's level counts: a supporting skill of their field does not.
    const writer = candidate({ fields: new Set(['communications']) }, [
      [1, 'advanced'],
      [2, 'expert'],
    ]);
    assert.equal(worksInFieldOf(task, writer), false);
    assert.equal(worksInFieldOf(task, candidate({ fields: new Set(['data']) }, [[1, 'beginner']])), false);
    // Through a narrower skill, the required skill's fields decide; a skill without fields is nobody's to judge.
    const sql: TaskNeeds = {
      ...TASK,
      skills: [{ id: 1, name: 'SQL', fields: ['data', 'software'], narrower: [{ id: 9, name: 'PostgreSQL' }] }],
    };
    assert.equal(worksInFieldOf(sql, candidate({ fields: new Set(['software']) }, [[9, 'advanced']])), true);
    const ownWords: TaskNeeds = { ...TASK, skills: [{ id: 1, name: 'Sugar showpieces' }] };
    assert.equal(worksInFieldOf(ownWords, candidate({ fields: new Set(['hospitality']) }, [[1, 'advanced']])), true);
  });

  it('invites nobody from outside the field of the work beside people who work in it; outsiders alone are invited', () => {
    const task: TaskNeeds = { ...TASK, skills: [{ id: 1, name: 'Data analysis', fields: ['data'] }] };
    const analyst = candidate({ volunteerId: 4, fields: new Set(['data']) }, [[1, 'advanced']]);
    const auditor = candidate({ volunteerId: 3, fields: new Set(['finance']) }, [[1, 'expert']]);
    const lawyer = candidate({ volunteerId: 6, fields: new Set(['law']) }, [[1, 'advanced']]);
    const ranked = rankCandidates(task, [auditor, analyst, lawyer], 0);
    assert.deepEqual(
      ranked.map((match) => [match.candidate.volunteerId, match.ownField]),
      [
        [4, true],
        [3, false],
        [6, false],
      ],
      'all three are eligible and ranked as before',
    );
    assert.equal(waitsBeside(ranked[0]!, ranked[1]!), true);
    assert.deepEqual(
      invitedOf(ranked, 3).map((match) => match.candidate.volunteerId),
      [4],
      'the two places beside the analyst stay open',
    );
    // Nobody of the trade: the outsiders are invited, best first, up to the places.
    const outsiders = rankCandidates(task, [auditor, lawyer], 0);
    assert.deepEqual(
      invitedOf(outsiders, 3).map((match) => match.candidate.volunteerId),
      [3, 6],
    );
    assert.deepEqual(invitedOf([], 3), []);
  });
});
