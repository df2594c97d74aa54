import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ownWordsReader } from '../../src/ai/cv/listed-skills.ts';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import type { CvSkillResult } from '../../src/ai/cv/schema.ts';
import { rankSkills, type SkillEvidence } from '../../src/ai/cv/skills.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Skills a CV lists in words the taxonomy does not know (src/ai/cv/listed-skills.ts): the items of its skills and
 * certifications lists are kept under the CV's own words, with their level, years and excerpt, and without a category;
 * what is no skill (ratings, dates, headings, details of a credential, sentences) and what the person does not hold
 * (negated, still learning) is left out, and so is every item of experience bullets — except a camel-case tool
 * named after a word of use (src/ai/cv/named-tools.ts).
 */
const taxonomy = loadTaxonomy();

const PROP_MAKER = `Sam Carver
Theatre Prop Maker
sam.carver@example.org

Summary
Prop maker for regional theatres.

Experience
Prop Maker, Riverside Playhouse Ltd
March 2018 – present
- Built props for 30 productions with carpentry, welding and scenic painting
- Resin casting of armour, quick-change rigs and breakaway furniture

Skills
Carpentry, Welding, Scenic painting, Budgeting
Stage blood recipes, foam carving (expert), prop weathering – 6 years
Technique | Level
Latex mask casting | Advanced
No experience with animatronics
Currently learning: puppet mechanisms
Spanish (fluent)
I am a quick learner
Design
Level 3, basic scripts, Other

Certifications
Lantern rigging certificate, renewed 2024
Full UK driving licence, own car
`;

function analysed(text: string): CvSkillResult[] {
  return analyzeCv({ text, asOf: '2026-11-01' }, taxonomy).skills;
}

const ownWords = (skills: CvSkillResult[]) => skills.filter((skill) => skill.category === null);

describe('CV skills in the CV’s own words', () => {
  const skills = analysed(PROP_MAKER);
  const byName = new Map(skills.map((skill) => [skill.name, skill]));

  test('keeps the items of skills and certifications lists the taxonomy does not know, capitalised, without category', () => {
    assert.deepEqual(
      ownWords(skills)
        .map((skill) => skill.name)
        .sort(),
      ['Foam carving', 'Lantern rigging certificate', 'Latex mask casting', 'Prop weathering', 'Stage blood recipes'],
    );
    for (const name of ['Foam carving', 'Stage blood recipes']) assert.equal(taxonomy.resolve(name), undefined);
    assert.equal(byName.get('Carpentry')?.category, 'technical', 'a known skill keeps its category');
  });

  test('reads a level or years beside the item, and a table row’s level cell', () => {
    assert.equal(byName.get('Foam carving')?.proficiency_level, 'expert');
    assert.deepEqual(
      {
        level: byName.get('Prop weathering')?.proficiency_level,
        years: byName.get('Prop weathering')?.years_of_experience,
      },
      { level: 'advanced', years: 6 },
    );
    assert.equal(byName.get('Latex mask casting')?.proficiency_level, 'advanced');
    assert.equal(byName.get('Stage blood recipes')?.proficiency_level, 'intermediate');
  });

  test('keeps the CV line each came from as its excerpt', () => {
    assert.equal(
      byName.get('Foam carving')?.evidence,
      'Stage blood recipes, foam carving (expert), prop weathering – 6 years',
    );
    assert.equal(byName.get('Latex mask casting')?.evidence, 'Latex mask casting | Advanced');
    assert.equal(byName.get('Lantern rigging certificate')?.evidence, 'Lantern rigging certificate, renewed 2024');
  });

  test('leaves out what the person does not hold: negated, still learning', () => {
    const names = skills.map((skill) => skill.name.toLowerCase()).join(' · ');
    assert.doesNotMatch(names, /animatronics|puppet/);
  });

  test('leaves out what is no skill: table heads, ratings, numbers, labels, sentences, a credential’s details', () => {
    const names = new Set(ownWords(skills).map((skill) => skill.name.toLowerCase()));
    for (const junk of ['technique', 'level', 'level 3', 'basic scripts', 'other', 'design', 'renewed', 'own car']) {
      assert.equal(names.has(junk), false, junk);
    }
    assert.equal(
      [...names].some((name) => name.includes('learner')),
      false,
      'a sentence is no skill',
    );
    assert.equal(byName.get('Spanish')?.category, 'language', 'a language with a level stays a language');
  });

  test('takes nothing from experience bullets', () => {
    const fromJobs = ownWords(skills).filter((skill) => /resin|armour|rigs|furniture/i.test(skill.name));
    assert.deepEqual(fromJobs, []);
    assert.deepEqual(
      ownWords(
        analysed(
          'Experience\nProp Maker, Riverside Playhouse\n- Resin casting, quick-change rigs, breakaway furniture\n',
        ),
      ),
      [],
    );
  });

  test('is deterministic', () => {
    assert.deepEqual(analysed(PROP_MAKER), skills);
  });
});

