import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Reading rules added with docs/quality.md, "CV skills of ten mainstream jobs" (branch cv-mainstream-b): a negation
 * written without its subject ("Not worked with React Native", "Not trained on the VNA trucks yet"), and work handed to
 * others with two participles ("are designed and run by the QA team"). CVs and lines written for these tests.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: cv-mainstream-b', () => {
  it('leaves out what the person has "not worked with" or is "not trained on"', () => {
    const found = names([
      'Skills',
      '- Kotlin, Swift and Flutter',
      'Other',
      'Not worked with React Native. Not trained on the Very Narrow Aisle (VNA) trucks yet.',
    ]);
    assert.ok(found.includes('Flutter'), found.join(', '));
    assert.ok(!found.includes('React Native'), found.join(', '));
    assert.ok(!found.includes('VNA truck'), found.join(', '));
  });

  it('keeps what the person has worked with or been trained on', () => {
    const found = names([
      'Experience',
      'Worked with React Native on two client apps. Trained on the Very Narrow Aisle (VNA) trucks in 2023.',
    ]);
    assert.ok(found.includes('React Native'), found.join(', '));
    assert.ok(found.includes('VNA truck'), found.join(', '));
  });

  it('hands over work "designed and run by" another team, and keeps the person\'s own', () => {
    const handed = names([
      'Experience',
      'QC Microbiologist, Sravya Lifesciences, 2021 – present',
      '- Sterility testing and bioburden testing of injectables.',
      '- Media fills (aseptic process simulation) are designed and run by the production and QA teams.',
    ]);
    assert.ok(handed.includes('Sterility testing'), handed.join(', '));
    assert.ok(!handed.includes('Media fill'), handed.join(', '));
    const own = names([
      'Experience',
      'QC Microbiologist, Sravya Lifesciences, 2021 – present',
      '- I design and run the media fills (aseptic process simulation) with the QA team.',
    ]);
    assert.ok(own.includes('Media fill'), own.join(', '));
  });
});
