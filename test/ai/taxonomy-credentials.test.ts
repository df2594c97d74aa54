import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { PhraseMatcher } from '../../src/ai/taxonomy/phrase-matcher.ts';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated lexicon of credentials, licences and professions' software (issue 8, items 1–2; docs/quality.md,
 * "Credentials, licences and professions' software"): found under the names and abbreviations CVs write, the whole
 * credential rather than the generic skill inside its name, and short abbreviations only where they name one.
 */
const cvSkills = (lines: string[]) =>
  analyzeCv({ text: lines.join('\n'), asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);

describe('credentials and licences by their aliases', () => {
  it('resolves the abbreviations and other names of credentials across professions', () => {
    const cases: [string, string][] = [
      ['GWO BTT', 'GWO Basic Technical Training'],
      ['GWO ART', 'GWO Advanced Rescue Training'],
      ['CPCS A17', 'Telehandler operation'],
      ['COLREGS', 'COLREGs'],
      ['ENG1 medical', 'Offshore medical'],
      ['MCLIP', 'CILIP Chartership'],
      ['CertMRCSLT', 'RCSLT'],
      ['NASENCO', 'National Award for SEN Coordination'],
      ['TAQA Assessor', 'Assessor qualification'],
      ['Chartered Legal Executive', 'Paralegal'],
      ['ACAMS', 'CAMS'],
      ['DipAVN', 'RCVS Diploma in Advanced Veterinary Nursing'],
      ['IMI TechSafe', 'IMI accreditation'],
      ['PSM I', 'Certified ScrumMaster'],
      ['DNACPR', 'ReSPECT process'],
      ['Retrofit Coordinator', 'PAS 2035'],
      ['ARTP spirometry', 'Spirometry'],
      ['EDH certificate', 'Efficient Deck Hand'],
    ];
    assertResolves(cases);
  });

  it('finds credentials and tools in a CV line as the CV writes them', () => {
    const line =
      'Tickets: GWO BST, GWO BTT, COLREGs, IATA DGR certified, WSET Level 3, CSCS Professionally Qualified Person card. ' +
      'Systems: Nervecentre, Careflow, Cliniko, ezyVet, Phorest, LibGuides, Toyota Techstream.';
    const names = namesFound(line);
    for (const name of [
      'GWO Basic Safety Training',
      'GWO Basic Technical Training',
      'COLREGs',
      'Dangerous goods handling',
      'Wine knowledge',
      'CSCS card',
      'Nervecentre',
      'Careflow',
      'Cliniko',
      'ezyVet',
      'Phorest',
      'LibGuides',
      'Toyota Techstream',
    ]) {
      assert.ok(names.includes(name), `${name} not in ${names.join(', ')}`);
    }
  });

  it('keeps credentials, licences and registrations as domain skills, and products as tools', () => {
    for (const name of ['GWO Basic Technical Training', 'Certificate in Fundraising', 'COLREGs', 'CILIP Chartership']) {
      assert.equal(taxonomy.resolve(name)?.category, 'domain', name);
    }
    for (const name of ['AMOS', 'Phorest', 'ezyVet', 'Nervecentre'])
      assert.equal(taxonomy.resolve(name)?.category, 'tool');
  });
});

describe('credentials in their EU, US, Canadian, Australian and South African forms', () => {
  it('a language certificate is the language it attests', () => {
    const names = namesFound(
      'Languages: French (DELF B2), German (Goethe-Zertifikat C1), Japanese (JLPT N2), Korean (TOPIK 5).',
    );
    for (const name of ['French', 'German', 'Japanese', 'Korean']) assert.ok(names.includes(name), names.join(', '));
  });

  it("finds other countries' licences and cards under the skill they are", () => {
    const cases: [string, string][] = [
      ['Permis B', 'Driving licence'],
      ['Führerschein Klasse CE', 'HGV driving'],
      ['Code 95', 'Driver CPC'],
      ['Staplerschein', 'Forklift operation'],
      ['CACES R489', 'CACES'],
      ['VCA VOL', 'VCA certificate'],
      ['White Card', 'White Card'],
      ['Red Seal endorsement', 'Red Seal'],
      ['ECDL', 'ICDL'],
      ['SAICA', 'CA(SA)'],
      ['TIPS certified', 'Responsible alcohol service'],
    ];
    assertResolves(cases);
  });

  it('their short names count only as written or in a list', () => {
    assert.deepEqual(
      namesFound('The SST was logged by the buoy; the ACS published it; a white card was pinned up.'),
      [],
    );
    const names = namesFound('Tickets: Gas Safe, ACS, SST.');
    assert.ok(names.includes('Gas engineering') && names.includes('Sauveteur Secouriste du Travail'), names.join(', '));
  });
});

describe("a credential's full name wins over the generic skill inside it", () => {
  it('the matcher takes the longest phrase at a position, whatever the order of entry', () => {
    const matcher = new PhraseMatcher([
      { phrase: 'Technical training', target: 'generic', mode: 'any-case' },
      { phrase: 'GWO Basic Technical Training', target: 'credential', mode: 'any-case' },
      { phrase: 'First aid', target: 'first aid', mode: 'any-case' },
      { phrase: 'Proficiency in Medical First Aid', target: 'STCW course', mode: 'any-case' },
    ]);
    const targets = matcher
      .match('GWO Basic Technical Training; Proficiency in Medical First Aid')
      .map((m) => m.target);
    assert.deepEqual(targets, ['credential', 'STCW course']);
  });

  it('reads each credential whole, not the skill its name holds', () => {
    const cases: [string, string, string][] = [
      ['GWO Basic Technical Training (2023)', 'GWO Basic Technical Training', 'Technical Training'],
      ['Certificate in Fundraising (Chartered Institute of Fundraising)', 'Certificate in Fundraising', 'Fundraising'],
      ['STCW Advanced Fire Fighting', 'STCW Advanced Fire Fighting', 'Firefighting'],
      ['Proficiency in Medical First Aid', 'Proficiency in Medical First Aid', 'First aid'],
      ['CSCS Professionally Qualified Person card', 'CSCS card', 'Qualified Person'],
      ['BIM 360 for document control', 'Autodesk Construction Cloud', 'Building information modelling'],
    ];
    for (const [text, credential, generic] of cases) {
      const names = namesFound(`Certifications: ${text}.`);
      assert.ok(names.includes(credential), `${credential} not in ${names.join(', ')}`);
      assert.ok(!names.includes(generic), `${generic} in ${names.join(', ')}`);
    }
  });

  it('a CV profile lists the credential of a certifications section, not the generic skill', () => {
    const names = cvSkills([
      'Certifications',
      '- GWO Basic Technical Training (2023)',
      '- GWO Advanced Rescue Training (2024)',
      '- Certificate in Fundraising (2021)',
    ]);
    for (const name of ['GWO Basic Technical Training', 'GWO Advanced Rescue Training', 'Certificate in Fundraising']) {
      assert.ok(names.includes(name), `${name} not in ${names.join(', ')}`);
    }
    assert.ok(!names.includes('Technical Training'), names.join(', '));
  });
});

describe('short and everyday names of credentials and tools', () => {
  it('are not found in ordinary text', () => {
    const prose = [
      'The shift starts at 09:00 BST and ends at 17:00 BST.',
      'We saw mice in the store room and met at the mews house.',
      'Toast and coffee were served; the children played on the seesaw.',
      'I concur with the review; a tapestry hangs in the hall.',
      'Use the lever to open the greenhouse vent.',
      'Step 1: read the brief. Next, act on the feedback.',
      'Senior Recruitment Consultant, Beacon Engineering Recruitment (agency).',
      'QQI Level 6 Advanced Certificate Craft (SOLAS apprenticeship).',
      'ACT (Action Counters Terrorism) awareness.',
      'Any suitably qualified person may sign the form.',
      "A walk along the Giant's Causeway; it was a fluke that we met.",
    ];
    const unwanted = [
      'GWO Basic Safety Training',
      'Professional body membership',
      'Mews PMS',
      'Point of sale systems',
      'Seesaw',
      'SAP Concur',
      'Tapestry',
      'Lever ATS',
      'STEP membership',
      'Beacon CRM',
      'ISM Code',
      'Accuracy checking',
      'Qualified Person',
      'Causeway',
      'Fluke testers',
    ];
    for (const sentence of prose) {
      const names = namesFound(sentence);
      for (const name of unwanted) assert.ok(!names.includes(name), `${name} in "${sentence}"`);
    }
  });

  it('are found in a list of tools or credentials', () => {
    const names = namesFound('Systems: Seesaw, Tapestry, Arbor, CPOMS. Licences: HGV, ADR, Driver CPC.');
    for (const name of ['Seesaw', 'Tapestry', 'Arbor MIS', 'CPOMS', 'HGV driving', 'Driver CPC']) {
      assert.ok(names.includes(name), `${name} not in ${names.join(', ')}`);
    }
  });
});

describe('credentials of more regulated trades (docs/quality.md, branch cv-credentials)', () => {
  it('resolves the registrations, tickets and licences of trades in several countries', () => {
    const cases: [string, string][] = [
      ['Green Certificate', 'Green Cert'],
      ['FBDO', 'ABDO qualification'],
      ['RGII', 'RGII registration'],
      ['MSHA Part 48', 'MSHA certification'],
      ['IRSE licence', 'IRSE licence'],
      ['PBT(ASCP)', 'Phlebotomy certification'],
      ['NHA CPT', 'Phlebotomy certification'],
      ['LGV C', 'HGV driving'],
      ['Radiation Users Licence', 'Radiation licence'],
      ['Veterinary Practitioners Board registration', 'RCVS registration'],
      ['HAZMAT endorsement', 'HAZMAT endorsement'],
      ['CPR Level C', 'CPR certification'],
      ['Trimble Earthworks', 'Machine control GPS'],
      ['Omnicell', 'Automated dispensing cabinets'],
      ['Electrical licence', "Electrician's licence"],
      ['AZ licence', 'HGV driving'],
      ['QBCC licence', "Builder's licence"],
      ['INC registration', 'Nursing registration (India)'],
      ['BCPS', 'Board certification (pharmacy)'],
      ['PSIRA registration', 'Security guard license'],
      ['Class A asbestos removal licence', 'Asbestos removal licence'],
    ];
    assertResolves(cases);
  });

  it('places a licence under the trade it licenses', () => {
    assert.ok(broaderNames('IRSE licence').includes('Railway signalling'), broaderNames('IRSE licence').join(', '));
    assert.ok(broaderNames('CPR Level C').includes('First aid'), broaderNames('CPR Level C').join(', '));
    assert.ok(broaderNames('Epic Beaker').includes('Epic'), broaderNames('Epic Beaker').join(', '));
  });

  it('an abbreviation that is also a word or a name counts only in a list of credentials or tools', () => {
    const prose = [
      'We planted a green cert tree; the common platform at the station was busy.',
      'A beaker of water, a Kroll family reunion and a Pyxis constellation chart.',
      'The RSA lecture on CRT monitors ended early; the RSG was closed.',
    ];
    const gated = [
      'Green Cert',
      'Common Platform',
      'Epic Beaker',
      'Pharmacy software',
      'Automated dispensing cabinets',
    ];
    for (const sentence of prose) {
      const names = namesFound(sentence);
      for (const name of [...gated, 'Responsible alcohol service', 'Registered Respiratory Therapist']) {
        assert.ok(!names.includes(name), `${name} in "${sentence}"`);
      }
    }
    // An abbreviation that names different things in different fields (RSA: alcohol service or encryption; ECS: the
    // electricians' card or a container service; CRT, CPL, A&P) is left out even in a list: only its longer forms count.
    for (const short of ['RSA', 'ECS', 'CRT', 'CPL', 'A&P']) assert.equal(taxonomy.resolve(short), undefined, short);
    assert.ok(!namesFound('Skills: Docker, ECS, Kubernetes, Terraform.').includes('JIB card'));
    const listed = namesFound('Tickets: Green Cert, RSG, RGII. Systems: Common Platform, Kroll, Pyxis, Beaker.');
    for (const name of [...gated, 'Responsible alcohol service', 'RGII registration']) {
      assert.ok(listed.includes(name), `${name} not in ${listed.join(', ')}`);
    }
  });
});
