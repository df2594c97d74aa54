import { composedWrong } from './composition.ts';
import { guardedBy, t } from './vocabulary.ts';

/**
 * Three composed wrongs (composition.ts) in which what goes on the record, or to the people who rely on it, is not
 * what the brief itself says happened or is so — whatever the trade:
 *
 * - a *claim of safety, protection or approval* made to buyers or investors while the brief itself says the opposite
 *   ("capital protected" for bonds it calls unsecured and not covered by any compensation scheme);
 * - a *record of checks filled with typical values*, so it shows tests or readings nobody took ("the commissioning
 *   checklist is filled in with typical readings for that model");
 * - a *test or assessment taken in someone else's place*, under their name or account, so an examiner credits them
 *   with it ("sit the speaking section for these students, logged in with the student's account").
 *
 * No part alone is a wrong: a brochure's message, a checklist, a test and a login are all ordinary; the parts meeting
 * in neighbouring sentences of a request are.
 */

/** What a message, a headline or a label says: the frame in which a claim is made to others. */
const CLAIM_MADE = t(
  '~(say|call|describe|claim|present|advertise|market|label|promote|badge|brand)',
  'message*',
  'headline*',
  'tagline*',
  'strapline*',
  'slogan*',
  'promise*',
);

/** A claim that people's money or health is safe: protected, guaranteed, secured, insured, regulated, approved. */
const SAFE_CLAIM = t(
  'capital protected',
  'capital-protected',
  'protected',
  'guaranteed',
  'risk-free',
  'low-risk',
  'low risk',
  'risk free',
  'no risk',
  'safe',
  'secure',
  'secured',
  'fully covered',
  'insured',
  'regulated',
  'authorised',
  'authorized',
  'clinically proven',
  'medically approved',
  'approved',
);

/** The brief's own words that the money or the product is not safe, protected or approved. */
const SAID_NOT_SAFE = t(
  'unsecured',
  'unprotected',
  'unregulated',
  'unauthorised',
  'unauthorized',
  'uninsured',
  'unapproved',
  'unlicensed',
  'unproven',
  'untested',
  "(not|n't|never) (protected|guaranteed|secured|regulated|authorised|authorized|approved|insured|licensed|proven|tested)",
  "(not|n't|never) been (protected|guaranteed|secured|regulated|authorised|authorized|approved|insured|licensed|proven|tested)",
  // Covered as a whole, not an exclusion ("some items are not covered"): "not covered by any compensation scheme".
  "(not|n't|never) covered by (any|a|the) ? ? (scheme|compensation|fscs|guarantee|insurance)",
  '(no|without) (guarantee|guarantees|protection|compensation|cover|insurance|security|approval|licence|license|trials)',
  '(capital|money|savings|deposit|deposits|investment|investments) (is|are) at risk',
  '(capital|money|savings|deposit|deposits|investment|investments) at risk',
  '(can|could|may|might) lose (everything|all|money|some|most|part|their)',
);

/** Safety, protection or approval claimed to buyers or investors while the brief itself says it is not so. */
export const SAFETY_CLAIMED_AGAINST_ITS_OWN_TERMS = composedWrong({
  kind: 'a claim that money or health is safe, protected, guaranteed or approved, made to buyers or investors while the brief itself says it is not',
  act: { says: 'tell buyers or investors', terms: CLAIM_MADE },
  wronged: {
    says: 'that their money or health is safe, protected, guaranteed or approved',
    terms: SAFE_CLAIM,
    asserted: true,
  },
  concealment: { says: 'while the brief itself says it is not, which misleads them', terms: SAID_NOT_SAFE },
  together: { parts: ['act', 'wronged'], within: 10 },
  // The claim and what the brief says against it are two statements, in two sentences.
  distinct: true,
  // Not the shared guarding words: "protect*" is the claim itself. The honest version states the risk plainly.
  unless: t(
    'honest*',
    'accurate*',
    'clear*',
    'prominent*',
    'warning*',
    'misleading',
    'disclos*',
    'compliant',
    'complian*',
    'fca',
    'asa',
    'explain*',
    'never (say|call|claim|describe)',
    // A limit stated on the way, not the product's own safety denied: "some items are not covered, such as…".
    'some',
    'such as',
    'except*',
    'exclu*',
  ),
});

