import type { Terms } from '../terms.ts';
import { guardedBy, KEPT_FROM_THEM, t } from './vocabulary.ts';

/**
 * Unlawful requests written as ordinary business asks: no sentence alarms on its own, the purpose shows only when
 * neighbouring sentences are read together — whose data or whom the work is done to, by what means, and what the
 * result is for or who is kept from knowing ("each member record matched against what can be found online" and, next,
 * "we do not plan to mention this to them"). purpose-reading.ts reads them; the single-sentence concerns (index.ts)
 * come first, so a brief that says it plainly is refused with their reason.
 */
export type Clue = {
  /** Concepts that must meet in one sentence. */
  together: Terms[];
  /** A hit right after "not", "never", "without"… does not count: "it must not read personal messages". */
  asserted?: boolean;
};

export type Purpose = {
  /** The kind of problem as a noun phrase, for the list a model's prompt is given. */
  kind: string;
  /** Completes "read together, its sentences ask …": what the company reads. */
  reason: string;
  /** Every clue must be found, each in some sentence of one stretch of neighbouring sentences. */
  clues: Clue[];
  /** Words in the clues' sentences that show the work guards against the wrong (negation-aware). */
  unless: Terms;
};

const PEOPLE_ON_RECORD = t(
  '(each|every) (member|customer|client|user|patient|tenant|applicant|employee|resident|supporter|donor|guest|visitor|subscriber|student|parent|borrower|candidate)',
  '(member|customer|client|user|patient|tenant|applicant|employee|resident|supporter|donor|guest|subscriber|student|candidate) (record|records|profile|profiles)',
);
/** Where details of a person's life are found outside the relationship they have with the author. */
const SOURCES_ELSEWHERE = t(
  'online',
  'linkedin',
  'facebook',
  'instagram',
  'tiktok',
  'twitter',
  'social media',
  'public posts',
  '(property|dating) (sites|websites|portals)',
  'data broker*',
  'electoral roll',
  'other websites',
  'web searches',
);
const LINKING = t(
  'match* (against|with|to)',
  // wink keeps some hyphenated words whole and splits others: both spellings.
  'cross(-)?referenc*',
  'cross - referenc*',
  'enrich*',
  'append*',
  'combin* with',
  'look* up',
  'link* (to|with)',
  'what can be found',
  'find* out',
  'build* ? profile*',
);

export const COVERT_PROFILING: Purpose = {
  kind: 'profiling people from what is found about them elsewhere, without their knowledge',
  reason:
    'to build profiles of people (customers, members, staff) from details found about them elsewhere, such as social media, without telling them',
  clues: [{ together: [PEOPLE_ON_RECORD, LINKING, SOURCES_ELSEWHERE] }, { together: [KEPT_FROM_THEM] }],
  unless: guardedBy('consent*', 'agreed', 'opted in', 'opt-in', 'pseudonymi*', 'anonymi*', 'aggregat*'),
};

const RECORDS = t(
  'log',
  'logs',
  'log sheets',
  'records',
  'readings',
  'certificate*',
  'timesheet*',
  'checklist*',
  'register*',
  'minutes',
  'signatures',
  'test results',
  'service history',
  '(inspection|examination|maintenance|training|cleaning|attendance) (reports|records|sheets)',
);
/** Entries written to look like something that did not happen. */
const MADE_TO_LOOK = t(
  '(look|looks|looked) as (though|if)',
  '(look|looks|looked) like (it|they) (was|were) (kept|done|filled|written|recorded|made)',
  '(different|various|several) (handwriting|pens|inks|signatures)',
  'handwriting styles',
  'backdat*',
  'back(-)?dat*',
  'back - dat*',
  '(every|all) (reading|readings|value|values|temperature|temperatures|result|results) (between|within|below|under)',
  '(usual|typical|plausible|realistic|believable|normal-looking) (readings|values|figures|entries|results|signatures|times)',
  'fill* in the (gaps|missing|blanks)',
);
const CHECKERS = t(
  'inspect*',
  'environmental health',
  'auditor*',
  'regulator*',
  'assessor*',
  'insurer*',
  'ofsted',
  'cqc',
  'hse',
  'trading standards',
  'accreditation',
  'certification body',
  'licensing',
  'examiner*',
);

export const FABRICATED_RECORDS: Purpose = {
  kind: 'records written up for an inspector, auditor or insurer to show checks that were not made',
  reason:
    'to write up records (logs, readings, reports) for an inspector, auditor or insurer so that they show checks or results that did not happen',
  clues: [{ together: [RECORDS, MADE_TO_LOOK] }, { together: [CHECKERS] }],
  // Not the shared guarding words: "forklift training records" is what gets written up.
  unless: t('spot*', 'detect*', 'forensic*', 'fraud', 'identif(y|ies|ied|ying)'),
};

