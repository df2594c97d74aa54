import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * What a CV says of someone else's work, of pastimes and of studies is not a skill the person practises
 * (docs/quality.md, "What a CV says of someone else, of pastimes and of studies"): each rule read from the grammar of
 * the sentence, not from a list of phrases.
 */
const taxonomy = loadTaxonomy();
const analyse = (lines: string[]) => analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills;
const names = (lines: string[]) => analyse(lines).map((skill) => skill.name);

describe('CV reading: work handed to someone else', () => {
  it('leaves out work a passive of handing over gives away without saying to whom ("is outsourced")', () => {
    const found = names([
      'Experience',
      'HR Officer, Acme Stores, 2019 – 2024',
      '- The payroll itself is outsourced; I handle absence management.',
      '- Bookkeeping was subcontracted.',
    ]);
    assert.ok(!found.includes('Payroll') && !found.includes('Bookkeeping'), found.join(', '));
    assert.ok(found.includes('Absence management'), found.join(', '));
  });

  it('leaves out work named as done "by" another professional or group, but not a participle\'s "by"', () => {
    const found = names([
      'Experience',
      'Agronomist, Field Co, 2019 – 2024',
      '- Trials with growers; statistical analysis by the trials manager.',
    ]);
    assert.ok(!found.includes('Statistics'), found.join(', '));
    const own = names([
      'Experience',
      'Data Analyst, Field Co, 2019 – 2024',
      '- Python scripts for weekly reports, code reviewed by our senior analyst.',
    ]);
    assert.ok(own.includes('Python'), own.join(', '));
  });

  it('reads a skill that names a service the work is sent to ("the genomics core", "the payroll bureau") as theirs', () => {
    const found = names([
      'Experience',
      'Research Associate, Lab Co, 2019 – 2024',
      '- RNA-seq experiments: library prep submitted to the genomics core.',
      '- Monthly changes sent to the payroll bureau.',
    ]);
    assert.ok(!found.includes('Genomics') && !found.includes('Payroll'), found.join(', '));
  });

  it('leaves out what a statement opening on "No" names, up to its next mark', () => {
    const found = names([
      'Experience',
      'Arborist, Tree Co, 2019 – 2024',
      '- No rope access qualification - I do ground work and chipper operation.',
    ]);
    assert.ok(!found.includes('Rope access'), found.join(', '));
  });
});

describe('CV reading: pastimes and studies', () => {
  it('reads a clause a pastimes label opens as pastimes, on a line of another section', () => {
    const found = names(['Languages', 'Spanish — conversational (B1). Hobbies: fell running and baking.']);
    assert.ok(!found.includes('Baking'), found.join(', '));
    assert.ok(found.includes('Spanish'), found.join(', '));
  });

  it('reads work met "as modules only" or in "coursework only" as studied: a beginner, not practised', () => {
    const skills = analyse([
      'Experience',
      'Librarian, City Libraries, 2015 – 2025',
      '- Reader services and stock management.',
      '- Records management were modules only; I have not worked as an archivist.',
    ]);
    const records = skills.find((skill) => skill.name === 'Records management');
    assert.equal(records?.proficiency_level, 'beginner', JSON.stringify(skills));
  });
});

describe('CV reading: where the person worked', () => {
  it('reads a field named as where the years were spent as the setting: no skill on its own, the years of one shown', () => {
    const found = names([
      'Fiona Reid',
      'Compliance Officer',
      'Profile',
      'Compliance professional with 8 years in retail banking, covering AML and sanctions screening.',
      'Career',
      'Compliance Officer, Clyde Payments Ltd | 2018 – present',
      '- Second-line oversight of the AML framework.',
    ]);
    assert.ok(!found.includes('Banking operations'), found.join(', '));
    assert.ok(found.includes('Anti-money laundering'), found.join(', '));
    const pharmacist = analyse([
      'Profile',
      'Pharmacist with 10 years in community pharmacy.',
      'Experience',
      'Pharmacist, High Street Chemists, 2022 – 2026',
      '- Dispensing and clinical checks in a busy pharmacy.',
    ]);
    const pharmacy = pharmacist.find((skill) => skill.name === 'Pharmacy');
    assert.equal(pharmacy?.years_of_experience, 10, JSON.stringify(pharmacist));
  });
});

describe('CV reading: a licence held', () => {
  it('rates a licence listed with the qualifications as held competence, a course certificate outside the trade not', () => {
    const skills = analyse([
      'Jane Doe',
      'Veterinary Nurse',
      'Experience',
      'Veterinary Nurse, Vale Vets | 2018 – present',
      '- Anaesthetic monitoring and theatre preparation.',
      'Qualifications',
      'Full UK driving licence',
      'Level 3 Award in Education and Training, 2021',
    ]);
    const level = (name: string) => skills.find((skill) => skill.name === name)?.proficiency_level;
    assert.equal(level('Driving licence'), 'intermediate', JSON.stringify(skills));
    assert.equal(level('Award in Education and Training'), 'beginner', JSON.stringify(skills));
  });
});

describe('CV reading: a job title and what follows it', () => {
  it('reads a field named after the title on a job header (its department, sector or employer) as the setting', () => {
    const found = names([
      'Sam Lee',
      'Sales',
      'Experience',
      'Territory Sales Manager, Orthopaedics - Pennine MedTech UK Ltd | Jan 2022 - Present',
      '- Key account management and tenders.',
      'Public Health Information Officer - Severn Valley Council | Aug 2019 - Dec 2021',
      '- Data cleaning and SQL reports.',
    ]);
    assert.ok(!found.includes('Orthopaedics'), found.join(', '));
    assert.ok(found.includes('Public health') && found.includes('Key account management'), found.join(', '));
  });
});