/** A record of checks, tests or readings, filled with what such a check usually shows rather than what it showed. */
const FILLED_WITH_TYPICAL = t(
  // "filled in with typical readings", "fill in the service sheet with typical readings": up to four words between.
  ...['', 'in ', 'out ', '? ', '? ? ', '? ? ? ', '? ? ? ? '].map(
    (gap) =>
      `~(fill|prefill|pre-fill|populate|complete|enter) ${gap}with (typical|usual|expected|average|standard|sample|dummy|plausible|normal) (readings|values|results|figures|measurements|temperatures|numbers|data)`,
  ),
  ...['', 'in ', 'out ', '? ', '? ? ', '? ? ? '].map(
    (gap) =>
      `~(fill|prefill|pre-fill|populate|complete|enter) ${gap}with the (typical|usual|expected|average|standard|normal) (readings|values|results|figures|measurements|temperatures|numbers)`,
  ),
  '~(fill|prefill|pre-fill|populate) in with (typical|usual|expected|average|standard|plausible|normal)',
  // A record kept up at what it usually says: "the waste transfer notes continued at the usual volumes".
  ...['', '? ', '? ? '].map(
    (gap) =>
      `~(continue|keep|fill|issue|complete|write|carry) ${gap}at the (usual|typical|normal|same|standard) (volumes|amounts|figures|quantities|levels|weights|readings|values|temperatures)`,
  ),
  '(typical|usual|expected|average|plausible) (readings|measurements|temperatures|results) (are|is|get|gets) (entered|filled|added|recorded|logged)',
);

/** What such a record is: a checklist, a log, a certificate or sheet of a commissioning, inspection, test or service. */
const RECORD_OF_CHECKS = t(
  'checklist*',
  'check sheet*',
  'log',
  'logs',
  'logbook*',
  'record',
  'records',
  'certificate*',
  'commissioning',
  'inspection*',
  'test sheet*',
  'service sheet*',
  'sheet',
  'sheets',
  'form',
  'forms',
  // What a carrier, a weighbridge or a return records: "waste transfer notes", "our paperwork".
  'transfer note*',
  'paperwork',
  'return',
  'returns',
);

/** A record of checks filled with typical values, so it shows tests or readings nobody took. */
export const CHECKS_RECORDED_NOT_MADE = composedWrong({
  kind: 'a record of checks, tests or readings filled in with typical values instead of what was measured',
  act: { says: 'fill in a record of checks, tests or readings', terms: RECORD_OF_CHECKS },
  wronged: { says: 'with typical values instead of what was measured', terms: FILLED_WITH_TYPICAL, asserted: true },
  concealment: {
    says: 'so it shows checks nobody made, which deceives whoever relies on it (a customer, a manufacturer, an inspector)',
  },
  // The record may be named in the sentence before ("The pool test record has to show readings every two hours.
  // We would like it completed with usual results…"); the typical values must be in the sentence that asks.
  askedInAPart: true,
  unless: guardedBy(
    'measured',
    'from the (analyser|analyzer|meter|sensor|device|instrument|probe|gauge)',
    'confirm*',
    'demo*',
    'test data',
    'placeholder*',
    'example*',
    'overwrit*',
    'replace*',
    'flag*',
    'stop*',
  ),
});

/** A test, exam or assessment, or a part of one, taken by the contributor for the people it is meant to assess. */
const TAKEN_FOR_THEM = t(
  ...['', '? ', '? ? '].flatMap((gap) =>
    ['for', 'on behalf of', 'in place of', 'instead of'].map(
      (whose) =>
        `~(sit|take|do|complete|answer|attempt) (the|their|his|her|a|an) ${gap}(test|tests|exam|exams|examination|examinations|assessment|assessments|section|part|paper|module|quiz|interview) ${whose}`,
    ),
  ),
  ...['for', 'on behalf of', 'in place of', 'instead of'].map(
    (whose) => `~(sit|take|do|complete) (it|them) ${whose} (them|him|her|the|these|those|our|each|every)`,
  ),
  // The assessment itself done for them, whatever the verb: "work through the module and its quiz for them".
  '(test|tests|exam|exams|quiz|quizzes|assessment|assessments|module|modules) for (them|him|her)',
);

/** Under whose name it is taken: their account or login, or so the examiner takes the taker for them. */
// (Also "log in as each carer": every one of the people, in turn, not "log in as the admin".)
const UNDER_THEIR_NAME = t(
  ...['', '? ', '? ? '].map(
    (gap) =>
      `~(log|sign) in (with|as|under|using|on) (the|their|his|her|each|a) ${gap}(account|accounts|login|logins|details|credentials|password)`,
  ),
  '~(log|sign) in as (each|every) ?',
  'on (their|his|her) behalf',
  'on behalf of (each|every|the|our|these|those|them|him|her)',
  'in (their|his|her) place',
  'under (their|his|her) (name|names)',
  'so the (examiner|examiners|invigilator|invigilators|proctor|proctors|assessor|assessors|marker|markers) (sees|see|thinks|think|believes|believe|accepts|accept)',
);

