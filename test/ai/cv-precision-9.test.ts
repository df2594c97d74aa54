import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * Reading rules added with docs/quality.md, "CV skills a person does not hold, again" (branch cv-precision-9): trades
 * the person manages as packages, gangs, shops or contracts; the contractors "who do" the work; another professional's
 * work named by their possessive or kept or inserted by them; and troubleshooting no longer read as the soft skill
 * Problem solving. CVs and lines written for these tests; each test also holds the same skill found when the person
 * does the work.
 */
const taxonomy = loadTaxonomy();
const names = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);
const job = (...bullets: string[]) => ['Experience', 'Project Manager, Northgate Build Ltd, 2018 – 2025', ...bullets];
const lacks = (found: string[], ...skills: string[]) => {
  for (const skill of skills) assert.ok(!found.includes(skill), `${skill} in ${found.join(', ')}`);
};
const has = (found: string[], ...skills: string[]) => {
  for (const skill of skills) assert.ok(found.includes(skill), `${skill} not in ${found.join(', ')}`);
};

describe('CV reading: cv-precision-9', () => {
  it('reads trades named as the packages, gangs or shops the person manages as the contractors’ work', () => {
    lacks(names(job('- Managed the groundworks, roofing and dry lining packages on three school sites.')), 'Roofing');
    lacks(names(job('- Coordinated the brickwork, carpentry and plumbing gangs.')), 'Carpentry', 'Plumbing');
    lacks(
      names(job('- I build the weekly schedule for the cutting, welding and paint shops and keep the ship dates.')),
      'Welding',
    );
    // The person's own trade, in the same words without the managing verb or the unit.
    has(names(job('- Roofing and carpentry on new-build houses; first and second fix.')), 'Roofing', 'Carpentry');
    has(names(job('- Welding in the fabrication and welding shops of a steel works.')), 'Welding');
  });

  it('reads the trades after "packages for", "service contracts …:" or "contractors who do" as the contractors’', () => {
    lacks(names(job('- Manage the packages for groundworks, roofing and plumbing.')), 'Roofing', 'Plumbing');
    lacks(
      names(job('- Manage 14 service contracts worth €4.2m a year: HVAC maintenance, landscaping and catering.')),
      'Landscaping',
      'Catering',
    );
    lacks(
      names(job('- I manage the contractors who do the technical work — HVAC, landscaping and catering.')),
      'Landscaping',
      'Catering',
    );
    has(
      names(job('- Landscaping and catering for private events, with my own small team.')),
      'Landscaping',
      'Catering',
    );
  });

  it('reads work named by a professional’s possessive, or kept by another professional, as theirs', () => {
    lacks(
      names(job('- Safety notices written from hazard information in the engineers’ risk assessments.')),
      'Risk management',
    );
    lacks(names(job('- Health inspections passed; the chef keeps the kitchen’s HACCP logs.')), 'HACCP');
    has(names(job('- Keep the HACCP logs and the allergen matrix up to date.')), 'HACCP');
  });
});

describe('taxonomy: cv-precision-9', () => {
  it('reads troubleshooting as the trade’s own fault finding, not the soft skill Problem solving', () => {
    assert.notEqual(taxonomy.resolve('troubleshooting')?.name, 'Problem solving');
    lacks(names(job('- Troubleshoot and repair conveyors, presses and servo drives on 2nd shift.')), 'Problem solving');
    lacks(names(job('- HPLC troubleshooting and method transfer to the QC lab.')), 'Problem solving');
    has(names(job('- Known for creative problem solving on difficult sites.')), 'Problem solving');
  });
});
