import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated vocabulary of docs/quality.md, "CV skills of mainstream professions: health, care, education, law,
 * finance, public sector" (branch cv-mainstream-a): critical care and mental health nursing, general practice, clinical
 * psychology, secondary and high school maths teaching, criminal defence, corporate accounting, bookkeeping, care home
 * management and development management planning, in the words of several countries. Each term resolves to the skill a
 * recruiter names, narrower skills sit under the broader one they imply, and the names moved from a wrong or coarser
 * owner stay moved.
 */
describe('vocabulary of mainstream professions (cv-mainstream-a)', () => {
  it('resolves the terms each profession writes to the skill they name', () => {
    assertResolves([
      ['ITU nurse', 'Critical care nursing'],
      ['care of ventilated patients', 'Ventilator management'],
      ['BiPAP', 'Non-invasive ventilation'],
      ['PiCCO', 'Haemodynamic monitoring'],
      ['hemodynamic monitoring', 'Haemodynamic monitoring'],
      ['art lines', 'Arterial line management'],
      ['PICC line care', 'Central venous catheter care'],
      ['inotropes', 'Vasoactive drug titration'],
      ['CVVHDF', 'Renal replacement therapy'],
      ['hemodialysis', 'Haemodialysis'],
      ['CAM-ICU', 'Sedation and delirium assessment'],
      ['cardiothoracic recovery', 'Cardiac surgery recovery'],
      ['intercostal catheters', 'Chest drain management'],
      ['ABGs', 'Arterial blood gas interpretation'],
      ['MET calls', 'Deteriorating patient management'],
      ['extracorporeal membrane oxygenation', 'ECMO'],
      ['community psychiatric nurse', 'Mental health nursing'],
      ['long-acting injectable antipsychotics', 'Depot injections'],
      ['clozapine clinic', 'Clozapine monitoring'],
      ['metabolic monitoring', 'Physical health monitoring'],
      ['mental state examinations', 'Mental state examination'],
      ['crisis resolution and home treatment', 'Crisis intervention'],
      ['rapid tranquilization', 'Rapid tranquillisation'],
      ['WRAP facilitator', 'Wellness Recovery Action Planning'],
      ['family physician', 'General practice'],
      ['remote consultations', 'Telemedicine'],
      ['home visiting', 'Home visits'],
      ['LoC IUT', 'Intrauterine contraception'],
      ['Nexplanon fitting', 'Contraceptive implant fitting'],
      ['menopause and HRT', 'Menopause care'],
      ['6-8 week baby checks', 'Child health surveillance'],
      ['significant event analyses', 'Significant event analysis'],
      ['AccuRx', 'accuRx'],
      ['CPsychol', 'BPS Chartered Psychologist'],
      ['team formulation', 'Psychological formulation'],
      ['CBTp', 'CBT for psychosis'],
      ['compassionate mind training', 'Compassion focused therapy'],
      ['dialectical behavior therapy', 'Dialectical behaviour therapy'],
      ['WAIS-IV', 'Neuropsychological assessment'],
      ['ACE-III', 'Cognitive assessment'],
      ['TF-CBT', 'Trauma-focused therapy'],
      ['PHQ-9', 'Outcome measurement'],
      ['high school math teacher', 'Maths teaching'],
      ['teaching license', 'Teaching licence'],
      ['Ontario College of Teachers', 'Teaching licence'],
      ['AP Calculus AB', 'Calculus'],
      ['Algebra II', 'Algebra'],
      ['English language learners', 'EAL support'],
      ['co-taught classes', 'Co-teaching'],
      ['professional learning community', 'Professional learning communities'],
      ['positive behavior interventions and supports', 'PBIS'],
      ['TI-Nspire', 'Graphing calculators'],
      ['504 plans', 'IEP implementation'],
      ['criminal defense attorney', 'Criminal law'],
      ['police station attendance', 'Police station representation'],
      ['duty solicitor scheme', 'Duty solicitor'],
      ['bail hearings', 'Bail applications'],
      ['pleas in mitigation', 'Plea in mitigation'],
      ['examination-in-chief', 'Cross-examination'],
      ['defence statements', 'Trial preparation'],
      ['briefing counsel', 'Instructing counsel'],
      ['legal aid billing', 'Legal aid'],
      ['motoring offences', 'Road traffic law'],
      ['parole hearings', 'Prison law'],
      ['juvenile defense', 'Youth court defence'],
      ['prepaid expenses', 'Accruals and prepayments'],
      ['adjusting journal entries', 'Journal entries'],
      ['Form 1099', '1099 reporting'],
      ['intercompany eliminations', 'Intercompany accounting'],
      ['consolidation workpapers', 'Consolidation'],
      ['flux analysis', 'Variance analysis'],
      ['sales tax compliance', 'Sales and use tax'],
      ['AvaTax', 'Avalara'],
      ['IFRS 16', 'Lease accounting'],
      ['ASC 606', 'Revenue recognition'],
      ['business activity statements', 'BAS preparation'],
      ['GST/HST returns', 'GST'],
      ['MYOB AccountRight', 'MYOB'],
      ['Single Touch Payroll reporting', 'Single Touch Payroll'],
      ['super guarantee', 'Superannuation'],
      ['modern awards', 'Award interpretation'],
      ['EOFY', 'Year-end workpapers'],
      ['Xero conversions', 'Accounting software implementation'],
      ['cash flow reports', 'Cash flow management'],
      ['nursing home manager', 'Care home management'],
      ['CQC fundamental standards', 'CQC compliance'],
      ['HIQA inspections', 'CQC compliance'],
      ['mock inspections', 'Regulatory inspection'],
      ['DoLS applications', 'Deprivation of Liberty Safeguards'],
      ['capacity assessments', 'Mental capacity assessment'],
      ['CHC funding', 'NHS Continuing Healthcare'],
      ['pre-admission assessments', 'Pre-admission assessment'],
      ['Nourish Care', 'Nourish'],
      ['Namaste Care', 'Dementia care'],
      ['Section 106 agreements', 'Development management'],
      ['listed building consents', 'Listed building consent'],
      ['permitted development', 'Prior approval'],
      ['conservation area appraisals', 'Conservation area management'],
      ['TPO applications', 'Tree works applications'],
      ['delegated reports', 'Committee report writing'],
      ['National Planning Policy Framework', 'NPPF'],
      ['Community Infrastructure Levy', 'Community Infrastructure Levy'],
      ['MRTPI', 'RTPI membership'],
    ]);
  });

  it('places the narrower skills under the broader one they imply', () => {
    for (const [narrow, broad] of [
      ['Ventilator management', 'Respiratory care'],
      ['Non-invasive ventilation', 'Respiratory care'],
      ['Intrauterine contraception', 'Contraception services'],
      ['CBT for psychosis', 'Cognitive behavioural therapy'],
      ['Neuropsychological assessment', 'Psychological assessment'],
      ['IEP implementation', 'Special educational needs'],
      ["Magistrates' court advocacy", 'Court advocacy'],
      ['Journal entries', 'Month-end close'],
      ['Accruals and prepayments', 'Month-end close'],
      ['Variance analysis', 'Financial analysis'],
      ['BAS preparation', 'Tax'],
      ['GST', 'Tax'],
      ['Single Touch Payroll', 'Payroll'],
      ['Deprivation of Liberty Safeguards', 'Mental Capacity Act'],
      ['Committee report writing', 'Report writing'],
      ['NPPF', 'Planning policy'],
    ] as const) {
      assert.ok(broaderNames(narrow).includes(broad), `${narrow} under ${broad}: ${broaderNames(narrow).join(', ')}`);
    }
  });

  it('keeps the moved names off their old owners', () => {
    for (const [name, not] of [
      ['NIV', 'Respiratory care'],
      ['clozapine clinics', 'Depot injections'],
      ['video consultations', 'Clinical consultation'],
      ['coil fitting', 'Contraception services'],
      ['repeat prescribing', 'Dispensing'],
      ['CPsychol', 'BACP accreditation'],
      ['CFT', 'Acceptance and commitment therapy'],
      ['dialectical behaviour therapy', 'Acceptance and commitment therapy'],
      ['duty solicitor', 'Police Station Representative Accreditation'],
      ['teaching license', 'Qualified Teacher Status'],
      ['DoLS', 'Mental Capacity Act'],
      ['continuing healthcare', 'Adult social care assessments'],
      ['Nourish', 'Records management'],
      ['committee reports', 'Report writing'],
      ['MRTPI', 'Professional body membership'],
    ] as const) {
      assert.notEqual(taxonomy.resolve(name)?.name, not, name);
    }
  });

  it('reads the gated names only as written or in a list of skills', () => {
    assert.deepEqual(
      namesFound('Meals that nourish residents; we wrap the presents and stp at the bas.').filter((name) =>
        ['Nourish', 'Wellness Recovery Action Planning', 'Single Touch Payroll', 'BAS preparation'].includes(name),
      ),
      [],
    );
    assert.ok(namesFound('Care planning on Nourish, BAS and IAS lodgement').includes('Nourish'));
    assert.ok(namesFound('Skills: WRAP, CBT, MSE').includes('Wellness Recovery Action Planning'));
    // A renal dietitian's "haemodialysis patients" are a patient group, not dialysis work.
    assert.ok(!namesFound('Caseload of 140 haemodialysis patients').includes('Haemodialysis'));
    assert.ok(namesFound('Key skills: Haemodialysis, peritoneal dialysis, CRRT').includes('Haemodialysis'));
  });
});