const DECIDED_ABOUT = t(
  'applicant*',
  'application*',
  'borrower*',
  'tenant*',
  'candidate*',
  'policyholder*',
  'claimant*',
);
/** What stands in for a protected characteristic: where someone lives, what their name sounds like. */
const STAND_INS = t(
  'postcode*',
  'post code*',
  'zip code*',
  '(foreign|ethnic|african|asian|muslim|jewish|english|british|polish|arabic) - sounding',
  'sounding (names|surnames)',
  'surname*',
  'first names',
  'accent*',
  'certain (areas|postcodes|estates|neighbourhoods|neighborhoods|backgrounds|communities|nationalities)',
  'where (they|applicants|people) live',
  'where (they|applicants|people) come from',
  'country of birth',
);
const COUNTED_AGAINST = t(
  '(weigh|weighs|weighed|weighing|count|counts|counted|held|hold|holds|go|goes|work|works) against',
  '(weigh|weighs|weighed|weighing|count|counts|counted|held|hold|holds|go|goes|work|works) ? against',
  '(weigh|weighs|weighed|weighing|count|counts|counted|held|hold|holds|go|goes|work|works) ? ? against',
  'lower (score|scores|rating|ratings|priority|limit|limits|offer|offers)',
  '(score|scores|scored|rate|rates|rated|rank|ranks|ranked) (lower|down)',
  'penalis*',
  'penaliz*',
  'downgrad*',
  'mark* down',
  'more (trouble|risk|hassle|problems)',
  'less (reliable|trustworthy)',
  'avoid',
  'declin(e|es|ed|ing)',
  'reject*',
  'turn* down',
  'screen* out',
  'filter* out',
  'exclud*',
);

export const PROXY_DISCRIMINATION: Purpose = {
  kind: 'discrimination in lending, housing, insurance or hiring through stand-ins such as postcode or surname',
  reason:
    'to judge applicants (for a loan, a home, insurance or a job) by where they live or how their name sounds, a stand-in for race, nationality or religion',
  clues: [{ together: [STAND_INS, COUNTED_AGAINST], asserted: true }, { together: [DECIDED_ABOUT] }],
  unless: guardedBy('fair*', 'bias*', 'discriminat*', 'equal*', 'disparit*'),
};

const ASSESSED_WORK = t(
  'essay*',
  'dissertation*',
  'thesis',
  'theses',
  'coursework',
  'assignment*',
  'homework',
  'exam',
  'exams',
  'online (test|quiz|assessment)',
  'personal statement*',
);
const DONE_BY_SOMEONE_ELSE = t(
  'writer*',
  'ghostwrit*',
  'produce the (full|whole|complete|entire) (text|essay|dissertation|thesis|piece|assignment)',
  'write the (whole|full|entire|complete) (thing|text|essay|dissertation|thesis|assignment)',
  '(do|complete|sit|take|finish) (it|them) for (him|her|them|me|us)',
  '(do|complete|sit|take|finish) the ? for (him|her|them|me|us)',
  'on (his|her|my|their) behalf',
  'in a style close to',
  'in (his|her|my|their) (style|voice)',
  'in (his|her|my|their) own (style|voice)',
  'match* (his|her|my|their) (style|writing|voice)',
  'log in as (him|her|me|them)',
);
const PASSED_OFF = t(
  '(hand|hands|handed|submit|submits|submitted) ? in under (his|her|my|their) name',
  '(hand|hands|handed|submit|submits|submitted) in under (his|her|my|their) name',
  'under (his|her|my|their) name',
  'under (his|her|my|their) own name',
  'as (his|her|my|their) own',
  '(similarity|plagiarism|originality|turnitin|writing) (check|checks|checker|checkers|detector|detectors|software|scan|scans)',
  'ai (detection|detectors|checks)',
  "(tutor|tutors|marker|markers|lecturer|lecturers|teacher|teachers|examiner|examiners|university|school) (can|will|would|does|do|wo|ca|must|should|may|shall) (not|n't) (tell|notice|know|spot)",
);

export const GHOSTWRITTEN_ASSESSMENT: Purpose = {
  kind: "assessed academic work written by someone else and handed in as the student's own",
  reason:
    'for someone else to write assessed academic work (a dissertation, an essay, coursework) that a student will hand in as their own',
  clues: [
    { together: [ASSESSED_WORK] },
    { together: [DONE_BY_SOMEONE_ELSE] },
    { together: [PASSED_OFF], asserted: true },
  ],
  unless: t('integrity', 'honest*', 'mock', 'practice', 'example essays', 'workshop*', 'referencing'),
};

