import type { Purpose } from './purpose.ts';
import { guardedBy, KEPT_FROM_THEM, t } from './vocabulary.ts';
import { LISTED_FOR_SPEAKING_UP } from './wrongs-to-a-say.ts';

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
export const CHECKERS = t(
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
  'cv',
  'cvs',
  'shortlist*',
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
  // In hiring: what stands in for age, sex or family ("career gaps" are mostly years of caring for children).
  'career gaps',
  'gaps in (their|the|a) (cv|cvs|career|employment)',
  'start a family',
  '(plan|plans|planning) to have children',
  'childcare (needs|arrangements|commitments)',
  'native speaker*',
  'native english speaker*',
  'digital natives',
  'graduated (before|after|over|more)',
  'years since (they|he|she) graduated',
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
  'depriorit*',
  'discard*',
  '(bin|drop|skip) (them|those|these|it)',
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

const PUBLIC_REVIEWS = t(
  'review*',
  'rating*',
  'five-star',
  '5-star',
  'testimonial*',
  'tripadvisor',
  'trustpilot',
  'yelp',
  'feefo',
  'checkatrade',
  'google reviews',
);
/** Reviews bought with a reward, or asked of happy customers only while the unhappy ones are sent elsewhere. */
const RIGGED_ASKING = t(
  'in (return|exchange) for (a|an|every|each|their|your) (review|reviews|rating|ratings|five|5|positive|good|glowing)',
  '(discount|voucher|reward|gift|prize|credit|refund)s? for (a|an|every|each|their|leaving|writing|posting) (review|reviews|rating|ratings|five|5|positive|good)',
  '(if|when|once|after) (they|you|customers|clients|guests|patients|diners|buyers) (post|leave|write|give|add) (a|an) (five|5|positive|good|glowing|great)',
  '(if|when|once|after) (they|you|customers|clients|guests|patients|diners|buyers) (post|leave|write|give|add) (five|5|positive|good|glowing|great)',
  'only (ask|invite|send|email|text|contact|prompt) the (happy|satisfied|loyal|regular|delighted)',
  'only (ask|invite|send|email|text|contact|prompt) (happy|satisfied|loyal|regular|delighted)',
  '(unhappy|dissatisfied|disappointed|angry|negative) (customers|guests|patients|clients|diners|buyers|users) (go|are|get|goes|to|should)',
  '(hold|holds|held|keep|keeps) back (negative|bad|low|poor)',
  '(hold|holds|held|keep|keeps) back the (negative|bad|low|poor)',
  '(hide|hides|hidden|suppress*|filter*) (negative|bad|low|poor|critical) (reviews|ratings|ones)',
  '(hide|hides|hidden|suppress*|filter*) the (negative|bad|low|poor|critical) (reviews|ratings|ones)',
  '(only|just) (positive|good|glowing) (reviews|ratings|ones) (go|get|are|reach|appear)',
);

export const RIGGED_REVIEWS: Purpose = {
  kind: 'reviews bought with rewards or asked only of happy customers, misleading the public',
  reason:
    'for public reviews bought with a reward or asked only of customers likely to praise, so that the ratings mislead the people who read them',
  clues: [{ together: [PUBLIC_REVIEWS] }, { together: [RIGGED_ASKING], asserted: true }],
  unless: t('honest*', 'genuine', '(every|all) (customer|customers|guests|patients|clients)', 'whatever', 'regardless'),
};

/** Splitting one thing into pieces, each small enough to pass a legal limit. */
const SPLIT_UP = t(
  'split*',
  'separate (invoices|companies|businesses|payments|contracts|orders|accounts|entities|transfers)',
  'several (invoices|companies|payments|contracts|orders|accounts|transfers)',
  'smaller (invoices|payments|amounts|deposits|orders|contracts|transfers|jobs)',
  'spread (it|them|the) ? across',
);
const UNDER_THE_LIMIT = t(
  '(stay|stays|stayed|keep|keeps|kept|remain|remains|fall|falls) (under|below|beneath)',
  '(under|below|beneath) the (threshold|limit|limits|ceiling)',
  '(vat|tender|reporting|registration|licensing|audit|procurement) (threshold|limit)',
  "(not|n't|never) (have|need|needs) to (register|declare|report|tender|apply|notify)",
  'without (triggering|declaring|registering|reporting|notifying)',
);

export const SPLITTING_TO_EVADE: Purpose = {
  kind: 'splitting payments, contracts or a business to stay under a legal threshold',
  reason:
    'to split payments, contracts or a business into smaller pieces so that each stays under a legal threshold (tax, tendering or reporting) that the whole would cross',
  clues: [{ together: [SPLIT_UP, UNDER_THE_LIMIT], asserted: true }],
  unless: guardedBy('audit*', 'complian*', 'lawful*', 'advice on whether'),
};

/** A safety device put out of action. */
const SAFETY_DEVICES = t(
  'interlock*',
  'guard',
  'guards',
  'light curtain*',
  'limiter*',
  'cut-out*',
  'cutout*',
  'sensor*',
  'alarm*',
  'smoke detector*',
  'emergency stop*',
  'safety (switch|switches|device|devices|valve|valves|cut-off|feature|features)',
  'tachograph*',
);
const PUT_OUT_OF_ACTION = t(
  'disabl(e|es|ed|ing)',
  'bypass*',
  'overrid(e|es|den|ing)',
  'defeat*',
  'jump(er|ers|ed|ing)? out',
  'tape* over',
  '(switch|switches|switched|switching|turn|turns|turned|turning) off',
  'get round',
  'get around',
  'work around',
  'so it never (trips|stops|triggers|alarms)',
  'so it no longer (trips|stops|triggers|alarms)',
  'stop* it (tripping|stopping|triggering|alarming)',
);
const TO_KEEP_GOING = t(
  'faster',
  'speed up',
  'speed it up',
  'keep (running|going|working|producing)',
  'without stopping',
  'stops? (the|our) (line|machine|production|press)',
  'output',
  'throughput',
  'production',
  'targets',
  'stoppages',
  'downtime',
  'hours',
  'speed',
);

export const DEFEATED_SAFETY: Purpose = {
  kind: 'putting safety devices out of action to keep work going',
  reason:
    'to put a safety device (an interlock, guard, limiter, sensor or alarm) out of action so that work goes faster or on, which puts people in danger',
  clues: [{ together: [SAFETY_DEVICES, PUT_OUT_OF_ACTION], asserted: true }, { together: [TO_KEEP_GOING] }],
  unless: t(
    'lockout',
    'isolat*',
    'repair*',
    'replac*',
    'install*',
    'fit',
    'fitting',
    'test',
    'testing',
    'commission*',
    'risk assessment',
    'upgrad*',
    'false alarms',
    'nuisance',
  ),
};

/** Another body's marks of identity, worn by the author's own letters, pages or messages. */
const BORROWED_MARKS = t(
  "(council|bank|hmrc|dvla|nhs|police|government|ministry|regulator|insurer|supplier|competitor|rival|charity|university|hospital|court) 's (crest|logo|logos|letterhead|branding|layout|colours|colors|seal|stamp|signature|template)",
  '(council|bank|hmrc|dvla|nhs|police|government|official|competitor|rival|regulator) (crest|logo|logos|letterhead|branding|seal|stamp|template|templates)',
  '(their|his|her|its) (crest|logo|logos|letterhead|seal|stamp|signature)',
);
/** The people who get them are to take them for the real thing. */
const TAKEN_FOR_GENUINE = t(
  '(think|thinks|believe|believes|assume|assumes|trust|trusts) (it|this|that|they|the) (is|are|was|were|comes|come|came) (official|genuine|real|from)',
  '(think|thinks|believe|believes|assume|assumes) (it|this|that|they) (is|are|was|were) ? (official|genuine|real)',
  '(look|looks|seem|seems|feel|feels) (official|genuine|authentic|legitimate)',
  'mistake* (it|them|this|these) for',
  'without (their|its) (permission|knowledge|approval|consent)',
);

export const BORROWED_IDENTITY: Purpose = {
  kind: "letters, pages or messages that wear another body's crest, logo or letterhead to be taken for theirs",
  reason:
    "for letters, pages or messages that use another organisation's crest, logo or letterhead so that the people who get them take them for that organisation's",
  clues: [{ together: [BORROWED_MARKS], asserted: true }, { together: [TAKEN_FOR_GENUINE] }],
  unless: guardedBy('approved', 'partner*', 'licensed', 'authoris*', 'authoriz*', 'co-brand*', 'joint', 'on behalf'),
};

/** People's own details. */
export const THEIR_DETAILS = t(
  '(their|his|her) (data|details|photos|photographs|messages|location|locations|records|history|purchases|health|conversations|calls|contacts|address|addresses)',
  'contact details',
  'personal (data|details|information)',
  'email addresses',
  'phone numbers',
  '(customer|member|patient|client|supporter|donor|user|guest) (data|database|list|lists|records|details)',
);
const PUT_TO_USE = t(
  'use',
  'uses',
  'used',
  'using',
  'sell*',
  'shar(e|es|ed|ing)',
  'pass* on',
  'upload*',
  'analys(e|es|ed|ing)',
  'mine',
  'mining',
  'harvest*',
  'cop(y|ies|ied|ying)',
  'match*',
);

export const DATA_USED_BEHIND_THEIR_BACKS: Purpose = {
  kind: "using people's personal details in a way they are kept from knowing",
  reason:
    "to use people's personal details (their contacts, photos, records or messages) in a way they are kept from knowing",
  clues: [{ together: [PUT_TO_USE, THEIR_DETAILS], asserted: true }, { together: [KEPT_FROM_THEM] }],
  unless: t('consent*', 'agreed', 'opted in', 'opt-in', 'anonymi*', 'pseudonymi*', 'privacy notice'),
  spared: t(
    'downtime',
    'outage*',
    'disruption*',
    'interruption*',
    'delay*',
    'surprise*',
    'gaps in (the|their) service',
  ),
};

const CHARGES = t(
  'charg(e|es|ed|ing)',
  'fee',
  'fees',
  'surcharge*',
  'renew*',
  'subscription*',
  'direct debit*',
  'billed',
  'billing',
  'price rise*',
  'price increase*',
);
/** A page laid out so that people miss what they agree to. */
const LAID_OUT_TO_MISS = t(
  '(put|puts|place|places|hide|hides|bury|buries|keep|keeps|move|moves|tuck|tucks) ? in the small print',
  '(put|puts|place|places|hide|hides|bury|buries|keep|keeps|move|moves|tuck|tucks) ? ? in the small print',
  '(put|puts|place|places|hide|hides|bury|buries|keep|keeps|move|moves|tuck|tucks) ? ? ? in the small print',
  'pre(-)?ticked',
  'pre - ticked',
  'ticked by default',
  'hard to (find|cancel|see|spot|read|notice)',
  'tiny (print|text|font|letters)',
  'grey (text|font)',
  'below the fold',
  '(hide|hides|hiding|hidden|bury|buries|burying|buried) (it|them|the|this) (in|at|under|below|behind)',
);

export const HIDDEN_CHARGES: Purpose = {
  kind: 'charges, renewals or price rises hidden from the customers who pay them',
  reason:
    'to charge customers (a fee, a renewal, a price rise) in a way designed so that they miss it or are not told, which misleads the people who pay',
  clues: [{ together: [CHARGES] }, { together: [LAID_OUT_TO_MISS] }],
  unless: t('clear*', 'transparen*', 'remov*', 'fix', 'fixing', 'audit*', 'complain*'),
};

/**
 * Unlawful requests written as ordinary business asks: no sentence alarms on its own, the purpose shows only when
 * neighbouring sentences are read together — whose data or whom the work is done to, by what means, and what the
 * result is for or who is kept from knowing ("each member record matched against what can be found online" and, next,
 * "we do not plan to mention this to them"). purpose-reading.ts reads them; the single-sentence concerns (index.ts)
 * come first, so a brief that says it plainly is refused with their reason; of these, the first whose clues meet
 * gives the reason.
 */
export const PURPOSES: readonly Purpose[] = [
  COVERT_PROFILING,
  FABRICATED_RECORDS,
  PROXY_DISCRIMINATION,
  GHOSTWRITTEN_ASSESSMENT,
  PRESSURE_CAMPAIGN,
  SECRET_MONITORING,
  HIDDEN_PRODUCT_CHANGE,
  RIGGED_REVIEWS,
  SPLITTING_TO_EVADE,
  DEFEATED_SAFETY,
  BORROWED_IDENTITY,
  HIDDEN_CHARGES,
  DATA_USED_BEHIND_THEIR_BACKS,
  LISTED_FOR_SPEAKING_UP,
];
