import { Terms } from '../terms.ts';
import { composedWrong } from './composition.ts';
import { guardedBy, KEPT_FROM_THEM, t } from './vocabulary.ts';

/**
 * Composed wrongs (composition.ts) done to people themselves: their say left out, their papers held, something given
 * to them unknowingly, their privacy recorded, pressure put on them before they can think again.
 */

/**
 * The say of the people acted on, their family, a prescriber or the owner of what is used, left out: "their families
 * would worry if asked", "the water company has not been involved", "there should be no consultation step".
 */
const THEIR_SAY_LEFT_OUT = t(
  '~(worry|object|refuse|complain|mind|say) (if|when) (asked|told|consulted|informed)',
  '~(worry|object|refuse|complain|mind) if (they|he|she) ~(know|find|hear|ask)',
  "(has|have|had) (not|n't|never) been (involved|asked|consulted|told|informed|notified)",
  "(not|n't) on (their|his|her|the) prescription*",
  'no (consultation|prescription|prescriber|assessment|clinical|medical) (step|check|stage|needed|required)',
  'without (a|any) (consultation|prescription|prescriber)',
  "(not|n't|never) (involve|consult|ask|tell|notify) (the|their|his|her) (family|families|relatives|owner|owners|landlord|council|company|gp|doctor|prescriber)",
);
/** Left out on purpose, and meant to stay so: "we would like to keep it that way", "so we would rather handle it". */
const KEPT_THAT_WAY = t(
  'keep it that way',
  'keep things that way',
  '~(want|like|prefer) (it|things) to stay that way',
  "(would|'d) rather (handle|keep|deal|do|sort|manage) (it|this|them|that|things)",
  'rather not (ask|involve|tell|consult|bother|mention)',
  'to keep it (simple|quick|easy|smooth)',
  'keep it (simple|quick|easy|smooth) (there|so)',
);

/**
 * Their say declared not needed, which says the intent in one phrase: "their doctors do not need to be involved",
 * "without them knowing", "no need to tell the owner".
 */
const SAY_DECLARED_UNNEEDED = t(
  "(do|does|will|would) (not|n't) need to be (involved|asked|told|consulted|informed)",
  "(need|needs) (not|n't) be (involved|asked|told|consulted|informed)",
  'without (them|him|her|anyone) (knowing|noticing|realising|realizing)',
  'without (them|him|her|anyone) finding out',
  'without the (owner|owners) (knowing|noticing)',
  'without (their|his|her|the) (family|families|doctor|doctors|gp|owner|owners) knowing',
  'no need to (involve|ask|tell|consult|inform) (them|him|her|the|their)',
);

/** The people acted on, or the owner of what is used, left out of a decision that is theirs, on purpose. */
export const THEIR_SAY_LEFT_OUT_ON_PURPOSE = composedWrong({
  kind: 'an act on people or on what belongs to others that leaves out, on purpose, whoever must agree to it or be asked first',
  act: { says: 'go ahead with an act on people, or on what belongs to others,' },
  wronged: {
    says: 'while leaving out whoever must agree to it or be asked first (the people themselves or their families, a prescriber, the owner or the authority)',
    terms: THEIR_SAY_LEFT_OUT,
  },
  concealment: { says: 'on purpose and so that it stays that way', terms: KEPT_THAT_WAY, asserted: true },
  // Not "permit": "their permits … are expensive" is why the owner is left out. Left out for now is no wrong ("has not
  // been involved yet", "until the design is settled"), nor is being asked about something ("would mind if asked
  // about the war years").
  unless: guardedBy(
    'consent*',
    'agreed',
    'permission',
    'best interests',
    'mental capacity',
    'yet',
    'for now',
    'at this stage',
    'until',
    '(asked|told) about',
  ),
});

/** Papers that prove who someone is and let them travel or work: no employer or landlord may keep them. */
const THEIR_PAPERS = t(
  'passport',
  'passports',
  'identity (documents|papers|cards|card)',
  'id (documents|papers|cards|card)',
  'visa (documents|papers)',
  'residence (permit|permits|card|cards)',
  'work permit*',
  'bank card*',
);
/** Taken from the person and kept: collected, held, kept in the office safe. */
const KEPT_FROM_THEM_PHYSICALLY = t(
  '~(collect|hold|keep|retain|store|lock) (in|by|at|until)',
  '(collected|held|kept|retained|stored|locked) (by|in|at|until)',
  '~(take|hold|keep|retain|collect) (them|it) (in|until|for)',
  'in the (office|farm|site|company) safe',
  'in (our|the) safe',
  '~look after (the|their|his|her)',
);
/** Given back only on a condition: until a debt is repaid, the contract ends, notice is worked. */
const ONLY_ON_A_CONDITION = t(
  'until (the|they|their|he|she|it|all|any|every)',
  'only (once|when|after|if)',
  'back (early|only)',
  '~(get|have|give|hand) (them|it) back (once|after|only)',
  'unless (they|he|she)',
);

