import { Terms } from '../terms.ts';
import type { Purpose } from './purposes.ts';
import { guardedBy, PUBLIC_OPINION, t, tx } from './vocabulary.ts';

/**
 * Wrongs read from how a request is put together rather than from its topic's words: an act that only makes sense
 * against someone (keeping them from knowing, getting round a protection, speaking in another's name, agreeing with
 * rivals, claiming with nothing behind it) meeting what it is done to or whom it is done against. Each half is built
 * from the grammar of the request (a purpose clause "so that … do not notice", a modal "should not be able to tell",
 * an admission "we have not measured", an act and the protection it defeats) over lemmas, so one entry covers every
 * form of a verb and every subject of a clause, whatever the domain.
 *
 * Read after the named purposes and the structural wrongs (purpose-reading.ts: the clues within three neighbouring
 * sentences, one of them a request of the author, no clue's sentence guarding against the wrong).
 */

/** Whoever the work is hidden from: the people it acts on, or whoever checks it. Not a rival: secrets from rivals are lawful. */
const THIRD_PARTY =
  '(they|he|she|anyone|anybody|people|public|customer|customers|client|clients|user|users|buyer|buyers|shopper|shoppers|guest|guests|visitor|visitors|patient|patients|member|members|staff|employee|employees|worker|workers|driver|drivers|tenant|tenants|landlord|landlords|resident|residents|student|students|parent|parents|applicant|applicants|candidate|candidates|investor|investors|shareholder|shareholders|partner|partners|inspector|inspectors|officer|officers|auditor|auditors|regulator|regulators|agency|authority|authorities|council|college|university|school|examiner|examiners|assessor|assessors|moderator|moderators|funder|funders|bank|banks|insurer|insurers|lender|lenders|hmrc|customs|police|publisher|publishers|vendor|vendors|owner|owners|platform|platforms|retailer|retailers|inspection|audit|family|wife|husband|boss|employer|neighbour|neighbours|neighbor|neighbors|voters|public)';
/** Coming to know: "notice", "realise", "suspect", "connect the two", "find out". */
const COME_TO_KNOW = '~(know|notice|realize|realise|suspect|spot|detect|discover|connect|twig)';
const COME_TO_KNOW_OR_TELL = '~(know|notice|realize|realise|suspect|spot|detect|discover|connect|twig|tell|find)';
const AUXILIARY = '(do|does|did|will|would|can|could|should|must|shall|may|might|wo|ca)';

/** Consent given, not a consent screen mentioned: "with their written consent", "who have opted in". */
const CONSENTED = [
  '(with|given|gives|give|giving|gave|informed|written|explicit|their|his|her|prior|express) consent',
  'consented',
  'consent to',
  'opt* in',
  'opt-in',
  'agreed',
];

