import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated vocabulary of docs/quality.md, "CV reading of ten more professions, again" (branch cv-vocab-8):
 * archives, actuarial work, drone operation, landscape architecture, general dentistry, policing, road freight transport
 * planning, event management, cardiac physiology and bricklaying. Each term resolves to the skill a recruiter names,
 * narrower skills sit under the broader one they imply, and the names moved from a coarser or wrong owner stay moved.
 */
describe('vocabulary of ten more professions (cv-vocab-8)', () => {
  it('resolves the terms each profession writes to the skill they name', () => {
    assertResolves([
      ['ISAAR(CPF)', 'Archival cataloguing'],
      ['Access to Memory', 'AtoM'],
      ['appraisal, selection and disposal', 'Records appraisal'],
      ['retention and disposal schedules', 'Retention schedules'],
      ['boxing and packaging', 'Preventive conservation'],
      ['loans paperwork', 'Loans management'],
      ['RMARA', 'ARA registration'],
      ['longevity assumptions', 'Longevity risk'],
      ['cash-flow model', 'Cash flow modelling'],
      ['defined benefit scheme valuations', 'Pension scheme valuations'],
      ['buy-in pricing', 'Bulk annuity pricing'],
      ['CSM roll-forward', 'IFRS 17'],
      ['MCEV', 'Embedded value'],
      ['A2 CofC', 'Drone piloting'],
      ['Operational Authorisation', 'CAA operational authorisation'],
      ['night flying endorsement', 'Night flying'],
      ['DroneDeploy', 'DroneDeploy'],
      ['LiDAR survey', 'LiDAR'],
      ['thermal inspection', 'Thermal imaging'],
      ['airspace checks', 'Airspace Management'],
      ['wind farm blade inspections', 'Wind turbine blade inspection'],
      ['stockpile surveys', 'Volumetric surveys'],
      ['ground control points', 'GNSS surveying'],
      ['LVIA', 'Landscape and visual impact assessment'],
      ['green infrastructure strategies', 'Green infrastructure'],
      ['verified views', 'Photomontages'],
      ['LEMP', 'Landscape management plans'],
      ['Chartered Member of the Landscape Institute', 'CMLI'],
      ['Vectorworks Landmark', 'Vectorworks'],
      ['Dental Council of Ireland', 'Dental Council registration'],
      ['comprehensive examinations', 'Dental examinations'],
      ['complete and partial dentures', 'Dentures'],
      ['relative analgesia', 'Inhalation sedation'],
      ['composite and amalgam fillings', 'Restorative dentistry'],
      ['molar endodontics', 'Endodontics'],
      ['case file preparation', 'Prosecution files'],
      ['DASH risk assessments', 'Domestic abuse risk assessment'],
      ['Niche RMS', 'Niche RMS'],
      ['Storm command and control', 'Storm command and control'],
      ['missing persons enquiries', 'Missing persons investigation'],
      ['neighbourhood officer', 'Neighbourhood policing'],
      ['ASB', 'Community safety'],
      ['tutor constable', 'Tutor constable'],
      ['PNC', 'Police National Computer'],
      ['Paragon', 'Paragon'],
      ['booking-in slots', 'Delivery booking'],
      ['driver scheduling', 'Driver allocation'],
      ['infringement reports', "Drivers' hours infringements"],
      ['backhauling', 'Backhaul planning'],
      ['chilled and ambient', 'Cold chain logistics'],
      ['VOR vehicles', 'Vehicle off road management'],
      ['conference organisation', 'Conference management'],
      ['exhibitor packages', 'Exhibition management'],
      ['venue finding', 'Venue sourcing'],
      ['Cvent', 'Cvent'],
      ['hybrid and virtual events', 'Virtual events'],
      ['Zoom Webinar', 'Zoom'],
      ['tender responses', 'Bid management'],
      ['post-event surveys', 'Post-event evaluation'],
      ['run-of-show scripts', 'Run of show'],
      ['cardiac physiologist', 'Cardiac physiology'],
      ['stress echo', 'Stress echocardiography'],
      ['TOEs', 'Transoesophageal echocardiography'],
      ['ambulatory ECG', 'Holter monitoring'],
      ['ABPM', 'Ambulatory blood pressure monitoring'],
      ['pacemaker and ICD follow-up', 'Cardiac device follow-up'],
      ['cath lab', 'Cardiac catheterisation'],
      ['Registered Clinical Physiologist', 'RCCP registration'],
      ['BSE accredited', 'BSE accreditation'],
      ['exercise tolerance tests', 'Exercise tolerance testing'],
      ['wall ties', 'Bricklaying'],
      ['chimney rebuilds', 'Chimney repairs'],
      ['corbelling', 'Decorative brickwork'],
      ['dumpy level', 'Levelling'],
      ['repointing in lime mortar', 'Lime mortar'],
      ['listed building repairs', 'Heritage restoration'],
    ]);
  });

  it('places the narrower skills under the broader one they imply', () => {
    for (const [narrow, broad] of [
      ['AtoM', 'Archives management'],
      ['Longevity risk', 'Actuarial science'],
      ['CAA operational authorisation', 'Drone piloting'],
      ['Landscape and visual impact assessment', 'Landscape architecture'],
      ['Dentures', 'Dentistry'],
      ['Domestic abuse risk assessment', 'Safeguarding'],
      ['Neighbourhood policing', 'Policing'],
      ['Tutor constable', 'Mentoring'],
      ['Delivery booking', 'Route planning'],
      ['Conference management', 'Event planning'],
      ['Stress echocardiography', 'Echocardiography'],
      ['Transoesophageal echocardiography', 'Echocardiography'],
      ['Holter monitoring', 'ECG interpretation'],
      ['Decorative brickwork', 'Bricklaying'],
    ] as const) {
      assert.ok(broaderNames(narrow).includes(broad), `${narrow} under ${broad}: ${broaderNames(narrow).join(', ')}`);
    }
  });

  it('keeps the moved names off their old owners', () => {
    assert.equal(taxonomy.resolve('A2 CofC')?.name, 'Drone piloting');
    assert.equal(taxonomy.resolve('drone pilot')?.name, 'Drone piloting');
    assert.equal(taxonomy.resolve('conference organisation')?.name, 'Conference management');
    assert.equal(taxonomy.resolve('DASH risk assessment')?.name, 'Domestic abuse risk assessment');
    assert.notEqual(taxonomy.resolve('cardiac physiologist')?.name, 'Echocardiography');
    assert.notEqual(taxonomy.resolve('transoesophageal echocardiography')?.name, 'Echocardiography');
  });

  it('reads the gated names only as written', () => {
    // "a paragon of patience" and "the atom" are ordinary words; the products are written with their capitals.
    assert.deepEqual(namesFound('She was a paragon of patience and split the atom in class.'), []);
    assert.ok(namesFound('Route planning in Paragon and AtoM cataloguing').includes('Paragon'));
    assert.ok(namesFound('Route planning in Paragon and AtoM cataloguing').includes('AtoM'));
  });
});
