import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Reading rules added with docs/quality.md, "CV reading of ten more professions, again" (branch cv-vocab-8): a skill
 * still ahead after a level word ("— beginner, learning it this year"), a course "— not started", and one the person is
 * only "thinking about". CVs and lines written for these tests.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('CV reading: cv-vocab-8', () => {
  it('leaves out a tool still being learnt after its level word', () => {
    const found = names(['Software', 'AutoCAD, SketchUp and Lumion. Rhino — beginner, learning it this year.']);
    assert.ok(found.includes('SketchUp'), found.join(', '));
    assert.ok(!found.some((name) => /rhino/i.test(name)), found.join(', '));
  });

  it('keeps a tool whose level is followed by other words', () => {
    const found = names(['Software', 'Rhino — intermediate, used on three façade projects.']);
    assert.ok(
      found.some((name) => /rhino/i.test(name)),
      found.join(', '),
    );
  });

  it('leaves out a course not started or only thought about', () => {
    const notStarted = names(['Qualifications', '- NEBOSH General Certificate — not started', '- SMSTS (2021)']);
    assert.ok(notStarted.includes('SMSTS'), notStarted.join(', '));
    assert.ok(!notStarted.some((name) => /nebosh/i.test(name)), notStarted.join(', '));
    const thinking = names([
      'Experience',
      'Bricklayer, DN Build, 2004 – 2014',
      '- Facing brickwork and blockwork on housing sites.',
      'Thinking about a NEBOSH certificate next year.',
    ]);
    assert.ok(!thinking.some((name) => /nebosh/i.test(name)), thinking.join(', '));
  });
});
