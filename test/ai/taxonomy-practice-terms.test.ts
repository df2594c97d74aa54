import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound } from './shipped-taxonomy.ts';

/**
 * The curated lexicon of trades' practice terms (docs/quality.md, branch cv-practice-terms): the named techniques,
 * procedures and equipment work recruiters list, found under the skill a recruiter names, placed under the broader
 * skill they imply, and the terms that are also ordinary words or other fields' terms counted only in a skills list.
 */

describe('practice terms of trades and professions', () => {
  it('resolves the terms recruiters list across trades to the skill they name', () => {
    const cases: [string, string][] = [
      ['trench digging', 'Trenching'],
      ['kerbing', 'Kerb laying'],
      ['EICRs', 'Electrical inspection and testing'],
      ['360 excavator', 'Excavator operation'],
      ['blind lifts', 'Crane operation'],
      ['spaying', 'Neutering'],
      ['sterile compounding', 'Aseptic compounding'],
      ['technical checking', 'Accuracy checking'],
      ['MDS trays', 'Compliance packaging'],
      ['near-patient testing', 'Point-of-care testing'],
      ['scrubbing and circulating', 'Scrub practice'],
      ['aircraft marshalling', 'Aircraft marshalling'],
      ['into-plane fuelling', 'Aircraft refuelling'],
      ['bridge watchkeeping', 'Watchkeeping'],
      ['multi-drop', 'Delivery driving'],
      ['makereadies', 'Printing production'],
      ['saddle stitching', 'Print finishing'],
      ['LHD/bogger operation', 'Underground mining'],
      ['level crossing maintenance', 'Track maintenance'],
      ['relay interlockings', 'Railway signalling'],
      ['kerbside collection', 'Waste operations'],
      ['trial bundles', 'Bundle preparation'],
      ['completion statements', 'Conveyancing'],
      ['tail painting', 'Fertility management'],
      ['skin fades', 'Barbering'],
      ['landlord gas safety checks', 'Gas engineering'],
      ['ultrasonic scaling', 'Dental hygiene'],
      ['fluoroscopy', 'Diagnostic radiography'],
      ['negative pressure wound therapy', 'Wound care'],
      ['nail surgery', 'Nail surgery'], // its own skill under Podiatry since cv-vocab-7
      ['hose running', 'Firefighting'],
      ['rodent proofing', 'Pest control'],
      ['webbing and springing', 'Upholstery'],
      ['ADAS calibration', 'Vehicle diagnostics'],
    ];
    assertResolves(cases);
  });

  it('places a new practice skill under the broader skill it implies', () => {
    const cases: [string, string][] = [
      ['Trenching', 'Groundworks'],
      ['Neutering', 'Veterinary medicine'],
      ['Compliance packaging', 'Dispensing'],
      ['Aircraft pushback', 'Ramp operations'],
      ['Ramp operations', 'Aviation operations'],
      ['Shunting', 'Train driving'],
      ['Press maintenance', 'Printing production'],
    ];
    for (const [name, parent] of cases)
      assert.ok(broaderNames(name).includes(parent), `${name}: ${broaderNames(name).join(', ')}`);
  });

  it('a practice term that is also an ordinary word counts only in a list of skills', () => {
    const gated = ['Backfilling', 'Paving', 'Aircraft pushback', 'Aircraft de-icing', 'Shunting', 'Winter gritting'];
    const prose =
      'Backfilling the gaps and paving the way, we met pushback; shunting and de-icing and gritting our teeth.';
    const inProse = namesFound(prose);
    for (const name of gated) assert.ok(!inProse.includes(name), `${name} in prose: ${inProse.join(', ')}`);
    const listed = namesFound('Skills: Backfilling, Paving, Pushback, De-icing, Shunting, Gritting.');
    for (const name of gated) assert.ok(listed.includes(name), `${name} not in ${listed.join(', ')}`);
  });

  it('leaves out the words that name other fields’ work, even in a skills list', () => {
    const software = namesFound(
      'Skills: CFD meshing, EV charging, bundling with Webpack, hoisting, signal testing, colour correction, live data analysis.',
    );
    for (const name of [
      'Ground support',
      'Drill and blast',
      'Bundle preparation',
      'Manual handling',
      'Railway signalling',
      'Hair colouring',
      'Vehicle diagnostics',
    ]) {
      assert.ok(!software.includes(name), `${name} in ${software.join(', ')}`);
    }
  });
});