/** A clause whose point is that someone else does not come to know: the shape, whatever the noun or the verb's form. */
const KEPT_UNAWARE = tx(
  // "so the inspector does not notice", "so that visiting licensing officers do not notice", "so HMRC would not connect".
  ...[0, 1, 2, 3].flatMap((gap) => [
    `so ${'? '.repeat(gap)}${THIRD_PARTY} ${AUXILIARY} ~(not|never) ${COME_TO_KNOW}`,
    `so ${'? '.repeat(gap)}${THIRD_PARTY} ${AUXILIARY} ~(not|never) be able to ${COME_TO_KNOW_OR_TELL}`,
    `so ${'? '.repeat(gap)}${THIRD_PARTY} ${AUXILIARY} ~(not|never) be aware`,
    `so ${'? '.repeat(gap)}${THIRD_PARTY} ${AUXILIARY} ~(not|never) find out`,
    `so ${'? '.repeat(gap)}${THIRD_PARTY} ${AUXILIARY} ~(not|never) ~tell (which|whether|that|if|what|who|where|how|when)`,
  ]),
  // A requirement that someone else must not know, whoever is the subject: "The college should not be able to tell".
  `${THIRD_PARTY} (should|must|shall) ~(not|never) ${COME_TO_KNOW}`,
  `${THIRD_PARTY} (should|must|shall) ~(not|never) be able to ${COME_TO_KNOW_OR_TELL}`,
  `${THIRD_PARTY} (should|must|shall) ~(not|never) find out`,
  `${THIRD_PARTY} (should|must|shall) ~(not|never) be aware`,
  // Nobody may know: "Nobody should be able to tell the letters came from us".
  `(nobody|noone) ${AUXILIARY} [ever] [be able to] ${COME_TO_KNOW_OR_TELL}`,
  `no one ${AUXILIARY} [ever] [be able to] ${COME_TO_KNOW_OR_TELL}`,
  // "without him knowing", "without the tenants noticing".
  `without ${THIRD_PARTY} ${COME_TO_KNOW}`,
  `without (him|her|them|us) ${COME_TO_KNOW}`,
  `without the ${THIRD_PARTY} ${COME_TO_KNOW}`,
  // Suspicion: "and the investors do not suspect".
  `${THIRD_PARTY} ${AUXILIARY} ~(not|never) ~suspect`,
  '(without|avoid|avoiding) (arousing|raising) suspicion',
  "(not|n't|never) (arouse|raise) suspicion",
  'so [?] [?] [?] ~(go|stay|remain|pass) (unnoticed|undetected)',
  // Kept off the books: "so the profit does not appear in our UK accounts".
  ...[0, 1, 2].map(
    (gap) =>
      `so ${'? '.repeat(gap)}(profit|profits|income|sales|payment|payments|money|turnover|revenue|transfer|transfers) ~(do|will|would) ~not ~(appear|show) (in|on) [(our|the|any)] [?] [?] (accounts|books|return|returns|records|statements|tax)`,
  ),
);

/** What people are spared rather than kept from: "customers should not notice any downtime", a surprise party. */
const SPARED = tx(
  'downtime',
  'outage*',
  'disruption*',
  'interruption*',
  'delay*',
  'surprise*',
  'gift*',
  'present',
  'spoil*',
  'difference',
  'the (switch|switch-over|move|migration|changeover|change)',
  'building work*',
  'noise',
  'scaffolding',
  'works',
  // What is rightly kept back: the questions of a test, a mystery visit's date, whose paper a blind marker reads.
  'mystery',
  // Games that hide the effort: "so much fun that they do not notice they are learning".
  'learning',
  'fun',
  // Systems that are meant to go unnoticed: "users do not notice when it reconnects".
  'lag',
  'latency',
  'sync*',
  'reconnect*',
  'transition*',
  'update*',
  'upgrade*',
  'maintenance',
  'loading',
  'glitch*',
  'in advance',
  'beforehand',
  'ahead of time',
  'answers',
  'blind',
  'whose',
  'password*',
);

/** What is rightly kept from people, said beside the clause: a blinded trial, a mystery visit. */
const RIGHTLY_KEPT_BACK = tx(
  '(double|single|triple)(-)?blind*',
  '(double|single|triple) - blind*',
  'blinded',
  'placebo',
  'randomi(s|z)*',
  'mystery (shopper|shoppers|shopping|diner|diners|guest|guests|visit|visits|customer|customers)',
);

export const KEPT_FROM_WHOEVER_WOULD_OBJECT: Purpose = {
  kind: 'work arranged so that the people it acts on, or whoever checks it, do not find out',
  reason:
    'for work arranged so that the people it affects, or whoever checks it (customers, staff, an inspector, a tax office, a college), do not find out what is done, which honest work does not need',
  clues: [{ together: [KEPT_UNAWARE] }],
  unless: guardedBy(...CONSENTED, 'simulat*', 'confidential*', 'anonymi*', 'pseudonymi*', 'fair*'),
  spared: SPARED,
  unlessNearby: RIGHTLY_KEPT_BACK,
};

