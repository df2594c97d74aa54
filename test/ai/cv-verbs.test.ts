import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Skills a CV writes as what the person does to other people (docs/quality.md, "CV skills written as what the person
 * does", 2026-11-27): the object of a verb of training, mentoring, coaching or supervising. The CV lines here are this
 * file's own, not the development CVs'.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv(
    { text: ['Sam Example', '', 'Experience', 'Team Leader — Northgate Ltd | 2019 – present', ...lines].join('\n'), asOf: '2026-11-01' },
    taxonomy,
  ).skills.map((skill) => skill.name);

describe('CV reading: people as the object of a verb of bringing them on', () => {
  it('reads training people at work as Staff training, not as Teaching', () => {
    const found = names(['- I show and teach the new porters how we log deliveries.', '- Trained two glaziers on the new bench.']);
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
    const found = names(['- I coach the three junior estimators.', '- Oversaw the depot and supervised the night drivers.']);
    assert.ok(found.includes('Coaching'), found.join(', '));
    assert.ok(found.includes('Staff Supervision'), found.join(', '));
  });

  it('reads a bullet-opening verb the tagger takes for a noun, joined to a verb or before a number or pronoun', () => {
    const found = names(['- Induct and mentor new stewards on the east stand.']);
    assert.ok(found.includes('Mentoring'), found.join(', '));
    assert.ok(found.includes('Staff training'), found.join(', '));
    const pronoun = names(['- I run the yard and mentor them through their first winter.']);
    assert.ok(pronoun.includes('Mentoring'), pronoun.join(', '));
  });

  it('leaves teaching pupils as Teaching, and a bare role after a past participle as a description', () => {
    const pupils = names(['- I taught pupils to read in small groups.']);
    assert.ok(pupils.includes('Teaching'), pupils.join(', '));
    assert.ok(!pupils.includes('Staff training'), pupils.join(', '));
    const described = names(['- Trained nurse with ten years on surgical wards.']);
    assert.ok(!described.includes('Staff training'), described.join(', '));
  });
});
