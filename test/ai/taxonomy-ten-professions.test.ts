import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated vocabulary of ten more professions (docs/quality.md, "CV skills of ten more professions", branch
 * cv-trades-6): sonography, glazing, naval architecture, court reporting, property underwriting, teaching assistance,
 * bus and coach driving, floristry, exploration geology and energy assessment. Each term resolves to the skill a
 * recruiter names, sits under the broader skill it implies, and the terms that are also other things (an Irish
 * authority, a word, another field's abbreviation) are not read as these skills.
 */

describe('vocabulary of ten more professions', () => {
  it('resolves the terms each profession writes to the skill they name', () => {
    assertResolves([
      ['NT scan', 'Nuchal translucency scanning'],
      ['morphology scans', 'Fetal anomaly scanning'],
      ['umbilical artery Doppler', 'Doppler ultrasound'],
      ['EPAU', 'Early pregnancy assessment'],
      ['thyroid ultrasound', 'Small parts ultrasound'],
      ['ASAR accredited', 'Sonographer accreditation'],
      ['RDMS', 'Sonographer accreditation'],
      ['Voluson E10', 'GE Voluson'],
      ['Karisma RIS', 'Radiology information systems'],
      ['shopfronts', 'Shopfront installation'],
      ['silicone sealing', 'Sealant application'],
      ['vacuum lifters', 'Vacuum lifting'],
      ['fire-rated glass', 'Fire-rated glazing'],
      ['measuring up', 'Site surveys'],
      ['NVQ Level 3 Fenestration Installation', 'Fenestration NVQ'],
      ['ship design', 'Naval architecture'],
      ['hull lines', 'Hull form design'],
      ['damage stability', 'Ship stability'],
      ['inclining test', 'Inclining experiment'],
      ['scantlings', 'Ship structural design'],
      ['powering predictions', 'Resistance and powering'],
      ['Maxsurf Stability', 'Maxsurf'],
      ['Simcenter STAR-CCM+', 'STAR-CCM+'],
      ['court reporter', 'Court reporting'],
      ['deposition reporting', 'Court reporting'],
      ['realtime writing', 'Realtime reporting'],
      ['machine shorthand', 'Stenography'],
      ['Case CATalyst', 'CAT software'],
      ['Registered Professional Reporter (RPR)', 'Registered Professional Reporter'],
      ['Texas CSR', 'Certified Shorthand Reporter'],
      ['Registered Merit Reporter', 'Registered Merit Reporter'],
      ['binding authorities', 'Delegated authority'],
      ['bordereaux', 'Bordereaux management'],
      ['business interruption', 'Business interruption insurance'],
      ['cat modelling', 'Catastrophe modelling'],
      ['Placing Platform Limited', 'Placing platforms'],
      ['LMA clauses', 'Policy wordings'],
      ["Lloyd's Market Certificate (LMC)", "Lloyd's Market Certificate"],
      ['teaching assistant', 'Learning support'],
      ['Level 3 Supporting Teaching and Learning', 'Supporting Teaching and Learning qualification'],
      ['cover for PPA', 'PPA cover'],
      ['visual timetables', 'Visual supports'],
      ['1:1 support', 'One-to-one support'],
      ['walkaround check', 'Vehicle checks'],
      ['issuing tickets', 'Fare collection'],
      ['eco-driving', 'Fuel-efficient driving'],
      ['route learning', 'Route knowledge'],
      ['school runs', 'School transport'],
      ['wheelchair ramp', 'Accessible transport assistance'],
      ['funeral tributes', 'Funeral floristry'],
      ['bridal bouquets', 'Wedding floristry'],
      ['floral installations', 'Event floristry'],
      ['Interflora', 'Flower wire services'],
      ['core cutting', 'Core sampling'],
      ['channel sampling', 'Rock sampling'],
      ['3D geological modelling', 'Geological modelling'],
      ['acQuire', 'Geological database management'],
      ['drill programme supervision', 'Drill programme supervision'],
      ['P.Geo', 'Professional Geoscientist'],
      ['Part L', 'Building Regulations Part L'],
      ['Minimum Energy Efficiency Standards', 'MEES'],
      ['ECO4', 'Energy efficiency funding schemes'],
      ['U-values', 'U-value calculations'],
      ['airtightness testing', 'Air tightness testing'],
      ['Metropix', 'Floor plans'],
      ['OCDEA', 'Energy performance assessment'],
    ]);
  });

  it('places a profession’s narrower skill under the broader skill it implies', () => {
    const cases: [string, string][] = [
      ['Nuchal translucency scanning', 'Obstetric ultrasound'],
      ['Doppler ultrasound', 'Ultrasound'],
      ['Shopfront installation', 'Glazing'],
      ['Ship stability', 'Naval architecture'],
      ['Inclining experiment', 'Ship stability'],
      ['STAR-CCM+', 'Computational fluid dynamics'],
      ['Nastran', 'Finite element analysis'],
      ['Realtime reporting', 'Court reporting'],
      ['Bordereaux management', 'Delegated authority'],
      ['Delegated authority', 'Underwriting'],
      ['PPA cover', 'Learning support'],
      ['Funeral floristry', 'Floristry'],
      ['Leapfrog Geo', 'Geological modelling'],
      ['Building Regulations Part L', 'Building regulations'],
    ];
    for (const [name, parent] of cases)
      assert.ok(broaderNames(name).includes(parent), `${name}: ${broaderNames(name).join(', ')}`);
  });

  it('moves names out of a coarser or wrong owner', () => {
    // Court reporting is the stenographer's work, not news writing; delegated authority is an underwriting
    // discipline, not the Lloyd's market itself; route knowledge is any driver's, not only a train driver's.
    assert.equal(taxonomy.resolve('court reporting')?.name, 'Court reporting');
    assert.equal(taxonomy.resolve('delegated authority')?.name, 'Delegated authority');
    assert.equal(taxonomy.resolve('route knowledge')?.name, 'Route knowledge');
    assert.equal(taxonomy.resolve("Lloyd's Register")?.name, 'Class approval');
    assert.equal(taxonomy.resolve('MCA Dopplers')?.name, 'Doppler ultrasound');
  });

  it('does not read the other senses of these professions’ words as their skills', () => {
    // SOLAS is also Ireland's further-education authority (an apprenticeship, a Safe Pass); a fitness instructor's
    // "class cover" is not a teaching assistant's; PPL also licenses music and Whitespace is a word.
    const found = namesFound(
      'QQI Level 6 carpentry (SOLAS apprenticeship), SOLAS Safe Pass. Gym inductions and class cover (spin). ' +
        'PPL licence for the bar music; whitespace in the layout. Sensory circuits in class.',
    );
    for (const name of ['SOLAS Convention', 'PPA cover', 'Placing platforms', 'Visual supports'])
      assert.ok(!found.includes(name), `${name} in ${found.join(', ')}`);
    const listed = namesFound('Systems: PPL, Whitespace, Excel');
    assert.ok(listed.includes('Placing platforms'), listed.join(', '));
  });
});