/** An admission that nothing stands behind a claim or a document: no measurement, no trial, no test. */
const NOTHING_BEHIND_IT = tx(
  '(have|has|had) ~(not|never) [yet] (measured|tested|checked|verified|calculated|assessed|trialled|trialed|studied|audited|certified)',
  '(have|has|had) ~(not|never) been (measured|tested|checked|verified|calculated|assessed|trialled|trialed|studied|audited|certified)',
  '(is|are|was|were) ~(not|never) (measured|tested|verified|certified|trialled|trialed)',
  '(no|without|any) [(clinical|scientific|independent|lab|laboratory|real|actual|proper)] (trials|trial|evidence|data|tests|testing|proof|studies|measurements|research|basis)',
  '(no|without|any) (trials|trial|evidence|data|tests|testing|proof|studies|measurements|basis) (for|behind|of)',
  '(cannot|can|could) ~(not|never) (provide|supply|produce|show|give) [(test|lab|laboratory)] (reports|results|evidence|certificates|data)',
  '(will|would|are|is) ~(not|never) be (sent|submitted|put|taken) (for|to) [(a|the)] (testing|test|tests|inspection|assessment|lab|laboratory)',
  '~(not|never) [be] (sent|submitted) for (testing|test|tests)',
);
/** What states something as fact to buyers or checkers: a claim, a badge, a label, a certificate. */
const STATED_AS_FACT = tx(
  'claim*',
  'badge*',
  'label*',
  'labelling',
  'copy',
  'wording',
  'certificate*',
  'certification',
  'declaration*',
  'saying',
  'say',
  'says',
  'testimonial*',
  'statement*',
  'advert*',
  'packaging',
  'page',
);
export const CLAIMS_WITH_NOTHING_BEHIND: Purpose = {
  kind: 'claims, labels or certificates stated as fact with nothing (no measurement, test or trial) behind them',
  reason:
    'for claims, labels or certificates stated as fact to buyers or checkers while the brief says nothing (no measurement, test or trial) stands behind them, which misleads whoever relies on them',
  clues: [{ together: [NOTHING_BEHIND_IT], asserted: true }, { together: [STATED_AS_FACT] }],
  unless: guardedBy(
    'honest*',
    'accurate*',
    'accuracy',
    'verif(y|ied|ication)',
    'substantiat*',
    'whether',
    'overclaim*',
    'truthful*',
    'compl(y|ies|iant|iance)',
    'green claims code',
    'misleading',
    'avoid*',
    // The work asked for is the measuring: "we have never measured our emissions. We want a baseline footprint".
    'baseline',
    'measure',
    'measuring',
    'measurement*',
    'calculat(e|es|ing|ion|ions)',
    'assess',
    'assessing',
    'assessment*',
  ),
  unlessNearby: tx(
    'whether',
    'patch test*',
    'verif(y|ied|ication)',
    'substantiat*',
    'measure',
    'measuring',
    'baseline',
  ),
};

