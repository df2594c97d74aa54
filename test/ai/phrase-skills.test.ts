import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findPhrasedSkills, verbNouns } from '../../src/ai/taxonomy/skill-phrasings.ts';
import { parseText } from '../../src/ai/taxonomy/text-parser.ts';

// A stand-in for taxonomy.resolve: the phrases a taxonomy names skills with, and nothing else.
const SKILLS = [
  'budget management',
  'record keeping',
  'lesson planning',
  'subcontractor management',
  'mental capacity assessment',
  'team leadership',
  'retaining wall design',
  'teaching',
  'negotiation',
  'recruitment',
  'acting',
  'directing',
  'legislative drafting',
  'bill drafting',
];
const resolve = (term: string) => (SKILLS.includes(term.toLowerCase()) ? term.toLowerCase() : undefined);
const found = (text: string) => findPhrasedSkills(parseText(text), resolve).map((skill) => skill.skill);

describe('skills written as what the person did', () => {
  test('a verb and its object are read as the skill they name', () => {
    assert.deepEqual(found('Managed budgets of £2m across three sites.'), ['budget management']);
    assert.deepEqual(found('- Kept accurate records for every resident.'), ['record keeping']);
    assert.deepEqual(found('I led a team of twelve carers.'), ['team leadership']);
    assert.deepEqual(found('Responsible for designing retaining walls.'), ['retaining wall design']);
  });

  test('coordinated verbs share their object', () => {
    assert.deepEqual(found('Planned and delivered lessons for Year 4.'), ['lesson planning']);
  });

  test('a noun and what it is of are read turned round', () => {
    assert.deepEqual(found('Day-to-day management of subcontractors on site.'), ['subcontractor management']);
    assert.deepEqual(found('- Assessment of mental capacity and safeguarding referrals.'), [
      'mental capacity assessment',
    ]);
  });

  test("a verb alone counts when it is the person's own action and its noun is a skill", () => {
    assert.deepEqual(found('- Teach skills drills to new midwives.'), ['teaching']);
    assert.deepEqual(found('Negotiated settlements with insurers.'), ['negotiation']);
    assert.deepEqual(found('We recruited volunteers every spring.'), ['recruitment']);
  });

  test('passive verbs, verbs of someone else and other senses of a noun name nothing', () => {
    assert.deepEqual(found('I was recruited to open the new branch.'), []);
    assert.deepEqual(found('Wrote instructions for counsel; the lawyers drafted the bill itself.'), []);
    assert.deepEqual(found('Acted as deputy manager and directed the night shift.'), []);
    assert.deepEqual(found('Taught myself Python in the evenings.'), []);
    assert.deepEqual(found('The budget was managed by the finance team.'), []);
    // A verb in a hyphenated compound is an adjective, but a dash with spaces opens a clause.
    assert.deepEqual(found('Injections are given by the consultant-taught team.'), []);
    assert.deepEqual(found('Ward work - taught skills drills to new midwives.'), ['teaching']);
  });

  test('nouns of a verb follow the regular suffixes and the usual exceptions', () => {
    for (const [verb, noun] of [
      ['coordinate', 'coordination'],
      ['install', 'installation'],
      ['manage', 'management'],
      ['plan', 'planning'],
      ['supervise', 'supervision'],
      ['prepare', 'preparation'],
      ['analyse', 'analysis'],
      ['lead', 'leadership'],
      ['keep', 'keeping'],
    ]) {
      assert.ok(verbNouns(verb).includes(noun), `${verb} → ${noun}`);
    }
  });
});