describe('tools named in running text', () => {
  const SCENIC_ARTIST = `Robin Hale
Scenic Artist

Experience
Scenic Artist, Northgate Theatre
March 2019 – present
- Track paint stock in PropTrakker and order from the supplier
- The StageDesk rota app was adopted across the workshop in 2021
- Weekly meetings with McAllister and in London with the design team
`;
  const names = ownWords(analysed(SCENIC_ARTIST)).map((skill) => skill.name);

  test('keeps a camel-case tool named after a word of use in an experience bullet, and no other capitalised word', () => {
    assert.deepEqual(names, ['PropTrakker']);
  });

  test('keeps the bullet it came from as its excerpt', () => {
    const tool = analysed(SCENIC_ARTIST).find((skill) => skill.name === 'PropTrakker');
    assert.equal(tool?.evidence, 'Track paint stock in PropTrakker and order from the supplier');
  });
});

describe('ranking skills in the CV’s own words', () => {
  const entry = (name: string, category: SkillEvidence['skill']['category'], order: number): SkillEvidence => ({
    skill: { name, slug: name.toLowerCase(), category, fields: [] },
    mentions: 1,
    firstSeen: order,
    rating: category === null ? 'expert' : null,
    statedYears: null,
    jobs: new Set(),
    sections: new Set(['skills']),
    studied: false,
    excerpt: name,
    excerptStrength: 1,
  });
  const evidence = (known: number) =>
    new Map(
      [
        entry('Stage blood recipes', null, 0),
        ...Array.from({ length: known }, (_, k) => entry(`Known skill ${k}`, 'technical', k + 1)),
      ].map((found) => [found.skill.slug, found]),
    );

  test('a listed item, however rated, takes only a place no taxonomy skill needs', () => {
    assert.equal(rankSkills(evidence(39), [], 0).length, 40);
    assert.equal(rankSkills(evidence(39), [], 0)[0]?.name, 'Stage blood recipes', 'ranked by its weight among them');
    const full = rankSkills(evidence(40), [], 0);
    assert.equal(full.length, 40);
    assert.equal(
      full.some((skill) => skill.name === 'Stage blood recipes'),
      false,
    );
  });
});

describe('the rule for any provider’s skill the taxonomy does not know', () => {
  const keep = ownWordsReader(PROP_MAKER, taxonomy);

  test('keeps a name the CV writes, as a profile shows it', () => {
    assert.equal(keep('foam carving'), 'Foam carving');
    assert.equal(keep('Latex mask casting'), 'Latex mask casting');
  });

  test('drops a name the CV does not write, one split over lines, and one a listed item could not be', () => {
    assert.equal(keep('Puppet design'), null);
    assert.equal(keep('Foam casting'), null, 'words of two lines');
    assert.equal(keep('Renewed'), null);
    assert.equal(keep('I am a quick learner'), null);
    assert.equal(keep('Level 3'), null);
  });
});