/** An act that gets round a protection. */
const DEFEATING = tx(
  '~(remove|strip|bypass|disable|crack|defeat|circumvent|break|spoof|evade|dodge|beat|redirect|unlock|jailbreak|override|fool|trick)',
  '~(get|sneak|slip) (past|round|around|through)',
  '~take ? out',
  '~take out',
  '~work (round|around)',
  '~(avoid|escape) detection',
  'taken out',
  'stripped',
);
/** A protection someone put on their product, service or sale: a licence check, DRM, an anti-cheat, a queue. */
const PROTECTION = tx(
  'licen(c|s)e (check|checks|checking|server|servers|key|keys|control|controls|manager|management|restriction|restrictions|limit|limits|verification)',
  'drm',
  'copy (protection|protections)',
  'copy-protection',
  'copy(-)?protect*',
  'anti(-)?cheat*',
  'anticheat',
  'bot (protection|protections|detection|check|checks|filter|filters)',
  'captcha*',
  'paywall*',
  'geo(-)?block*',
  'geo - block*',
  'region (lock|locks|locking)',
  'activation (check|checks|server|key|keys)',
  'dongle*',
  'watermark*',
  'age (check|checks|verification|gate|gates)',
  'purchase limit*',
  'ticket limit*',
  '(virtual|online|ticket|ticketing) (queue|queues)',
  'detection',
);
export const PROTECTION_DEFEATED: Purpose = {
  kind: 'getting round a protection someone put on their software, content, game or sale (a licence check, DRM, an anti-cheat, a queue or bot check)',
  reason:
    'to get round a protection someone else put on their software, content, game or sale (a licence check, DRM, an anti-cheat, a queue or bot check), which takes what its owner did not agree to give',
  // Not asserted: "get past" and "avoid" are themselves the negators that would turn the protection round.
  clues: [{ together: [DEFEATING, PROTECTION], within: 8 }],
  unless: tx(
    "(not|n't|never) ~(remove|strip|bypass|disable|crack|defeat|circumvent|break|spoof|evade|get|take|unlock|override)",
    'authori(s|z)*',
    'detect*',
    'scammer*',
    'fraudster*',
    'criminal*',
    'awareness',
    'training',
    'penetration',
    'pen test*',
    'our own',
    'stop',
    'stops',
    'stopping',
    'prevent*',
    'tackl*',
    'audit*',
  ),
};

/** Rivals acting as one: "between us", "with each other", a common price. */
const AS_ONE = tx(
  'between us',
  'between ourselves',
  'among ourselves',
  'amongst ourselves',
  'with each other',
  'with one another',
  'each other',
  'all of us',
  'common [(minimum|maximum|floor|base|standard)] (price|prices|rate|rates|fee|fees|tariff|margin)',
  '(minimum|floor|agreed|shared|same) (price|prices|rate|rates|fee|fees|tariff) ~(for|per|across|between)',
);
const PRICES_OR_MARKETS = tx(
  'price*',
  'pricing',
  'rate',
  'rates',
  'fee',
  'fees',
  'tariff*',
  'bid',
  'bids',
  'tender*',
  'quote*',
  'postcodes',
  'areas',
  'territor*',
  'customers',
  'clients',
  'patch',
  'patches',
  'margin*',
);
const RIVALS = tx('undercut*', 'competitor*', 'rival*', 'competing', 'compete', 'price war*');
export const RIVALS_ACTING_AS_ONE: Purpose = {
  kind: 'rivals agreeing prices or sharing out customers or areas between them',
  reason: 'for competing businesses to agree their prices or share out customers or areas between them (a cartel)',
  clues: [{ together: [AS_ONE, PRICES_OR_MARKETS], within: 6 }, { together: [RIVALS] }],
  unless: guardedBy(
    '(own|separate|independent|individual) (price|prices|pricing|rates|fees)',
    'competition law',
    'compl(y|ies|iant|iance)',
    'cma',
    'investigat*',
    'whistleblow*',
  ),
};

