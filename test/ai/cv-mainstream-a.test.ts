import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Reading rules added with docs/quality.md, "CV skills of mainstream professions: health, care, education, law,
 * finance, public sector" (branch cv-mainstream-a): work the person is not certified or qualified to do, paperwork
 * another named professional of the employer prepares or issues, work "calculated" or "taught" by another, and a skill
 * followed by "— planning to start" or "— applied for". CVs and lines written for these tests.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: cv-mainstream-a', () => {
  it('leaves out work the person is not certified or qualified to do', () => {
    const found = names([
      'Experience',
      'Science Teacher, Lakeside High School, 2019 – present',
      '- Teach chemistry and physics with Google Classroom.',
      'Not certified to teach computer science. Not qualified to teach statistics.',
    ]);
    assert.ok(found.includes('Google Classroom') || found.includes('Learning management systems'), found.join(', '));
    assert.ok(!found.includes('Computer Science'), found.join(', '));
    assert.ok(!found.includes('Statistics'), found.join(', '));
  });

  it('leaves out paperwork another professional of the employer prepares or issues', () => {
    const found = names([
      'Experience',
      'Practice Manager, Riverside Dental, 2018 – present',
      '- Rotas, recruitment and complaints handling.',
      "The practice's finance director prepares the payroll; the compliance team issues the fire risk assessments.",
    ]);
    assert.ok(found.includes('Recruitment'), found.join(', '));
    assert.ok(!found.includes('Payroll'), found.join(', '));
    assert.ok(!found.includes('Fire risk assessment'), found.join(', '));
  });

  it('leaves out work calculated or taught by another', () => {
    const found = names([
      'Experience',
      'Planning Officer, Borough Council, 2019 – present',
      '- Householder applications and listed building consent.',
      "Biodiversity net gain metrics are calculated by the council's ecologist. Statistics is taught by a colleague.",
    ]);
    assert.ok(found.includes('Listed building consent'), found.join(', '));
    assert.ok(!found.includes('Biodiversity net gain'), found.join(', '));
    assert.ok(!found.includes('Statistics'), found.join(', '));
  });

  it('leaves out a language or course only planned or applied for', () => {
    const found = names([
      'Languages',
      'Polish (fluent). Spanish — planning to start evening classes in 2027.',
      'Training',
      'Mentoring — applied for the 2027 programme',
      'Safeguarding adults (2024)',
    ]);
    assert.ok(found.includes('Polish'), found.join(', '));
    assert.ok(found.includes('Safeguarding'), found.join(', '));
    assert.ok(!found.includes('Spanish'), found.join(', '));
    assert.ok(!found.includes('Mentoring'), found.join(', '));
  });
});