/** Someone's identity papers held from them until they pay or stay. */
export const PAPERS_HELD_AGAINST_THEM = composedWrong({
  kind: "people's passports or identity papers taken and held until they repay a debt, finish a contract or meet another condition",
  act: { says: 'take and hold', terms: KEPT_FROM_THEM_PHYSICALLY, asserted: true },
  wronged: { says: "people's passports or identity papers", terms: THEIR_PAPERS },
  concealment: {
    says: 'giving them back only on a condition (a debt repaid, a contract finished), which keeps the people from leaving',
    terms: ONLY_ON_A_CONDITION,
  },
  together: { parts: ['act', 'wronged'], within: 15 },
  // The check the law asks for, not a hold: passports copied and handed straight back.
  unless: guardedBy(
    'consent*',
    'agree*',
    'if they wish',
    'if (they|guests|he|she) ask',
    'on request',
    'copied',
    'cop(y|ies) (of|and)',
    '~hand (them|it) (straight|right) back',
    'returned (straight|immediately)',
    'right(-)?to(-)?work',
    'right - to - work',
  ),
});

/** Something that acts on the body: a sedative, a medicine, a laxative, a drug. */
const ACTS_ON_THE_BODY = t(
  'sedativ*',
  'tranquil(l)?i(s|z)er*',
  'sleeping (pill|pills|tablet|tablets|drops)',
  'medication',
  'medicine*',
  'tablets',
  'pills',
  'drug',
  'drugs',
  'laxative*',
  'antihistamine*',
  'melatonin',
);
/** Put where the person will not notice it: in their food or drink, crushed or mixed into it, or they are not told. */
const WHERE_THEY_WILL_NOT_NOTICE = Terms.union(
  KEPT_FROM_THEM,
  SAY_DECLARED_UNNEEDED,
  t(
    '(in|into) (their|his|her|the) (food|drinks|drink|tea|coffee|meals|meal|milk|supper|juice|bottles|bottle|porridge|breakfast|lunch|dinner|squash)',
    '(in|into) (their|his|her|the) (evening|morning|afternoon|supper|bedtime) (drinks|drink|milk|tea|meal|meals|snack)',
    '~(crush|mix|hide|dissolve|slip|stir) (it|them) into',
    '(crushed|mixed|hidden|dissolved|slipped|stirred) into',
    'without (their|his|her) (knowledge|noticing)',
  ),
);
/** The people it is given to. */
const PEOPLE_IN_CARE = t(
  'residents',
  'patients',
  'children',
  'pupils',
  'babies',
  'guests',
  'clients',
  'service users',
  'members',
  'staff',
  'workers',
  'players',
  '(he|she|they) (takes|take|gets|get|has|have)',
);

/** A sedative or medicine given to people in their food or drink, or without telling them. */
export const GIVEN_TO_PEOPLE_UNKNOWINGLY = composedWrong({
  kind: 'a sedative, medicine or drug given to people hidden in their food or drink, or without telling them',
  act: { says: 'give a sedative, medicine or drug', terms: ACTS_ON_THE_BODY },
  wronged: { says: 'to people (residents, patients, children, guests)', terms: PEOPLE_IN_CARE },
  concealment: {
    says: 'hidden in their food or drink or without telling them, so they cannot refuse it',
    terms: WHERE_THEY_WILL_NOT_NOTICE,
    asserted: true,
  },
  together: { parts: ['act', 'concealment'], within: 12 },
  // Covert medication done lawfully: a best-interests decision under the Mental Capacity Act, with the prescriber.
  unless: guardedBy(
    'best interests',
    'mental capacity',
    'covert (medication|administration) (policy|plan|protocol)',
    'prescrib*',
    'consent*',
    'agreed',
    'pharmacist',
    'allerg*',
  ),
});

/** Drawn off or plugged into: "connect to", "tap into", "run a cable from", "fill from". */
const DRAWN_FROM = t(
  '~(connect|tap|plug|hook|fill|draw|pipe|feed) (into|to|from|off)',
  '~run (a|the) (cable|pipe|hose|lead) from',
);
/** A supply that belongs to someone else: "the farm's mains supply", "the next-door unit's supply", a street hydrant. */
const ANOTHERS_SUPPLY = t(
  ...['', ' ?', ' ? ?'].map(
    (between) =>
      `(the|a|our|their)${between} ? ('s|') (mains|supply|water|power|electricity|wifi|meter|hydrant|tank|socket|sockets|gas|broadband)`,
  ),
  '(street|fire) hydrant*',
  '(mains|water|power|electricity|gas) supply (across|next|over|opposite)',
);