/** Many identities made to speak or buy as if they were many different people. */
const MANY_IDENTITIES = tx(
  ...['#', '(several|many|multiple|dozens|hundreds|thousands|lots)'].map(
    (many) =>
      `~(set|open|create|register|make|buy|generate|run) [up] [(around|about|some|over|roughly|up)] [to] ${many} [of] [?] (accounts|profiles|identities|personas|logins)`,
  ),
  'from (new|fake|fresh|invented|made-up) (profiles|accounts|identities|personas)',
  '~(look|seem|appear) like real',
  'real-looking',
);
const OPINION_OR_PURCHASE = Terms.union(
  PUBLIC_OPINION,
  tx('five(-)?star', 'five - star', 'stars', 'likes', 'followers'),
);
export const MANY_FALSE_VOICES: Purpose = {
  kind: 'many accounts or voices made up to pass as many real, independent people (reviews, followers, votes, purchases)',
  reason:
    'for many accounts or voices made up to pass as different real people (posting reviews, feedback, comments or letters, or buying), which deceives the public, platforms and sellers',
  clues: [{ together: [MANY_IDENTITIES, OPINION_OR_PURCHASE] }],
  // Accounts for real people, one each: "120 accounts … so each can post availability".
  unless: guardedBy(
    'test account*',
    'testing',
    'qa',
    'staging',
    'detect*',
    'fake account*',
    'each (can|could|will|may|gets|has|of)',
    '(for|per) (each|every)',
    'our (volunteers|staff|members|employees|students|pupils|users|team|teams|customers|clients|tenants|residents)',
  ),
};

/** A risk, a fee or terms kept from the buyer: "without mentioning the risk", "terms out of sight". */
const KEPT_FROM_THE_BUYER = tx(
  '(without|not|never|avoid|avoiding) (mentioning|mention|disclosing|disclose|revealing|reveal|stating|state|explaining|explain) [(the|any|its|a)] (risk|risks|fault|faults|defect|defects|danger|dangers|hazard|hazards|fee|fees|charge|charges|terms|recall)',
  '~keep [(the|any|our)] [?] [?] (terms|fees|charges|conditions|price|prices|risk|risks|cancellation) (hidden|quiet)',
  '~keep [(the|any|our)] [?] [?] (terms|fees|charges|conditions|price|prices|risk|risks|cancellation) out of sight',
  'out of sight until',
  '~make (the|it|them|cancelling|cancellation|refunds) ? ? ? (hard|difficult|impossible) to (find|see|cancel|reach)',
  // Charged on with no reminder: "should roll into a 12-month contract without a reminder email".
  '~(roll|renew|convert|charge|continue|switch) [?] [?] [?] [?] [?] [?] [?] without (a|any) (reminder|warning)',
);
const TO_THE_BUYER = tx(
  'customer*',
  'buyer*',
  'member*',
  'subscri*',
  'contract*',
  'trial',
  'renew*',
  'roll*',
  'charg*',
  'notice',
  'card',
  'stock',
  'sell*',
  'selling',
);
export const KEPT_FROM_THE_BUYER_PURPOSE: Purpose = {
  kind: 'a risk, a fee or the terms kept from the people who buy',
  reason:
    'for a risk, a charge or the terms to be kept from the people who buy (left unmentioned, out of sight, or with no reminder before they are charged), which misleads them',
  clues: [{ together: [KEPT_FROM_THE_BUYER], asserted: false }, { together: [TO_THE_BUYER] }],
  unless: guardedBy('clear*', 'easier', 'easy', 'simpl*', 'fair*', 'honest*', 'transparen*'),
};

/** Pay or duty a worker or the state is owed, escaped by calling things what they are not. */
const OWED = tx(
  '~(stop|avoid|escape) (paying|pay|declaring|reporting) [the] (holiday|sick|overtime|minimum|national|pension|employer|vat|tax|duty|redundancy|maternity)',
  '~(stop|not) ~count ? ? ? ? ? as (paid|working) (time|hours)',
  'no longer (pay|paying) (holiday|sick|overtime|pension|vat|tax|national)',
);
const RELABELLED_AS_OTHER = tx(
  'reclass*',
  're - class*',
  '(classed|classified|treated|registered|counted) as',
  'self - employed',
  'self(-)?employed',
  'off the books',
  'cash in hand',
  'round* (up|down)',
  '~count',
);
export const OWED_PAY_ESCAPED: Purpose = {
  kind: 'pay or duties owed to workers escaped by calling work or workers what they are not',
  reason:
    'to stop paying what workers are owed (holiday pay, paid time, minimum wage) by calling the work or the workers what they are not',
  clues: [{ together: [OWED], asserted: false }, { together: [RELABELLED_AS_OTHER] }],
  unless: guardedBy('audit*', 'arrears', 'compl(y|ies|iant|iance)', 'correct*', 'lawful*', 'legal advice'),
};

