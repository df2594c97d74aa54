import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * The reading rules found on the ten CVs of professions no development CV had covered, written on 2026-11-27
 * (docs/quality.md, "CV skills on professions nobody tuned on"): each a general cause of a missed or wrongly credited
 * skill there, kept only where the whole development set did not lose by it. The CV lines here are this file's own.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: two skills joined by "and" in a skills list', () => {
  it('reads two names of two words or more joined by "and" as two skills', () => {
    const found = names(['Key skills', '- Ferry boarding checks and lifejacket demonstrations', '- Menu costing']);
    assert.ok(found.includes('Ferry boarding checks'), found.join(', '));
    assert.ok(found.includes('Lifejacket demonstrations'), found.join(', '));
  });

  it('keeps the part the taxonomy does not know when it knows the other one', () => {
    const found = names(['Key skills', '- Seed tray labelling and stock control', '- Menu costing']);
    assert.ok(found.includes('Seed tray labelling'), found.join(', '));
  });

  it('keeps one item where the parts may share words: one word, a phrase after a preposition, a course, the rest of a sentence', () => {
    const found = names([
      'Key skills',
      '- Tile and grout sealing',
      '- Safe loading and securing of livestock trailers',
      '- Ferry ramp and mooring line course',
      '- Passenger head counts and the evening handover',
    ]);
    for (const part of [
      'Tile',
      'Safe loading',
      'Securing of livestock trailers',
      'Ferry ramp',
      'Mooring line course',
      'The evening handover',
    ]) {
      assert.ok(!found.includes(part), `${part} in ${found.join(', ')}`);
    }
  });
});