const RELENTLESS_CONTACT = t(
  '(contact|message|text|call|email|e-mail|visit|phone|ring) (him|her|them) (every|each|daily|repeatedly|constantly|again)',
  'every (day|night|morning|evening)',
  '(several|many|three|four|five|ten) times a (day|week)',
  'at (his|her|their) door',
  'at the door',
  'keep (calling|messaging|texting|contacting|emailing|visiting|posting)',
  'keep turning up',
  'different (names|numbers|accounts|phones)',
  'round the clock',
);
const UNTIL_THEY_GIVE_IN = t(
  'until (he|she|they) (decides|decide|leaves|leave|gives|give|pays|pay|moves|move|withdraws|withdraw|agrees|agree|drops|drop|takes|take|quits|quit|sells|sell|signs|sign)',
  'easier to (leave|go|move|pay|sell|quit)',
  'easier to give up',
  '(make|makes|making) (his|her|their) life (difficult|hard|miserable|unbearable|uncomfortable)',
  '(make|making) (it|things) (difficult|hard|unbearable|uncomfortable) for (him|her|them)',
  'wear (him|her|them) down',
  '(feel|feels) (watched|unwelcome|pressured|uncomfortable)',
  'so that (he|she|they) (leaves|leave|moves|move|gives|give)',
);

export const PRESSURE_CAMPAIGN: Purpose = {
  kind: 'harassing a person with relentless contact until they give in',
  reason:
    'to contact a person again and again (every day, under different names) until they give in, which is harassment',
  clues: [{ together: [RELENTLESS_CONTACT] }, { together: [UNTIL_THEY_GIVE_IN] }],
  unless: guardedBy('support*', 'welfare', 'check on', 'medication', 'reminder*'),
};

const WATCHING_THEM = t(
  'record* the (screen|screens|calls|conversations|keystrokes)',
  'screen (recording|recordings|capture|captures|shots)',
  'screenshots',
  'keystroke*',
  'log* the (websites|sites|pages|apps)',
  '(copies|copy|copying|reads|read|reading|forwards|forward|captures|capture) (their|his|her|the) (messages|chats|emails|e-mails|texts|whatsapp)',
  'personal (messages|chats|emails|e-mails|whatsapp|browsing)',
  'webcam*',
  'microphone*',
  '(track|tracks|tracking|follow|follows) (their|his|her) (location|locations|movements|phone|phones)',
);

export const SECRET_MONITORING: Purpose = {
  kind: 'monitoring staff or other people in secret',
  reason:
    'to watch people (their screens, messages, browsing or location) without telling them, which breaks their privacy',
  clues: [{ together: [WATCHING_THEM], asserted: true }, { together: [KEPT_FROM_THEM] }],
  unless: guardedBy('consent*', 'agreed'),
};

const CHEAPER_SWAP = t(
  'cheaper',
  'lower-grade',
  'lower-quality',
  'lower grade',
  'lower quality',
  'substitut*',
  'reformulat*',
  'shrink*',
  'reduc* the (size|weight|amount|quantity|content|portion|portions)',
);
const CLAIMS_KEPT = t(
  'same (name|label|labels|ingredient|ingredients|panel|claim|claims|description|wording|badge|badges|photo|photos|weight|origin)',
  '(badge|badges|claim|claims|label|labels|wording|name) kept',
  'keep* the (name|label|claim|claims|badge|wording|description|ingredient|ingredients|origin)',
  'still (says|say|claims|claim|shows|show|reads|read)',
  'unchanged',
);

export const HIDDEN_PRODUCT_CHANGE: Purpose = {
  kind: 'hiding from customers a change that makes a product’s name, label or claims untrue',
  reason:
    'to keep a product’s name, label or claims as they were after a cheaper change, so that customers do not notice that they are no longer true',
  clues: [{ together: [CHEAPER_SWAP] }, { together: [CLAIMS_KEPT] }, { together: [KEPT_FROM_THEM] }],
  // Not the shared guarding words: "to protect our margin" guards nothing.
  unless: t('correct*', 'updat*', 'new recipe', 'new name'),
};

/** Read after the single-sentence concerns; the first whose clues meet gives the reason. */
export const PURPOSES: readonly Purpose[] = [
  COVERT_PROFILING,
  FABRICATED_RECORDS,
  PROXY_DISCRIMINATION,
  GHOSTWRITTEN_ASSESSMENT,
  PRESSURE_CAMPAIGN,
  SECRET_MONITORING,
  HIDDEN_PRODUCT_CHANGE,
];