/** Someone else's supply (water, power, wifi) drawn on while the owner is kept out of it. */
export const ANOTHERS_SUPPLY_TAKEN = composedWrong({
  kind: "someone else's water, power or other supply drawn on while the owner is kept from knowing or deciding",
  act: { says: 'draw on', terms: DRAWN_FROM },
  wronged: { says: "someone else's water, power or other supply", terms: ANOTHERS_SUPPLY },
  concealment: {
    says: 'while the owner is kept from knowing or deciding, which takes what is theirs',
    terms: Terms.union(SAY_DECLARED_UNNEEDED, THEIR_SAY_LEFT_OUT),
    asserted: true,
  },
  together: { parts: ['act', 'wronged'], within: 10 },
  unless: guardedBy('permission', 'agreed', 'consent*', 'licen(s|c)e*', 'approved', 'metered', 'rent*', 'we pay'),
});

/**
 * A device or app that records, listens to or reads people: cameras, microphones, audio, trackers, their messages,
 * call history or location.
 */
const RECORDS_PEOPLE = t(
  'camera',
  'cameras',
  'cctv',
  'microphone*',
  'with audio',
  'audio (recording|recordings|recorder|recorders|feed|feeds)',
  'listening (device|devices)',
  'voice (recording|recordings)',
  'tracker*',
  'gps (tracker|trackers|tracking)',
  'keystroke*',
  'screen (recording|recordings|captures|capture)',
  'screenshots',
  '~read (their|his|her) (messages|whatsapp|texts|emails|e-mails|chats)',
  '(whatsapp|text|private) messages',
  'call (history|histories|logs)',
  '~track (every|each|their|his|her) ? ? (phone|phones|device|devices|car|cars|van|vans|location|movements)',
  '~track (every|each|their|his|her) (phone|phones|device|devices|car|cars|location|movements)',
);
/**
 * The people recorded, or where they are private: guests, staff, drivers, shoppers, tenants; living rooms, bedrooms,
 * changing rooms; who is staying, what is said, outside working hours.
 */
const PEOPLE_WATCHED = t(
  'guest*',
  'staff',
  'employee*',
  'worker*',
  'driver*',
  'shopper*',
  'customer*',
  'tenant*',
  'resident*',
  'pupil*',
  'student*',
  'patient*',
  'visitor*',
  'lodger*',
  'nann(y|ies)',
  'carer*',
  'cleaner*',
  '(living|sitting|dining|changing|staff|treatment|consulting) (room|rooms)',
  'bedroom*',
  'bathroom*',
  'toilet*',
  'shower*',
  '(his|her|their) (room|rooms|bedroom|bedrooms|flat|home|house|car|desk|office|locker)',
  'who is (staying|visiting|inside|there)',
  'what is (said|discussed)',
  'outside (working|work|office|shift) hours',
);
/** The people are not told, or the device is made to look like something else. */
const RECORDING_HIDDEN = Terms.union(
  KEPT_FROM_THEM,
  t(
    '(made|designed|built) to look like',
    '~(look|looks) like (smoke|a|an|ordinary|normal)',
    'disguised as',
    '(hidden|concealed|tucked) (in|inside|behind|within)',
    "(will|would|should|must|does|do|need|needs) (not|n't|never) (mention|show|disclose|reveal|say) (them|it|this|these|any)",
    "(will|would|should|must) (not|n't|never) be (mentioned|disclosed|shown|visible|signposted)",
    "(not|n't|never) be aware",
    "even when (they|he|she) (do|does|are|is) (not|n't)",
    // Not "quietly": cameras that "quietly upload footage" is how the equipment works.
    'secretly',
    'covert*',
    'no (sign|signs|signage|notice|notices|sticker|stickers)',
    'without (a|any) (sign|signs|signage|notice|sticker|stickers)',
    // Not said where people would read it: "we won't put it in the listing".
    "(not|n't|never) (put|list|include|mention|show) (it|them|this|these|the) ? ? ? (in|on) (the|our|their|any)",
    "(not|n't|never) (put|list|include|mention|show) (it|them|this|these) (in|on) (the|our|their|any)",
    // Built into an everyday object: "a camera and microphone inside a bedside clock".
    '(camera|cameras|microphone|microphones) (inside|in|into) (a|an|the) ? ? (clock|clocks|alarm|alarms|plug|plugs|charger|chargers|lamp|lamps|frame|frames|radio|speaker|detector|detectors|toy|toys)',
    '(camera|cameras|microphone|microphones) (inside|in|into) (a|an|the) ? (clock|clocks|alarm|alarms|plug|plugs|charger|chargers|lamp|lamps|frame|frames|radio|speaker|detector|detectors|toy|toys)',
  ),
);

