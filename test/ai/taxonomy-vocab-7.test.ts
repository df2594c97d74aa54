import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated vocabulary of docs/quality.md, "CV reading of ten more professions" (branch cv-vocab-7): podiatry,
 * plastering, environmental health, photography, viticulture, flying and air traffic control, meteorology, credit
 * control, housekeeping, water process engineering, and the professions still under 0.60 recall (interpreting, crane
 * types, mortgage advice, courts, livestock, prisons, veterinary surgery, dispensing optics, funeral service). Each
 * term resolves to the skill a recruiter names, narrower skills sit under the broader one they imply, and the names
 * moved from a coarser or wrong owner stay moved.
 */
describe('vocabulary of ten more professions (cv-vocab-7)', () => {
  it('resolves the terms each profession writes to the skill they name', () => {
    assertResolves([
      ['partial nail avulsion', 'Nail surgery'],
      ['high-risk foot clinic', 'Diabetic foot care'],
      ['ABPI', 'Ankle-brachial pressure index'],
      ['total contact casting', 'Offloading'],
      ['digital nerve block', 'Local anaesthesia'],
      ['POM-A', 'Prescription-only medicines annotation'],
      ['coving', 'Coving and cornice'],
      ['Estimating', 'Cost estimating'],
      ['food premises inspections', 'Food hygiene inspection'],
      ['FHRS', 'Food Hygiene Rating Scheme'],
      ['PACE interviews', 'Interviews under caution'],
      ['HHSRS', 'Environmental health'],
      ['sound level meter', 'Noise monitoring'],
      ['Idox Uniform', 'Uniform (Idox)'],
      ['menu photography', 'Food photography'],
      ['usage licensing', 'Image licensing'],
      ['Guyot pruning', 'Vine pruning'],
      ['petiole sampling', 'Plant tissue sampling'],
      ['mass and balance', 'Weight and balance'],
      ['MCC/JOC', 'Multi-crew co-operation'],
      ['OPC/LPC', 'Pilot proficiency checks'],
      ['ICAO English Level 6', 'ICAO English proficiency'],
      ['mandatory occurrence reports', 'Aviation safety reporting'],
      ['EFPS', 'Electronic flight strips'],
      ['TAFs', 'Aviation meteorology'],
      ['NWP', 'Numerical weather prediction'],
      ['Fortran', 'Fortran'],
      ['Matplotlib', 'Matplotlib'],
      ['HPC', 'High-performance computing'],
      ['Creditsafe', 'Creditsafe'],
      ['aged debt report', 'Aged debt reporting'],
      ['cash forecasting', 'Cash flow management'],
      ['stop list', 'Stop lists'],
      ['room boards', 'Housekeeping room allocation'],
      ['return-to-work interviews', 'Absence management'],
      ['sequencing batch reactors', 'Sequencing batch reactors'],
      ['phosphorus removal', 'Nutrient removal'],
      ['P&IDs', 'P&IDs'],
      ['O&M manuals', 'O&M manuals'],
      ['crawler crane', 'Crawler crane operation'],
      ['chuchotage', 'Whispered interpreting'],
      ['NRPSI', 'NRPSI registration'],
      ['fact-find', 'Fact-finding (financial advice)'],
      ['Iress Xplan', 'Iress Xplan'],
      ['court lists', 'Court listing'],
      ['flock health plan', 'Animal health planning'],
      ['faecal egg counts', 'Faecal egg counting'],
      ['fencing', 'Fencing installation'],
      ['bed-watch', 'Prisoner escort'],
      ['POELT', 'POELT'],
      ['desexing', 'Neutering'],
      ['lump removals', 'Soft tissue surgery'],
      ['frame selection', 'Frame selection'],
      ['registration of deaths', 'Death registration'],
      ['car licence', 'Driving licence'],
      ['supervise staff', 'Team management'],
      ['REHIS Intermediate Food Hygiene', 'Food Hygiene Certificate'],
      ['ride-on roller', 'Roller operation'],
      ['dig to levels', 'Working to levels'],
      ['Paxton Net2', 'Paxton Net2'],
      ['transponder programming', 'Automotive key cutting'],
      ['emergency call-outs', 'Emergency call-outs'],
    ]);
  });

  it('places the narrower skills under the broader one they imply', () => {
    for (const [narrow, broad] of [
      ['Nail surgery', 'Podiatry'],
      ['Verruca treatment', 'Podiatry'],
      ['Food hygiene inspection', 'Environmental health'],
      ['Vine pruning', 'Vineyard management'],
      ['Aviation meteorology', 'Meteorology'],
      ['Aged debt reporting', 'Accounts payable & receivable'],
      ['Nutrient removal', 'Water treatment'],
      ['Tower crane operation', 'Crane operation'],
      ['Court interpreting', 'Interpreting'],
      ['Buy-to-let mortgages', 'Mortgage advice'],
      ['Milk recording', 'Dairy farming'],
      ['Prison wing management', 'Custodial care'],
    ]) {
      assert.ok(broaderNames(narrow).includes(broad), `${narrow} under ${broad}: ${broaderNames(narrow).join(', ')}`);
    }
  });

  it('keeps the moved names off their old owners', () => {
    // "Food hygiene rating" named the certificate; "DSO", "clean room" and "turnarounds" keep their other senses.
    assert.equal(taxonomy.resolve('food hygiene rating')?.name, 'Food Hygiene Rating Scheme');
    assert.notEqual(taxonomy.resolve('crawler crane operation')?.name, 'Crane operation');
    assert.equal(taxonomy.resolve('Staff Supervision')?.name, 'Team management');
  });

  it('reads the gated names only in a list of skills', () => {
    // "Uniform" and "quotations" are words; ILS is also an aircraft's instrument landing system.
    assert.deepEqual(namesFound('Staff wear a uniform and we send quotations by email.'), []);
    assert.ok(!namesFound('Vectoring to the ILS for runway 27.').includes('Immediate life support'));
    assert.ok(namesFound('Certificates: ALS, ILS, BLS').includes('Immediate life support'));
  });
});
