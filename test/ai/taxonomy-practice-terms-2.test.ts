import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated lexicon of thirty more professions' everyday skills terms (docs/quality.md, branch
 * cv-practice-terms-2): librarians, cleaners and valeters, brewers and distillers, auto and refrigeration engineers,
 * machinists, food and warehouse operatives, bookkeepers, retail staff, care and mental health workers, dental
 * nurses, OTs, gardeners, farm workers, cabin crew, social workers, cooks, teachers, pharmacy staff, bus and postal
 * workers and audiologists. Each term is found under the skill a recruiter names and placed under the broader skill
 * it implies; the terms that are also ordinary words are counted only in a list of skills.
 */

describe('practice terms of thirty more professions', () => {
  it('resolves the terms a CV of each profession lists to the skill they name', () => {
    const cases: [string, string][] = [
      ['copy cataloguing', 'Library cataloguing'],
      ['Dewey Decimal Classification', 'Library cataloguing'],
      ['interlibrary loans', 'Library circulation'],
      ['rhyme time', 'Reader development'],
      ['machine scrubbing', 'Floor care'],
      ['jet washing', 'Pressure washing'],
      ['mini valets', 'Vehicle valeting'],
      ['machine polishing', 'Paint correction'],
      ['dry hopping', 'Brewing'],
      ['canning line', 'Beverage packaging'],
      ['clean in place', 'Clean-in-place'],
      ['air con regas', 'Vehicle air conditioning'],
      ['dash cam installation', 'Vehicle telematics installation'],
      ['refrigerant recovery', 'Refrigerant handling'],
      ['wire EDM', 'Electrical discharge machining'],
      ['Siemens 840D', 'CNC machining'],
      ['bore gauges', 'Precision measurement'],
      ['metal detector checks', 'Food production checks'],
      ['CCP monitoring', 'Food production checks'],
      ['ATP swabbing', 'Factory hygiene'],
      ['3-way matching', 'Accounts payable & receivable'],
      ['aged debtors', 'Accounts payable & receivable'],
      ['BACS payments', 'Payment runs'],
      ['petty cash', 'Cash handling'],
      ['click and collect', 'Retail operations'],
      ['fluid balance charts', 'Fluid balance monitoring'],
      ['bed baths', 'Personal care'],
      ['depot injections', 'Depot injections'],
      ['intramuscular injections', 'Medication administration'],
      ['enhanced observations', 'Therapeutic observations'],
      ['impression taking', 'Dental impressions'],
      ['ADL assessments', 'Functional assessment'],
      ['seating assessment', 'Wheelchair and seating assessment'],
      ['minor adaptations', 'Equipment and adaptations'],
      ['turf laying', 'Landscaping'],
      ['egg collection', 'Poultry farming'],
      ['ewe scanning', 'Sheep husbandry'],
      ['safety demonstrations', 'Cabin crew'],
      ['section 47 enquiries', 'Child protection enquiries'],
      ['section 42 enquiries', 'Adult social care assessments'],
      ['sous vide', 'Cooking'],
      ['KS2', 'Teaching'],
      ['SIMS.net', 'School management information systems'],
      ['learning journeys', 'Early Years Foundation Stage'],
      ['New Medicine Service', 'Community pharmacy services'],
      ['fare collection', 'Fare collection'],
      ['postal delivery', 'Postal operations'],
      ['tympanometry', 'Audiometry'],
      ['microsuction', 'Ear wax removal'],
      ['visual reinforcement audiometry', 'Paediatric audiometry'],
    ];
    assertResolves(cases);
  });

  it('places a new skill under the broader skill it implies', () => {
    const cases: [string, string][] = [
      ['Library cataloguing', 'Librarianship'],
      ['Paint correction', 'Vehicle valeting'],
      ['Vehicle air conditioning', 'Vehicle servicing and repair'],
      ['Refrigerant handling', 'Refrigeration'],
      ['Electrical discharge machining', 'Machining'],
      ['Food production checks', 'Food manufacturing'],
      ['Payment runs', 'Accounts payable & receivable'],
      ['Fluid balance monitoring', 'Patient observations'],
      ['Depot injections', 'Medication administration'],
      ['Therapeutic observations', 'Mental health nursing'],
      ['Dental impressions', 'Dental nursing'],
      ['Functional assessment', 'Occupational therapy'],
      ['Child protection enquiries', 'Safeguarding'],
      ['Audiometry', 'Audiology'],
      ['Paediatric audiometry', 'Audiometry'],
      ['Koha', 'Library management systems'],
    ];
    for (const [name, parent] of cases)
      assert.ok(broaderNames(name).includes(parent), `${name}: ${broaderNames(name).join(', ')}`);
  });

  it('a term that is also an ordinary word or a name counts only in a list of skills', () => {
    const gated: [written: string, skill: string][] = [
      ['Brewing', 'Brewing'],
      ['Distilling', 'Distilling'],
      ['Kegging', 'Beverage packaging'],
      ['Counterbalance', 'Forklift operation'],
      ['Putaway', 'Goods in and dispatch'],
      ['Dewey', 'Library cataloguing'],
      ['Alma', 'Library management systems'],
      ['Splinting', 'Splinting'],
      ['Turfing', 'Landscaping'],
      ['Weeding', 'Grounds maintenance'],
      ['Farrowing', 'Pig farming'],
      ['Repositioning', 'Pressure area care'],
      ['Breakaway', 'Physical intervention'],
      ['Franking', 'Postal operations'],
      ['Carvery', 'Cooking'],
      ['Haas', 'CNC machining'],
    ];
    const prose =
      'Trouble was brewing and distilling into kegging talk; the counterbalance weights, putaway plans and Dewey the ' +
      'cat, Alma and Haas my colleagues, splinting a finger, turfing out, weeding out ideas, planting ideas, farrowing ' +
      'fields, repositioning the brand, a breakaway group, franking letters and a carvery lunch.';
    const inProse = namesFound(prose);
    for (const [, skill] of gated) assert.ok(!inProse.includes(skill), `${skill} in prose: ${inProse.join(', ')}`);
    for (const [written, skill] of gated) {
      const listed = namesFound(`Skills: ${written}, Customer service, Cash handling, Health and safety.`);
      assert.ok(listed.includes(skill), `${written}: ${skill} not in ${listed.join(', ')}`);
    }
  });

  it('leaves out the abbreviations and words that name other fields’ skills', () => {
    const found = namesFound(
      'Skills: Python, M&A, Acquisitions, Product cataloguing, PowerPoint, PPT, BACS, CIP, DMS, EPS, BIA, FCE, REM, ' +
        'RDA, Sanitation, metal detection, Faster Payments, retaining walls, fatigue management, energy conservation.',
    );
    for (const name of [
      'Library cataloguing',
      'Forklift operation',
      'Payment runs',
      'Clean-in-place',
      'Community pharmacy services',
      'Mental Capacity Act',
      'Functional assessment',
      'Audiometry',
      'Factory hygiene',
      'Food production checks',
      'Landscaping',
      'Library stock management',
    ])
      assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
  });

  it('reads no skill into the everyday wording of plans around these trades', () => {
    const found = namesFound(
      'Review the critical control points and cleaning schedules, timetable Key Stage 3 and GCSE option blocks, ' +
        'draw up planting plans, track PRN medication use and teach injection technique.',
    );
    for (const name of [
      'Food production checks',
      'Housekeeping',
      'Teaching',
      'Horticulture',
      'Medication administration',
    ])
      assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
  });

  it('keeps a narrower practice out of the broad skill a worker may hold without it', () => {
    // Dipping needs its own certificate; a teacher delivers the sensory diets an occupational therapist designs;
    // an audiologist doing adult audiometry may only assist with visual reinforcement audiometry.
    assert.notEqual(taxonomy.resolve('sheep dipping')?.name, 'Sheep husbandry');
    assert.notEqual(taxonomy.resolve('sensory diets')?.name, 'Sensory integration');
    assert.notEqual(taxonomy.resolve('VRA')?.name, 'Audiometry');
  });
});
