import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { type PdfTextItem, pdfPageText } from '../../src/ai/text/readers.ts';
import { skillNamesOfCv } from '../helpers/cv-skills.ts';

/**
 * Skills a CV writes as what the person does to other people (docs/quality.md, "CV skills written as what the person
 * does", 2026-11-27): the object of a verb of training, mentoring, coaching or supervising. The CV lines here are this
 * file's own, not the development CVs'.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  skillNamesOfCv(['Sam Example', '', 'Experience', 'Team Leader — Northgate Ltd | 2019 – present', ...lines]);

describe('CV reading: people as the object of a verb of bringing them on', () => {
  it('reads training people at work as Staff training, not as Teaching', () => {
    const found = names([
      '- I show and teach the new porters how we log deliveries.',
      '- Trained two glaziers on the new bench.',
    ]);
    assert.ok(found.includes('Staff training'), found.join(', '));
    assert.ok(!found.includes('Teaching'), found.join(', '));
  });

  it('reads training apprentices as Apprentice training, a narrower skill of Staff training', () => {
    const found = names(['- Trained three apprentices on the bench and on site.']);
    assert.ok(found.includes('Apprentice training'), found.join(', '));
    assert.ok(!found.includes('Staff training'), found.join(', '));
    const staff = taxonomy.resolve('Staff training');
    assert.ok(staff && taxonomy.broaderOf(taxonomy.resolve('Apprentice training')!).includes(staff));
  });

  it('reads mentoring, coaching and supervising people at work as those skills', () => {
    const found = names([
      '- I coach the three junior estimators.',
      '- Oversaw the depot and supervised the night drivers.',
    ]);
    assert.ok(found.includes('Coaching'), found.join(', '));
    // Supervising staff is Team management (the curated skill took ESCO's "supervise staff", cv-vocab-7).
    assert.ok(found.includes('Team management'), found.join(', '));
  });

  it('reads a bullet-opening verb the tagger takes for a noun, joined to a verb or before a number or pronoun', () => {
    const found = names(['- Induct and mentor new stewards on the east stand.']);
    assert.ok(found.includes('Mentoring'), found.join(', '));
    assert.ok(found.includes('Staff training'), found.join(', '));
    const pronoun = names(['- I run the yard and mentor them through their first winter.']);
    assert.ok(pronoun.includes('Mentoring'), pronoun.join(', '));
  });

  it('reads a bullet-opening verb the tagger takes for a name before a modifier in small letters ("Train new …")', () => {
    // The tagger reads "Train new" as a name; the object, people at work, makes it the person's own training.
    const found = names(['- Train new starters and trainee scientists; signed off four portfolios.']);
    assert.ok(found.includes('Staff training'), found.join(', '));
    const mentored = names(['- Mentor new estimators on take-offs.']);
    assert.ok(mentored.includes('Mentoring'), mentored.join(', '));
    // Not when what follows names no people at work.
    const things = names(['- Train new timetables into the depot system.']);
    assert.ok(!things.includes('Staff training'), things.join(', '));
  });

  it('leaves teaching pupils as Teaching, and a bare role after a past participle as a description', () => {
    const pupils = names(['- I taught pupils to read in small groups.']);
    assert.ok(pupils.includes('Teaching'), pupils.join(', '));
    assert.ok(!pupils.includes('Staff training'), pupils.join(', '));
    const described = names(['- Trained nurse with ten years on surgical wards.']);
    assert.ok(!described.includes('Staff training'), described.join(', '));
  });
});

describe('PDF reading: the cells of a table row', () => {
  // As pdf.js gives a two-column table row drawn at 10 pt: the first cell, a blank run to the second column, the cell.
  const item = (str: string, x: number, width: number, hasEOL = false, y = 600): PdfTextItem => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    width,
    hasEOL,
  });

  it('keeps cells apart where a wide blank run or a jump separates them on one line', () => {
    const text = pdfPageText([
      item('Fixings', 60, 35),
      item(' ', 95, 37),
      item('Resin anchors, shot-firing', 132, 120, true),
      item('Access', 60, 30, false, 585),
      item('Podium steps, MEWPs', 132, 95, true, 585),
    ]);
    assert.equal(text, 'Fixings | Resin anchors, shot-firing\nAccess | Podium steps, MEWPs\n');
  });

  it('leaves the spaces of running text and the start of a new line alone', () => {
    const text = pdfPageText([
      item('Fitted resin anchors', 60, 90),
      item(' ', 150, 2.8),
      item('and set out the brackets', 152.8, 110, true),
      item('on two sites.', 300, 60, false, 585),
    ]);
    assert.equal(text, 'Fitted resin anchors and set out the brackets\non two sites.');
  });

  it('reads the two cells of such a row as a labelled list, not one run-together skill', () => {
    const text = [
      'Sam Example',
      '',
      'Skills',
      pdfPageText([
        item('Hot water', 60, 43),
        item(' ', 103, 29),
        item('Unvented cylinders, power flushing', 132, 160, true),
      ]),
    ].join('\n');
    const found = analyzeCv({ text, asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);
    assert.ok(!found.some((name) => /^Hot water /i.test(name)), found.join(', '));
  });
});

describe('CV reading: a two-cell row whose second cell gives a year', () => {
  it('reads the first cell as the skill and the second as its details, not as an area labelling a list', () => {
    const found = names([
      '',
      'Certifications',
      'Manual Handling | Trust mandatory course, renewed 2024',
      'Venepuncture | Ward competency sign-off, 2021',
    ]);
    assert.ok(found.includes('Manual handling') || found.includes('Manual Handling'), found.join(', '));
    assert.ok(!found.some((name) => /mandatory course|competency sign-off/i.test(name)), found.join(', '));
  });
});
