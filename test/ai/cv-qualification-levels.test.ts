import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * A qualification the person holds, listed with no rating or years (a ticket, licence, registration or certificate
 * under "Qualifications" or "Certifications"), is read at the level of the years the person has worked in jobs of its
 * field, at most advanced; outside the fields the CV places the person in, it keeps the CV reading's level.
 */
const taxonomy = loadTaxonomy();
const analyze = (lines: string[]) => analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy);
const level = (lines: string[], name: string) =>
  analyze(lines).skills.find((skill) => skill.name === name)?.proficiency_level;

const ELECTRICIAN = [
  'Liam Carter',
  'Approved Electrician',
  'Work History',
  'Approved Electrician — Brightwire Electrical, Reading — 2014 to date',
  '• Commercial fit-outs: containment, distribution boards, LED lighting and emergency lighting.',
  '• Electrical installation testing and inspection; EICRs for landlords; fault finding on three-phase circuits.',
  '• Domestic rewires, consumer unit changes, first and second fix.',
];

const NURSERY = [
  'Amira Khan',
  'Early Years Practitioner',
  'Experience',
  'Room Leader — Little Oaks Day Nursery, Luton — 2018 to date',
  '• Plan activities around the EYFS; observations and assessments; key person for eight children.',
  '• Support children with SEND; phonics and early literacy; safeguarding and child protection.',
];

describe('CV reading: qualifications held, by the years in their field', () => {
  it('reads a ticket of the trade at the level of the years worked in it, at most advanced', () => {
    const lines = [
      ...ELECTRICIAN,
      'Qualifications',
      '• NVQ Level 3 Electrotechnical Installation (2014)',
      '• IPAF 3a/3b and PASMA',
    ];
    assert.equal(level(lines, 'IPAF'), 'advanced', 'twelve years of electrical work: advanced, not expert');
    assert.equal(level(lines, 'PASMA'), 'advanced');
  });

  it('leaves a certificate outside the fields the person works in at the level the CV gives it', () => {
    const lines = [
      ...NURSERY,
      'Qualifications',
      'CACHE Level 3 Diploma in Early Years, 2018',
      'Level 2 Food Safety and Hygiene, 2023',
    ];
    assert.equal(level(lines, 'Food Hygiene Certificate'), 'beginner');
  });

  it('keeps the rating the person gives', () => {
    const rated = [...NURSERY, 'Qualifications', 'Makaton (basic)'];
    assert.equal(level(rated, 'Makaton'), 'beginner');
  });

  it('gives nothing for a credential that lapsed or is still in progress', () => {
    const lines = [...ELECTRICIAN, 'Qualifications', '• IPAF 3a/3b (expired 2021)', '• PASMA – in progress'];
    assert.equal(level(lines, 'IPAF'), undefined);
    assert.equal(level(lines, 'PASMA'), undefined);
  });

  it('leaves a credential of someone with no years of work at the level the CV reading gives it', () => {
    const lines = ['Education', 'BSc Nursing, University of Leeds, 2026', 'Certifications', 'IPAF 3a/3b and PASMA'];
    assert.equal(level(lines, 'IPAF'), 'intermediate');
  });
});