/** People kept from going to the regulator, the police or a tribunal. */
const KEPT_FROM_AUTHORITIES = tx(
  '~(forbid|prevent|stop|ban|prohibit|bar|gag|deter|discourage) (staff|employees|workers|them|people|tenants|customers|patients|residents|anyone|members|parents|students) [from] (reporting|speaking|talking|contacting|complaining|raising|going|telling|whistleblowing)',
);
const AUTHORITIES = tx(
  'regulator*',
  'hse',
  'health and safety executive',
  'police',
  'authorit*',
  'ombudsman',
  'cqc',
  'ofsted',
  'inspector*',
  'union*',
  'tribunal*',
  'safety concerns',
  'whistleblow*',
);
export const SILENCING_REPORTS: Purpose = {
  kind: 'people kept, by contract or pressure, from reporting to a regulator, the police or a tribunal',
  reason:
    'to keep people from reporting concerns to a regulator, the police or a tribunal, which the law protects their right to do',
  clues: [{ together: [KEPT_FROM_AUTHORITIES, AUTHORITIES] }],
  // Not the shared guarding words: "reporting concerns" is what is forbidden.
  unless: t('encourag*', 'protect*', 'speak up', 'speak-up', 'safe to'),
};

/** Whoever signs for a check: a document in their name is theirs to give. */
const SIGNATORY =
  '(inspector|engineer|auditor|doctor|assessor|examiner|mechanic|surveyor|lab|laboratory|accountant|solicitor|registrar|teacher|tutor|university|college|body|authority|bank|insurer|accredited|certified|notified)';

/** A document or assessed work produced in someone else's name or with their details. */
const IN_ANOTHERS_NAME = tx(
  `in the name of (a|an|another) [?] [?] ${SIGNATORY}`,
  'in (their|his|her) [own] (name|names)',
  // Another's details put on the document: "with the inspector's details already filled in".
  `(the|an|their) ${SIGNATORY} 's (details|name|signature|signatures|stamp|seal) already`,
  `(add|adding|copy|copying|paste|pasting|forge|forging|insert|inserting|scan|scanning) (the|an|their) ${SIGNATORY} 's (details|name|signature|signatures|stamp|seal)`,
  '~match (each|their|his|her) ? ? (writing|style)',
);
const DOCUMENTS_AND_ASSESSED_WORK = tx(
  'certificate*',
  'declaration*',
  'report*',
  'register*',
  'form*',
  'assignment*',
  'coursework',
  'essay*',
  'exam*',
  'dissertation*',
  'thesis',
  'project',
  'transcript*',
  'reference*',
  'record*',
  'log*',
  'inspection*',
);
export const IN_SOMEONE_ELSES_NAME: Purpose = {
  kind: "documents, records or assessed work produced in someone else's name or under their signature",
  reason:
    "for documents, records or assessed work produced in someone else's name or under their signature (an inspector's, a laboratory's, a student's), which deceives whoever relies on them",
  clues: [{ together: [IN_ANOTHERS_NAME, DOCUMENTS_AND_ASSESSED_WORK] }],
  unless: guardedBy(...CONSENTED, 'awarding body', 'authori(s|z)ed', 'on behalf of our', 'our own name'),
};