/** Cameras, microphones or trackers put on people where they are private, with the people not told. */
export const RECORDED_WITHOUT_BEING_TOLD = composedWrong({
  kind: 'people recorded, listened to or tracked (cameras, microphones, their messages or location) where they are private, without being told',
  act: { says: 'record, listen to or track', terms: RECORDS_PEOPLE },
  wronged: {
    says: 'people (guests, staff, drivers, shoppers, tenants) where they are private or outside work',
    terms: PEOPLE_WATCHED,
  },
  concealment: {
    says: 'with the device disguised or the people not told, so they cannot object or go elsewhere',
    terms: RECORDING_HIDDEN,
  },
  // The people are what is recorded, not someone near a camera pointed at badgers.
  together: { parts: ['act', 'wronged'], within: 10 },
  // Monitoring done in the open: signs, a privacy notice, consent, an impact assessment, overt cameras.
  unless: guardedBy(
    'consent*',
    'agreed',
    'overt',
    'visible',
    'signage',
    'privacy notice*',
    'impact assessment',
    'dpia',
    'gdpr',
    'data protection',
    'lawful*',
    'policy',
    'informed',
    '(tell|told|telling|inform|informing) (them|staff|guests|people|employees|drivers|tenants)',
    // Kept from them for a while, for their own pleasure: "staff should not know until the night, as it is a surprise".
    'until',
    'surprise*',
  ),
});

/** Pressed to decide at once: stay until it is signed, a price for today only, work started the next morning. */
const PRESSED_TO_DECIDE_NOW = t(
  '~stay until (the|they|it|he|she) ? ? ~sign',
  '~stay until (the|they|it|he|she) ~sign',
  'until (the|a) (contract|agreement|order|form) is signed',
  'on the first visit',
  'today only',
  'same(-)?day',
  'same - day',
  '(sign|signed|signing) (on|at) the (spot|door|table)',
  '~start the next (morning|day)',
  'before (they|he|she) ~(leave|think|sleep)',
  'however long (it|that) ~take',
);
/** People least able to resist it: the old, the ill, the bereaved, those in debt. */
const PEOPLE_LEAST_ABLE = t(
  'retired',
  'pensioner*',
  'elderly',
  'older (people|customers|homeowners|residents|clients|adults|patients)',
  'in their (seventies|eighties|nineties|70s|80s|90s)',
  'live alone',
  'living alone',
  'dementia',
  'memory (problems|loss)',
  'bereaved',
  'widow*',
  'vulnerable',
  'in debt',
  'in arrears',
);
/**
 * Their right to think again run out or hidden, not merely mentioned: "so that most of the 14 days to change their
 * mind have gone", "the cancellation form should be the last page", "in the small print".
 */
const RIGHT_TO_THINK_AGAIN_RUN_OUT = t(
  // Run out: "so that most of the 14 days to change their mind have gone before family members find out".
  '(have|has) (gone|passed|expired|lapsed)',
  '(have|has) run out',
  'before (their|the|any) ? ? (family|families|relatives|children|son|daughter) ~(find|know|see|hear|notice|get)',
  'before (family|families|relatives|anyone) ? ~(find|know|see|hear|notice|get)',
  'before (family|families|relatives|anyone) ~(find|know|see|hear|notice|get)',
  // Hidden: "the cancellation form should be the last page of the terms", "mentioned only in the terms email".
  '(last|back) page',
  'small print',
  '(mentioned|explained|shown|given|set) only (in|on|at)',
  'set out only (in|on|at)',
);

/** People least able to resist pressed to sign at once, with their right to think again run out or hidden. */
export const PRESSED_BEFORE_THEY_CAN_THINK = composedWrong({
  anywhere: ['wronged'],
  kind: 'people least able to resist (the old, the ill, the bereaved, those in debt) pressed to sign at once, with their right to think again run out or hidden',
  act: { says: 'press', terms: PRESSED_TO_DECIDE_NOW },
  wronged: {
    says: 'people least able to resist (the old, the ill, the bereaved, those in debt) to sign at once',
    terms: PEOPLE_LEAST_ABLE,
  },
  concealment: {
    says: 'with their right to think again (a cooling-off period, a cancellation form) run out or hidden, so they cannot undo it',
    terms: RIGHT_TO_THINK_AGAIN_RUN_OUT,
  },
  // Sales done fairly: the rights explained, a family member welcome, no pressure.
  // Not "explained only in the small print".
  unless: guardedBy(
    '(explain|explains|explained|explaining) (clearly|on|in|at|to|before|up|the|their|them|it|how)',
    'clearly',
    'compl(y|ies|iant|iance)',
    'regulation*',
    'fair*',
    'safeguard*',
    'trading standards',
    'no pressure',
    'welcome',
    'consumer (duty|contracts|rights)',
  ),
});
