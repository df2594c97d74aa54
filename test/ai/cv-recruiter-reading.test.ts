import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * The rules that make the offline analyzer read a CV as a recruiter does (docs/quality.md, "Reading CVs as a recruiter
 * does"): each one found on the development sets as a general cause of a missed or a wrongly credited skill.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: what the matcher finds', () => {
  it('finds an acronym written in capitals at the start of a sentence, but not in a heading written in capitals', () => {
    const found = names([
      'Experience',
      'SOAR playbooks for phishing alerts; Splunk searches.',
      'Education and training',
      'CSCS Gold Supervisor card, valid to 2028',
    ]);
    assert.ok(found.includes('SOAR') && found.includes('CSCS card'), found.join(', '));
    const shouted = names(['Experience', 'SOAR AND GROW: a charity programme for young people.', 'React to feedback.']);
    assert.ok(!shouted.includes('SOAR') && !shouted.includes('React'), shouted.join(', '));
  });
});