/** A test or assessment taken in the place of the people it assesses, under their name. */
export const ASSESSED_IN_ANOTHERS_PLACE = composedWrong({
  kind: "a test, exam or assessment taken in another person's place, under their name or account",
  act: { says: "take a test, exam or assessment in another person's place", terms: TAKEN_FOR_THEM, asserted: true },
  wronged: { says: 'under their name or account', terms: UNDER_THEIR_NAME },
  concealment: { says: 'so the examiner credits them with it, which deceives whoever relies on the result' },
  // Not the shared guards: a teacher or tutor is who is asked to do it. The honest versions: a mock or practice
  // test, a scribe or reader the exam board allows.
  // A risk, fire or impact assessment is done for a client, not sat in a candidate's place.
  unless: t(
    'mock',
    'practice',
    'rehears*',
    'scribe*',
    'reader',
    'reasonable adjustment*',
    'access arrangement*',
    '(risk|fire|impact|needs|condition|site|property|health) (assessment|assessments)',
  ),
});

/** Money paid out as fees, invoices or payments. */
const PAID_OUT = t(
  'fee',
  'fees',
  'invoice',
  'invoices',
  'invoiced',
  'payment',
  'payments',
  '~pay',
  'paid',
  'commission*',
);

/** The brief's own words that the money comes back to the payer or its owners. */
const COMES_BACK = t(
  ...['pass', 'pay', 'hand', 'send', 'give', 'return', 'route', 'funnel', 'channel', 'transfer'].flatMap((verb) => [
    `~${verb} (it|them|this|that) back`,
    `~${verb} the (money|cash|fees|payments|funds|difference) back`,
    `~${verb} (most|all|some|part|half) of (it|them|this|that) back`,
  ]),
  'back to (us|me)',
  'back to (the|our) (director|directors|owner|owners)',
  '(comes|come|goes|go) back to (them|him|her)',
  'kickback*',
  // Or pays for no work at all: "though he does no work for us and the money stays in the family".
  '(stays|stay|remains|remain) in the family',
  '(does|do|did) no work',
  "(does|do|did) (not|n't) do any work",
);

/** Booked as a cost of the business, so that tax, pay or profit comes out lower. */
const BOOKED_AS_COST = t(
  'as (a|an) business (cost|costs|expense|expenses)',
  'as business (cost|costs|expense|expenses)',
  '~(book|record|enter|class|treat|show|list) (them|it|these|this) as ? (cost|costs|expense|expenses|fee|fees)',
  '~(book|record|enter|class|treat|show|list) (them|it|these|this) as (a|an) ? (cost|costs|expense|expenses|fee|fees)',
  '~book (them|it|these|this) as',
  'descriptions such as',
  'so the (salary|salaries|payroll|profit|profits|tax|bill) ? ? ? (drop|drops|fall|falls|goes|go|is|are)',
  'so (our|their|the) (tax|salary|salaries|payroll|profit|profits) ? (is|are|drops|drop|falls|fall) (lower|less|smaller|down|reduced)',
  'so (our|their|the) (tax|salary|salaries|payroll|profit|profits) (is|are|drops|drop|falls|fall) (lower|less|smaller|down|reduced)',
  'so that the (salary|salaries|payroll|profit|profits|tax|bill) ? ? ? (drop|drops|fall|falls|goes|go|is|are)',
);

/** Money paid out as a business cost that the brief itself says comes back to the payer or its owners. */
export const PAID_OUT_TO_COME_BACK = composedWrong({
  kind: 'fees or invoices paid as a business cost while the brief itself says the money comes back to the payer or its owners or pays for no work',
  act: { says: 'pay fees or invoices out', terms: PAID_OUT },
  wronged: {
    says: 'as a cost of the business (booked as services, expenses or fees)',
    terms: BOOKED_AS_COST,
  },
  concealment: {
    says: 'while the brief itself says the money comes back to the payer or its owners, or pays for no work, which deceives the tax authority and whoever relies on the accounts',
    terms: COMES_BACK,
    asserted: true,
  },
  unless: guardedBy('refund*', 'rebate*', 'declar*', 'disclos*', 'deposit*', 'repay*', 'loan*', 'overpa*'),
});
