import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skillNamesOfCv } from '../helpers/cv-skills.ts';

/**
 * The reading rules found on ten CVs of professions no development CV had covered (docs/quality.md, "Ten CVs of
 * professions nobody had read"): statuses, headings, wrapped bullets and table cells, each a general cause of a
 * wrongly credited or missed skill there, kept only where the whole development set gained.
 */
const names = skillNamesOfCv;

describe('CV reading: met, lapsed or still to come', () => {
  it('leaves out a credential the person has "not yet", and one that lapsed after its bracket', () => {
    const found = names([
      'Experience',
      '- Scaffold inspections and toolbox talks on every job.',
      'Other',
      'Not yet SSSTS, booked for next spring. Private Pilot Licence (PPL), lapsed 2020.',
    ]);
    assert.ok(!found.includes('SSSTS'), found.join(', '));
    assert.ok(!found.some((name) => /pilot licence/i.test(name)), found.join(', '));
    assert.ok(found.includes('Toolbox talks'), found.join(', '));
  });

  it('leaves out what was only observed, and a language of a few words', () => {
    const found = names([
      'Experience',
      '- Flow cytometry: observed CD4 counts only.',
      '- HPLC for haemoglobin variants.',
      'Languages',
      'Romanian (native). Spanish - a few words from holidays.',
    ]);
    assert.ok(!found.includes('Flow cytometry') && !found.includes('Spanish'), found.join(', '));
    assert.ok(found.includes('HPLC') && found.includes('Romanian'), found.join(', '));
  });
});

describe('CV reading: work of other people', () => {
  it('hands over work "given by" another, and names whom it is handed to as theirs too', () => {
    const found = names([
      'Experience',
      '- Mortgage advice is given by our in-house adviser.',
      '- Conservation treatments are carried out by our freelance textile conservator.',
      '- Property valuation and sales progression.',
    ]);
    assert.ok(!found.includes('Mortgage advice') && !found.includes('Art conservation'), found.join(', '));
    assert.ok(found.includes('Property valuation'), found.join(', '));
  });

  it('reads a skill right before other professionals in the plural as those people', () => {
    const found = names(['Experience', '- Referrals from GPs and public health nurses; home visits.']);
    assert.ok(!found.includes('Public health'), found.join(', '));
  });

  it('reads a skill right before "centre", "unit" or "ward" as the place', () => {
    const found = names(['Profile', 'Radiographer with six years in a busy major trauma centre.']);
    assert.ok(!found.includes('Trauma care'), found.join(', '));
  });

  it('reads "Spare time:" as pastimes', () => {
    const found = names(['Experience', '- Run the squad of four.', "Spare time: coaching my lad's under-12s."]);
    assert.ok(!found.includes('Coaching'), found.join(', '));
  });
});

describe('CV reading: headings, wrapped bullets and tables', () => {
  it('reads "Other" as a heading, and "Licence and ratings" as one of credentials', () => {
    const hobbies = names(['Experience', '- Musculoskeletal physiotherapy clinics.', 'Other', 'I enjoy cooking.']);
    assert.ok(!hobbies.includes('Cooking'), hobbies.join(', '));
    const credentials = names(['Licence and ratings', '- OJTI endorsement, 2021', '- Class 3 medical, valid']);
    assert.ok(credentials.includes('OJTI endorsement'), credentials.join(', '));
  });

  it("joins a bullet's wrapped end that starts with a capital, between two bullets", () => {
    const found = names([
      'Experience',
      '• Desk-side support across five schools: hardware repairs, imaging, classroom AV and Google',
      'Workspace for Education.',
      '• Printer repairs.',
    ]);
    assert.ok(found.includes('Google Workspace') && !found.includes('Google'), found.join(', '));
  });

  it('keeps no table cell of dates or column heads, nor a label of several words above its list', () => {
    const found = names([
      'Tickets',
      'CISRS Advanced Scaffolder card',
      'valid to 2028',
      'Skills',
      'Area Techniques Level',
      'Year end',
      'P60s, P11D, gender pay gap reporting',
      'Compliance',
      'PAYE, RTI submissions, statutory payments',
    ]);
    for (const absent of ['Valid', 'Area Techniques Level', 'Year end', 'Regulatory compliance']) {
      assert.ok(!found.includes(absent), `${absent} in ${found.join(', ')}`);
    }
    assert.ok(found.includes('Statutory payments'), found.join(', '));
  });

  it('cuts no sentence of a skills list into items, and reads two acronyms joined by "and" as two', () => {
    const found = names([
      'Key skills',
      '- Plain film imaging of trauma, orthopaedic and chest patients, including fracture clinic lists',
      '- PACS and RIS (Sectra)',
    ]);
    assert.ok(!found.includes('Orthopaedic and chest patients'), found.join(', '));
    assert.ok(found.includes('PACS') && found.includes('RIS'), found.join(', '));
  });
});