/** Made to be taken for a brand's own goods. */
const IMITATION = tx(
  'indistinguishable from',
  'replica*',
  'knock(-)?off*',
  'knock - off*',
  'look(-)?alike*',
  'look - alike*',
  'identical cop(y|ies)',
  'exact cop(y|ies)',
  'dupes',
);
const PASSED_AS_THE_REAL_THING = tx(
  '(as|be|are|is) (genuine|authentic|original|real)',
  '(logo|logos|brand|branding|trademark|trademarks|labels|tags|hardware|authenticity)',
);
export const PASSED_AS_A_BRANDS_GOODS: Purpose = {
  kind: "imitations made to be taken for a brand's own goods",
  reason: "for imitations of a brand's goods made or sold to be taken for the real thing (counterfeits)",
  clues: [{ together: [IMITATION], asserted: true }, { together: [PASSED_AS_THE_REAL_THING] }],
  unless: guardedBy('authenticat*', 'inspired', 'costume', 'prop', 'props', 'our own'),
};

/** A destination the law closes to trade: a sanctioned country, party or regime. */
const UNDER_SANCTIONS = tx(
  'under [(uk|eu|us|un|international|british|american|european)] [and] [(uk|eu|us|un)] sanctions',
  'sanctioned (country|countries|state|states|party|parties|entity|entities|regime|regimes|person|persons|individual|individuals|bank|banks|company|companies|buyer|buyers|customer|customers)',
  '(embargoed|embargo) (country|countries|destination|destinations)',
  '(subject|subjected) to [(an|the)] [arms] (sanctions|embargo)',
);
/** Goods or money sent round the sanctions: through another company or country, under papers naming another. */
const ROUTED_ROUND = tx(
  '(through|via) a (trading|front|shell|third|intermediary) (company|party|country|firm)',
  '(through|via) a (third|neighbouring|neighboring|different|another) (country|company|party)',
  '(through|via) another (country|company)',
  '~(route|tranship|transship) [?] [?] (through|via)',
  'final destination',
  'end (user|users|destination)',
);
export const SANCTIONS_GOT_ROUND: Purpose = {
  kind: 'trade or payments with a sanctioned country or party got round the sanctions',
  reason:
    'to trade with or pay a sanctioned country or party by getting round the sanctions (routing through another country or company, or papers naming another destination)',
  clues: [{ together: [UNDER_SANCTIONS] }, { together: [ROUTED_ROUND], asserted: true }],
  unless: guardedBy(
    'screen*',
    'compl(y|ies|iant|iance)',
    'export licen(c|s)e*',
    'due diligence',
    '~(never|avoid|stop)',
    'check*',
  ),
};

/** A rival's own spend, listings or site worn down or flooded: the act is done against them. */
const AGAINST_A_RIVAL = tx(
  "~(drain|exhaust|flood|sabotage|overload|crash|jam|spam|bury|waste) [(on)] [?] [?] (their|rival|rivals|competitor|competitors) [('s|')] [?] (ads|adverts|advertising|budget|budgets|listings|listing|site|website|servers|lines|bookings|calendar|inbox)",
  '(their|the) [?] budget ~run out',
  'until (their|the) [(daily|monthly|weekly)] budget',
  '~(drain|exhaust|burn) (their|the) [(daily|monthly|weekly)] [ad] budget',
  // Said the other way round: "their listings flooded with fake requests".
  "(their|rival|rivals|competitor|competitors) [('s|')] [?] (ads|adverts|advertising|budget|budgets|listings|listing|site|website|servers|lines|bookings|calendar|inbox) ~(drain|exhaust|flood|sabotage|overload|crash|jam|spam|bury|waste)",
  "~click [on] (their|rival|rivals|competitor|competitors) [('s|')] [?] (ads|adverts) (repeatedly|again)",
);
const RIVAL = tx('rival*', 'competitor*', 'outbid*', 'undercut*', 'competing');
export const HARM_TO_A_RIVAL: Purpose = {
  kind: "a rival's ads, budget, listings or site worn down, drained or flooded",
  reason:
    "to wear down a rival's business by abusing it (clicking their ads to drain the budget, flooding their listings or site)",
  clues: [{ together: [AGAINST_A_RIVAL], asserted: true }, { together: [RIVAL] }],
  unless: guardedBy('invalid click*', 'refund*', 'audit*'),
};

