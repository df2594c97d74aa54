import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skillNamesOfCv } from '../helpers/cv-skills.ts';

/**
 * The rules that make the offline analyzer read a CV as a recruiter does (docs/quality.md, "Reading CVs as a recruiter
 * does"): each one found on the development sets as a general cause of a missed or a wrongly credited skill.
 */
const names = skillNamesOfCv;

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

describe('CV reading: work the person says they do not do', () => {
  it('leaves out what the person is not yet trained in or confident with', () => {
    const found = names([
      'Experience',
      '- Not yet trained in venepuncture. Not confident with Python yet.',
      '- ECGs and SQL reports.',
    ]);
    assert.ok(!found.includes('Phlebotomy') && !found.includes('Python'), found.join(', '));
    assert.ok(found.includes('SQL'), found.join(', '));
  });

  it('leaves out work after "I do not", "I have not", "I don\'t", "Not a …", whatever the verb', () => {
    const found = names([
      'Experience',
      '- I do not do the bookkeeping; I run payroll.',
      '- I have not done conveyancing work.',
      "- I don't code: I hand designs in Figma to developers.",
      '- Not a machine learning engineer.',
    ]);
    for (const absent of ['Bookkeeping', 'Conveyancing', 'Machine learning']) {
      assert.ok(!found.includes(absent), `${absent} in ${found.join(', ')}`);
    }
    assert.ok(found.includes('Payroll') && found.includes('Figma'), found.join(', '));
  });

  it('leaves out work the person disowns after naming it: "not my area", "not my trade"', () => {
    const found = names([
      'Experience',
      '- Plastering I leave to others – not my trade.',
      '- Bricklaying and blockwork.',
    ]);
    assert.ok(!found.includes('Plastering'), found.join(', '));
    assert.ok(found.includes('Bricklaying'), found.join(', '));
  });

  it('leaves out work right after "no" and a skill with "not much … experience"', () => {
    const found = names([
      'Experience',
      '- Install EV chargers and solar PV isolators; install only, no PV design.',
      '- Not much GCP experience; AWS daily.',
    ]);
    assert.ok(!found.includes('PV system design') && !found.includes('Google Cloud Platform'), found.join(', '));
    assert.ok(found.includes('AWS'), found.join(', '));
    const kept = names(['Experience', '- Delivered on time with no overspend; Python tooling.']);
    assert.ok(kept.includes('Python'), kept.join(', '));
  });

  it('leaves out work the person is "not involved in" or "not responsible for"', () => {
    const found = names([
      'Experience',
      '- Not involved in bookkeeping; I run the payroll.',
      '- Not responsible for recruitment.',
    ]);
    assert.ok(!found.includes('Bookkeeping') && !found.includes('Recruitment'), found.join(', '));
    assert.ok(found.includes('Payroll'), found.join(', '));
  });

  it('leaves out what a clause that opens on "Learning" names, but keeps "Learning and development"', () => {
    const found = names([
      'Experience',
      '- Learning SQL basics this year.',
      '- Learning and development budgets in Microsoft Excel.',
    ]);
    assert.ok(!found.includes('SQL'), found.join(', '));
    assert.ok(found.includes('Learning and development') && found.includes('Microsoft Excel'), found.join(', '));
  });

  it('leaves out a credential whose list item says it expired, after a note', () => {
    const found = names(['Certifications', 'Offshore survival (BOSIET) - expired 2022, CSCS Blue card, IPAF 3a']);
    assert.ok(!found.includes('Offshore survival training'), found.join(', '));
    assert.ok(found.includes('CSCS card'), found.join(', '));
  });
});

describe('CV reading: work of another team or party of the employer', () => {
  it('leaves out what another team of the employer does, but keeps what "our team" does', () => {
    const found = names([
      'Experience',
      '- Wrote interface specifications; the automation team did the PLC programming.',
      '- Our platform team owns Terraform; I write Ansible playbooks.',
      '- Our team delivers Python services.',
    ]);
    assert.ok(!found.includes('PLC programming') && !found.includes('Terraform'), found.join(', '));
    assert.ok(found.includes('Ansible') && found.includes('Python'), found.join(', '));
  });

  it('leaves out what another professional, named by their job, does', () => {
    const found = names([
      'Experience',
      '- Wrote the research notes; the senior analyst made the valuation models in Excel.',
      '- The occupational therapist designed the sensory diets.',
    ]);
    assert.ok(!found.includes('Investment analysis') && !found.includes('Occupational therapy'), found.join(', '));
  });

  it('hands over only the item a participle follows when no "is" or "was" comes before it', () => {
    const found = names(['Experience', '- Full bathroom installations: pipework, tiling handled by a subcontractor.']);
    assert.ok(!found.includes('Tiling'), found.join(', '));
    assert.ok(found.includes('Bathroom fitting'), found.join(', '));
  });

  it('leaves out work said to go to, sit with or come from someone else', () => {
    const found = names([
      'Experience',
      '- Payroll runs; the bookkeeping sits with the finance team.',
      '- Garden design drawings come from a designer we work with; I build them.',
    ]);
    assert.ok(!found.includes('Bookkeeping') && !found.includes('Design Drawings'), found.join(', '));
    assert.ok(found.includes('Payroll'), found.join(', '));
  });

  it('reads a skill that names another team or person ("for the leadership team") as theirs, not one the person leads', () => {
    const found = names([
      'Experience',
      '- Quarterly HR dashboards in Excel for the leadership team.',
      '- Pricing models in Python for the pricing committee.',
    ]);
    assert.ok(!found.includes('Leadership') && !found.includes('Pricing'), found.join(', '));
    const led = names(['Experience', '- Worked in the payroll team for two years.']);
    assert.ok(led.includes('Payroll'), led.join(', '));
  });
});

describe('CV reading: spoken languages', () => {
  it('reads a level written after a language as its context, past a note in brackets, in any section', () => {
    const found = names(['Education', 'BSc Biology, 2019', 'Irish (Gaeilge) – conversational, B1', 'Czech: fluent']);
    assert.ok(found.includes('Irish') && found.includes('Czech'), found.join(', '));
    const notLanguage = names(['Experience', '- Irish dancing classes on Saturdays.']);
    assert.ok(!notLanguage.includes('Irish'), notLanguage.join(', '));
  });
});

describe('CV reading: compounds', () => {
  it('finds a skill hyphened to a word that says the person holds it, not the head of a longer term', () => {
    const found = names(['Skills', 'GDPR-aware data handling, PRINCE2-certified, C-suite reporting']);
    assert.ok(found.includes('GDPR') && found.includes('PRINCE2'), found.join(', '));
    assert.ok(!found.includes('C'), found.join(', '));
  });
});
