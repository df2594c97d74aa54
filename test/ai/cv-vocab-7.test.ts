import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { namesFound } from './shipped-taxonomy.ts';

/**
 * Reading rules added with docs/quality.md, "CV reading of ten more professions" (branch cv-vocab-7): a skill said to
 * be booked or on the plan, another team named second of two, terms that count at a sentence's start (a capital
 * inside a word, an acronym a bracket explains or alone on a list item, one before a code, a language the sentence
 * calls the person's own), a licence's category letter, and "at weekends" limited to its own sentence. CVs and lines
 * written for these tests.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: cv-vocab-7', () => {
  it('leaves out a skill said after it to be booked or on the plan', () => {
    const table = names([
      'Skills',
      'Area | Level',
      'Nail surgery | Advanced',
      'Musculoskeletal ultrasound | Beginner — course booked for 2027',
    ]);
    assert.ok(table.includes('Nail surgery'), table.join(', '));
    assert.ok(!table.includes('Musculoskeletal ultrasound'), table.join(', '));
    const planned = names([
      'Experience',
      'Ramp Agent, SkyAssist, 2019 – 2024',
      '- Hold loading to the loading instruction report.',
      'The load control certificate (weight and balance) is on my plan for 2027.',
    ]);
    assert.ok(!planned.includes('Weight and balance'), planned.join(', '));
  });

  it('reads a team named second of two as another team', () => {
    const found = names([
      'Experience',
      'Podiatrist, Shannonside Health, 2019 – 2024',
      '- Offloading with felt padding and total contact casts, with the vascular and orthotics teams.',
    ]);
    assert.ok(!found.includes('Orthotics'), found.join(', '));
    assert.ok(found.includes('Offloading'), found.join(', '));
  });

  it('finds a credential at the start of a line when its writing shows it is no ordinary word', () => {
    assert.ok(namesFound('CeMAP (London Institute of Banking and Finance)').includes('CeMAP'));
    assert.ok(namesFound('DPSI (Diploma in Public Service Interpreting), English Law').includes('DPSI'));
    assert.ok(namesFound('- NRPSI').includes('NRPSI registration'));
    assert.ok(namesFound('CPCS A04 Tower Crane (Blue) | 2028').includes('CPCS card'));
    // A heading in capitals still says nothing.
    assert.deepEqual(
      namesFound('FACTS AND FIGURES').filter((name) => name === 'FACTS'),
      [],
    );
  });

  it('finds a language the sentence calls the person’s own, at its start', () => {
    assert.ok(namesFound('1,400 Welsh Mountain ewes. Welsh is my first language.').includes('Welsh'));
    assert.ok(!namesFound('1,400 Welsh Mountain ewes on the hill.').includes('Welsh'));
  });

  it('reads a single letter after category or class as a grade, not a skill', () => {
    assert.ok(!namesFound('Full UK driving licence with category C. Coaching at weekends.').includes('C'));
    assert.ok(namesFound('Skills: C, R and Go').includes('C'));
  });

  it('reads "interpret" and "translate" alone as no language work', () => {
    const found = names([
      'Experience',
      'Operational Meteorologist, Atlantic Weather, 2020 – 2024',
      '- Interpret NWP models, satellite and radar imagery.',
      '- Translated requirements into user stories.',
    ]);
    assert.ok(!found.includes('Interpreting') && !found.includes('Translation'), found.join(', '));
    assert.ok(found.includes('Numerical weather prediction'), found.join(', '));
  });

  it('reads a bullet that trains new people at work as staff training', () => {
    const found = names([
      'Experience',
      'Process Operator, Teesside Chemicals, 2018 – 2024',
      '- Train new operators on the panel.',
    ]);
    assert.ok(found.includes('Staff training'), found.join(', '));
  });

  it('reads a trade named as the kind of home as a place, not a skill', () => {
    const found = names([
      'Experience',
      'Funeral Director, Corrib Funerals, 2015 – 2024',
      '- Removals from homes, hospitals and nursing homes; care of the deceased in the mortuary.',
    ]);
    assert.ok(!found.includes('Nursing'), found.join(', '));
    assert.ok(found.includes('Care of the deceased'), found.join(', '));
  });

  it('makes a pastime of "at weekends" only within its own sentence', () => {
    const found = names([
      'Other',
      "Full UK driving licence with category C. Coaching my son's football team at weekends.",
    ]);
    assert.ok(found.includes('Driving licence'), found.join(', '));
    assert.ok(!found.includes('Coaching'), found.join(', '));
  });
});