/** Papers that only a university, a bank, an employer or a lab issues, made by the author instead. */
const ISSUED_ELSEWHERE = tx(
  'degree*',
  'diploma*',
  'transcript*',
  'membership certificate*',
  'payslip*',
  'pay slip*',
  'bank statement*',
  'employer reference*',
  'passport*',
  'driving licen(c|s)e*',
  'id card*',
  'identity document*',
  'test certificate*',
  'qualification certificate*',
);
const MADE_BY_US = tx('~(produce|make|create|generate|print|fabricate|forge|issue|draw|mock) [up]', 'produced', 'made');
/** The papers are meant to survive a look rather than to be true. */
const TO_GET_PAST_A_LOOK = tx(
  '(would|will|could|can|to|that|should) pass (a|any|the) [(quick|basic|casual|cursory|first|simple|background|reference|referencing)] (check|checks|glance|look|verification|vetting|referencing|screening)',
  'showing (higher|bigger|larger|better|more) (income|incomes|salary|salaries|earnings|pay|grades|marks)',
  '(so|that) [the] (landlord|landlords|lender|lenders|bank|client|clients|employer|employers|buyer|buyers) ~accept',
);
export const PAPERS_OF_WHAT_IS_NOT: Purpose = {
  kind: 'degrees, payslips, statements or certificates made up for people who do not hold them',
  reason:
    'for papers that only a university, an employer, a bank or a laboratory issues (degrees, payslips, bank statements, certificates) to be made up so they pass a check, which is forgery',
  clues: [{ together: [ISSUED_ELSEWHERE, MADE_BY_US], within: 12 }, { together: [TO_GET_PAST_A_LOOK] }],
  unless: guardedBy('verif*', 'genuine', 'check (that|whether|every|each)', 'our graduates', 'our learners'),
};

/** A reward offered only for a top rating: the rating is bought. */
const TOP_RATING = tx(
  '(pick|picks|give|gives|leave|leaves|choose|chooses|select|selects|rate|rates|post|posts|award|awards) (five|5|4|four|top|full) [-] star*',
  '(five|5) (stars|star) (are|get|receive|will)',
  '(positive|good|glowing|top) (review|reviews|rating|ratings) (get|gets|receive|receives|earn|earns|are|will)',
);
const REWARD = tx(
  'voucher*',
  'discount*',
  'gift*',
  'credit',
  'refund*',
  'free',
  'prize*',
  'entry',
  '£ #',
  'points',
  'cashback',
);
export const RATING_BOUGHT: Purpose = {
  kind: 'a reward offered only to customers who give a top rating or review',
  reason:
    'to reward customers only for a top rating or a positive review (a voucher, a discount), which buys the ratings and misleads everyone who reads them',
  clues: [{ together: [TOP_RATING, REWARD] }],
  unless: guardedBy('whatever', 'regardless', 'any rating', 'honest*', 'every (guest|customer|client|patient|buyer)'),
};

/** Read after the structural wrongs (structure.ts); the first whose clues meet gives the reason. */
export const COMPOSED_WRONGS: readonly Purpose[] = [
  SANCTIONS_GOT_ROUND,
  HARM_TO_A_RIVAL,
  PAPERS_OF_WHAT_IS_NOT,
  RATING_BOUGHT,
  SILENCING_REPORTS,
  OWED_PAY_ESCAPED,
  RIVALS_ACTING_AS_ONE,
  PROTECTION_DEFEATED,
  PASSED_AS_A_BRANDS_GOODS,
  IN_SOMEONE_ELSES_NAME,
  MANY_FALSE_VOICES,
  CLAIMS_WITH_NOTHING_BEHIND,
  KEPT_FROM_THE_BUYER_PURPOSE,
  KEPT_FROM_WHOEVER_WOULD_OBJECT,
];
