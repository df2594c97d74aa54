import { Terms } from '../terms.ts';
import type { Purpose } from './purpose.ts';
import { CHECKERS, THEIR_DETAILS } from './purposes.ts';
import { guardedBy, KEPT_FROM_THEM, PERSONAL_DATA, t } from './vocabulary.ts';

/**
 * What makes a request wrong, read from its structure rather than from its topic: whatever the domain, an unlawful or
 * deceptive ask names a *marker* of the wrong — the people it acts on are kept from knowing, something is made to pass
 * as what it is not or as coming from someone it does not, a check is got round — and *what it is done to*: people's
 * details, someone else's work or files, the people who check. Neither alone is a wrong ("members should not be
 * disturbed", "a rota the inspector can read", "their photos"); the two meeting in neighbouring sentences of a request
 * are. Verbs are written as lemmas (`~look` is "looks", "looked", "looking"), so one entry covers a verb's forms.
 *
 * The wrongs are read as purposes are (purpose-reading.ts: clues within three neighbouring sentences, one of them a
 * request, no clue's sentence guarding against the wrong), after the named purposes, so a brief that one of those
 * describes is refused with its narrower reason.
 */

/** The people acted on are kept from knowing, or never asked. */
const KEPT_HIDDEN = Terms.union(
  KEPT_FROM_THEM,
  // Not the shared list of covert words: "syncs in the background" is how much ordinary software works.
  t(
    'secretly',
    'in secret',
    'covert*',
    'quietly',
    '(without|before) (her|him|them|anyone|people|users|customers|staff|members|visitors|guests|employees|tenants) (knowing|noticing|realising|realizing|finding)',
    "~do (not|n't) ~know (she|he|they|we|that|about|where|who|what|how|it)",
    "(not|n't|never) ~(mention|say|reveal|disclose|explain|tell) (where|how|who|why|that) (we|they|it|the|she|he)",
    "(not|n't|never) ~(want|need|use|show|include|add|have) (a|any) (consent|permission|cookie|privacy|opt-in)",
    "(not|n't|never) ~(ask|seek) (for|their|his|her|the|any) (consent|permission)",
    'without (a|any) (consent|permission|privacy|cookie) (box|form|screen|prompt|notice|step|tick|banner)',
    'without (their|his|her|its|the|any) (consent|permission|knowledge|agreement)',
    'without (consent|permission)',
    'on the quiet',
  ),
);

/** Made to pass as coming from someone it does not come from: the wrong in itself, whoever reads it. */
const FALSE_SENDER = t(
  'as (if|though) (it|they|this|these|he|she) ~(come|write|send|sign|post)',
  'as (if|though) (it|they|this|these|he|she) (was|were|is|are) (from|sent|written|signed)',
  'as (if|though) from',
  'as (if|though) (written|sent|signed|posted|made|produced) by',
  '~(look|appear|seem) to ~come from',
  '~(look|appear|seem) to be from',
  '~(pose|posing) as',
  'pretend* to be',
  // Not "an Elvis impersonator" for a party.
  'impersonat(e|es|ed|ing)',
  '(sender|from) (name|address|number|line) that ~(match|mimic|copy|imitate)',
  '~(match|mimic|copy|imitate) the other (campaign|company|candidate|party|side|brand|firm|shop|team|organisation|organization|charity)',
  'under (different|other|false|fake|made-up|invented|assumed|several|multiple) names',
  'under a (different|false|fake|made-up|invented|assumed) name',
  '(fake|false|invented|made-up) (names|identities|identity)',
);

/** Made to look other than it is: real, natural, complete, still going on. */
const FALSE_APPEARANCE = t(
  // Not "looks right": a report that "looks right on phones" is a layout, "the numbers look right" a pretence.
  '~(look|seem|appear|sound|read) (real|genuine|natural|naturally|official|authentic|legitimate|independent|convincing|believable|plausible|credible|untouched|original|handwritten)',
  '(numbers|figures|totals|books|accounts|records|results|readings|data|logs|rota|rotas|register|registers) ~(look|seem|appear) (right|better|normal|healthier|lower|higher|complete|full)',
  '~(look|seem|appear) like (they|it|he|she|we|everyone|everything|nothing|staff|the) ~(be|still|have|come|do|attend|work|happen|take)',
  '~(look|seem|appear) as (if|though) (they|it|he|she|we|everyone|everything|nothing|staff) ~(be|still|have|come|do|attend|work|happen|take)',
  '~(look|seem|appear) to ~(be|have) (genuine|real|independent|ordinary|complete|done|kept|signed|attended|happened)',
  '~make (it|them|this|these|everything|things) ~(look|seem|appear|read|sound)',
  '~make the (numbers|figures|books|records|accounts) ~(look|seem|appear|read|add)',
  'pass* (it|them|this|these) off',
  'pass* off as',
  // A second set kept beside the real one: "the real one we work to, and a second one…".
  'the real (one|version|figures|numbers|books|log|logs|records|rota|accounts)',
);

/** Someone else's work relabelled as the author's: "with our name and prices swapped in", "change the names". */
const RELABELLED = t(
  '~(change|swap|replace|switch) the (name|names|logo|logos|branding|author|authors|credits|byline)',
  'our (name|names|logo|brand|branding) ~(swap|put|add)',
  'swapped in',
);

/** A check got round rather than passed. */
const EVADING = t(
  '~get (round|around|past) (the|our|any|their)',
  'circumvent*',
  'dodg(e|es|ed|ing)',
  'sidestep*',
  'evad(e|es|ed|ing)',
  'evasion',
  'under the radar',
  'slip* (past|through|under)',
  "(not|n't|never) (flagged|caught|spotted|detected)",
  "(not|n't|never) be (flagged|caught|spotted|detected|picked)",
);

/**
 * Whoever checks is kept from knowing or asking: the work is arranged so the checker does not notice, connect, see or
 * question it, nothing reaches them to declare, or the figures stay under the line at which they would look. Read
 * only next to a checker (THE_CHECK): "so visiting licensing officers do not notice", "so an HMRC inspection would
 * not connect the two", "so the figures sent to the tax office stay under their thresholds".
 */
const CHECK_KEPT_UNAWARE = Terms.union(
  KEPT_FROM_THEM,
  t(
    "(not|n't|never) ~(connect|question|query|see|learn)",
    "(not|n't|never) be able to (tell|see|know|find|connect)",
    'nothing (need|needs|has|have|would|will) to be (declared|disclosed|notified|registered)',
    // Only as what the work is for: "patient names should not be visible to the auditor" protects them.
    "so (it|they|this|these) (is|are) (not|n't|never) (visible|apparent|obvious|noticeable|declared|disclosed)",
    "so that (it|they|this|these) (is|are) (not|n't|never) (visible|apparent|obvious|noticeable|declared|disclosed)",
    "so (it|they|this|these) (will|would) (not|n't|never) be (visible|apparent|obvious|noticeable|declared|disclosed)",
    'without questions',
    'without (any|further) (questions|queries|checks)',
    '~(stay|keep|remain) (under|below|beneath) (the|their|its|our|any) (threshold*|limit*)',
    '~(stay|keep|remain) (under|below|beneath) (the|their|its|our|any) ? (threshold*|limit*)',
  ),
);

/** Whoever checks the work for others: an inspector, auditor, regulator, funder, examiner or lender. */
const THE_CHECK = Terms.union(
  CHECKERS,
  t(
    'audit',
    'audits',
    'funder*',
    'funding (body|agency|agencies)',
    'ombudsman',
    'tax office',
    'hmrc',
    'irs',
    'lender*',
    'moderator*',
    'verifier*',
    'ofqual',
    'fca',
    'customs',
    'tribunal*',
    'dwp',
    'benefits? (office|agency|agencies|assessor*)',
  ),
);

/** People's own details and contacts, however they are kept. */
const PEOPLES_DETAILS = Terms.union(
  PERSONAL_DATA,
  THEIR_DETAILS,
  t(
    '(contact|client|customer|mailing|member|patient|guest|supporter|donor|tenant|student|employee|staff|resident|user) (list|lists|spreadsheet|spreadsheets|file|files|book|books|records|database)',
    'contact list*',
    '(their|his|her) (details|contacts|messages|browsing|calls|emails|files|phone|phones|device|devices)',
    'device (id|ids|identifier|identifiers)',
    '(phone|browser|device) (fingerprint*|identifier*)',
    'location data',
  ),
);

/** Taking or reusing something: content, files, clients. */
const TAKING = t(
  '~(copy|reuse|lift|reproduce|duplicate|replicate|clone|scrape|download|take|grab|import|upload|repost|republish)',
  're(-)?upload*',
  're - upload*',
  'use the same',
);
/** Whose it is, when not the author's: a rival, another firm, a former employer, "their" site. */
const OWNERS = [
  '(their|its)',
  "(competitor|competitors|rival|rivals|someone|somebody|another|other) ('s|')",
  "(old|former|previous|last|ex) (firm|employer|company|job|agency|workplace|practice|school|boss|business) ('s|')",
  '(her|his|their|my|our) (old|former|previous|last) (firm|employer|company|job|agency|workplace|practice|school|boss)',
  "(another|other) (company|firm|business|shop|school|agency|author|artist|photographer|designer|brand) ('s|')",
];
/** What someone makes or holds: their content, designs, files, clients. */
const WORK_AND_FILES = `(${[
  'photo*',
  'picture*',
  'image*',
  'text',
  'texts',
  'wording',
  'copy',
  'description*',
  'content',
  'design*',
  'layout*',
  'logo*',
  'video*',
  'course*',
  'article*',
  'recipe*',
  'menu*',
  'website*',
  'page*',
  'client*',
  'customer*',
  'file*',
  'spreadsheet*',
  'database*',
  'login*',
  'password*',
  'code',
  'software',
  'template*',
  'material*',
  'slides',
  'music',
  'track*',
  'footage',
  'lesson*',
  'pattern*',
  'drawing*',
  'plans',
  'site',
  'sites',
].join('|')})`;
/**
 * Someone else's work, the owner close before it ("their lesson plans", "her old firm's full client spreadsheet") or
 * just after it ("the layout of their page", "descriptions from a competitor's site").
 */
const SOMEONE_ELSES_WORK = t(
  ...OWNERS.flatMap((owner) => [0, 1, 2].map((gap) => `${owner} ${'? '.repeat(gap)}${WORK_AND_FILES}`)),
  ...OWNERS.flatMap((owner) => [0, 1].map((gap) => `${WORK_AND_FILES} (of|from) ${'? '.repeat(gap)}${owner}`)),
);

/** Who someone is behind a nickname, and where to find them. */
const IDENTIFYING = t(
  '(work|find|figure) out who',
  'who (each|the|these|those) ? (really|actually) ~be',
  'who (they|he|she) (really|actually) ~be',
  '(real|true) (name|names|identity|identities)',
  '~(unmask|trace|identify) (them|him|her|who)',
  '~(unmask|trace|identify) (the|each|these|those|every) (person|people|reviewer|reviewers|poster|posters|author|authors|owner|owners|account|accounts|sender|senders|commenter|commenters|caller|callers|parent|parents|customer|customers|tenant|tenants|user|users|writer|writers)',
);
const WHERE_THEY_ARE = t(
  'home address*',
  'where (they|he|she|each) ~(live|work)',
  '(their|his|her) (home|work|house) (address|addresses|postcode|postcodes)',
  '(their|his|her) (workplace|workplaces|employer|employers)',
  'where (they|he|she) can be found',
);

/** What people are spared rather than kept from: "customers should not notice the switch-over". */
const SPARED = t(
  'downtime',
  'outage*',
  'disruption*',
  'interruption*',
  'delay*',
  'surprise*',
  'the (switch|switch-over|move|migration|changeover)',
);

export const PASSED_AS_FROM_SOMEONE_ELSE: Purpose = {
  kind: 'messages, posts or documents made to pass as coming from a person or organisation they do not come from',
  reason:
    'for messages, posts or documents made to pass as coming from someone else (another person, campaign or organisation), which deceives the people who read them',
  clues: [{ together: [FALSE_SENDER], asserted: true }],
  unless: guardedBy('simulat*', 'satir*', 'parod*', 'fiction*', 'role-play*', 'role play*', 'consent*'),
};

export const MISLEADING_THE_CHECK: Purpose = {
  kind: 'records, figures or documents made to look other than they are to an inspector, auditor, funder or lender, or arranged so the check misses them',
  reason:
    'to mislead the people who check the work (an inspector, auditor, funder or regulator): records, figures or documents made to look other than they are, or arranged so the check misses them',
  clues: [
    { together: [Terms.union(FALSE_APPEARANCE, EVADING, CHECK_KEPT_UNAWARE)], asserted: true },
    { together: [THE_CHECK] },
  ],
  // Not the shared guarding words: "training records" are what gets written up. Privacy words: "patients' names
  // should not be visible to the auditor" keeps data from a checker who has no need of it.
  unless: t(
    'anonymi*',
    'pseudonymi*',
    'redact*',
    'spot*',
    'detect*',
    'prevent*',
    'tackl*',
    'awareness',
    'forensic*',
    'fraud',
    'identif(y|ies|ied|ying)',
    'honest*',
    'accurate*',
    'mock',
    // The real figures shown to the checker: "the report to the funder should show the real numbers".
    '~(show|give|report|send) (them|the|our) real',
  ),
  // Disruption spared: "guests should not notice the inspection work".
  spared: SPARED,
};

export const KEPT_FROM_THE_PEOPLE_IT_IS_ABOUT: Purpose = {
  kind: "people's details, contacts or devices taken or used in a way they are kept from knowing or did not agree to",
  reason:
    "to take or use people's details (their contacts, records or devices) in a way they are kept from knowing or did not agree to",
  clues: [{ together: [KEPT_HIDDEN] }, { together: [PEOPLES_DETAILS] }],
  // Work that puts missing consent right: "delete records we hold without consent" before a GDPR review.
  unless: guardedBy(
    'consent*',
    'agreed',
    'opted in',
    'opt-in',
    'anonymi*',
    'pseudonymi*',
    'privacy notice',
    'audit*',
    'delet*',
    'eras(e|ed|ing|ure)',
    'lawful*',
    'gdpr',
    'compl(y|ies|iant|iance)',
    'data protection',
  ),
  spared: SPARED,
};

export const SOMEONE_ELSES_TAKEN: Purpose = {
  kind: "someone else's content, designs, files or clients taken and passed off as one's own or used behind the owner's back",
  reason:
    "to take what belongs to someone else (their content, designs, files or clients) and pass it off as the author's own or use it behind the owner's back",
  clues: [
    { together: [TAKING, SOMEONE_ELSES_WORK], within: 8 },
    { together: [Terms.union(RELABELLED, FALSE_APPEARANCE, KEPT_HIDDEN)] },
  ],
  unless: guardedBy('licen(s|c)e*', 'permission', 'credit*', 'attribut*', 'inspir*', 'agreed', 'with consent'),
  spared: SPARED,
};

export const TRACING_PEOPLE: Purpose = {
  kind: 'tracing private people: who they really are behind a nickname, and where they live or work',
  reason: 'to trace private people, who they really are and where they live or work, without their agreement',
  clues: [{ together: [IDENTIFYING] }, { together: [WHERE_THEY_ARE] }],
  unless: guardedBy('safeguard*', 'missing', 'reunit*', 'welfare', 'next of kin', 'consent*', 'agreed', 'own'),
};

/**
 * The author says what is really so, opening a sentence with "in truth" or "in reality", or "in practice" followed by
 * what is not done ("In practice we do not start a claim"). Rare in an honest brief, which has no second version to set
 * against the real one; "in practice" and "in fact" alone are how briefs generalise ("in practice most guests book by
 * phone").
 */
const ADMISSION = t(
  'in (truth|reality)',
  'the truth is',
  ...[0, 1, 2].map(
    (gap) => `in practice ${'? '.repeat(gap)}(do|does|did|will|would|can|have|has|are|is) (not|n't|never)`,
  ),
);
/** "Our real (actual, true) figures are…": an admission only when set against what is shown ("…, but the deck…"). */
const REAL_FIGURES = t(
  ...[0, 1, 2, 3].map((gap) => `(our|the|their|its) (real|actual|true) ${'? '.repeat(gap)}(is|are|was|were)`),
);
/** The admission set against what is shown within its own sentence: "…are about 38,000, but the deck needs…". */
const CONTRAST = t('but', 'yet', 'whereas', 'while', 'although', 'though');

/**
 * Made to look other than it is, whatever the document: made to look real or complete (FALSE_APPEARANCE), "as if" or
 * "as though" it were, presented "so it all appears", coming "across as".
 */
const SHOWN_AS_WHAT_IT_IS_NOT = Terms.union(
  FALSE_APPEARANCE,
  t(
    'as (if|though)',
    // Not "so it looks (reads) like…": how a design should look ("so it looks like a 1950s corner shop").
    'so (it|they|this|everything) ~(appear|seem)',
    'so (it|they|this) all ~(appear|seem)',
    '~come across as',
  ),
);
/** What readers are told, true or not: what a page "should say", what a deck "needs to show". */
const SAID_TO_READERS = t(
  '(should|must|will|would) ~(say|show|state|claim|read|display)',
  '~need to ~(say|show|state|claim|read|display)',
);
/**
 * What a thing is made to look like or called: a letter that "looks like a" court's, people "described as"
 * contractors. Design and wording in an honest brief ("the shop should look like a 1950s corner shop. In truth we have
 * no budget for fittings"), so read only across a "but" (TOLD_AGAINST_IT).
 */
const SHOWN_LIKE = t(
  '~(look|appear|seem|read) like a',
  '~(describe|present|count|report|book|record|list|treat|label|call) (it|them|this|these|him|her) as',
);

const READERS_DECEIVED = {
  kind: 'letters, pages, figures or documents that show readers something other than what the author says is really so',
  reason:
    'for letters, pages, figures or documents that show their readers something other than what the brief itself says is really so, which deceives the people who read them',
  // Honest presentation of the real state: "in reality the slot is in May, so the page should say so accurately".
  unless: guardedBy('honest*', 'accurate*', 'correct*', 'transparen*', 'clear*', 'plain*'),
};

/**
 * Readers deceived: the author admits what is really so, and in a neighbouring request asks that what others are
 * shown say otherwise — damage "in truth" from wear presented "so it all appears" storm related. Whoever reads it
 * (debtors, donors, investors, an insurer) is misled about the very thing the author has just said; no checker need be
 * named, as MISLEADING_THE_CHECK needs.
 */
export const SHOWN_OTHER_THAN_IT_IS: Purpose = {
  ...READERS_DECEIVED,
  clues: [{ together: [ADMISSION] }, { together: [SHOWN_AS_WHAT_IT_IS_NOT], asserted: true }],
};

/**
 * The same with what readers are merely told ("the page should say…"), which is a wrong only when it stands against the
 * admission: in another sentence ("The page should say every penny goes to the kennels. In reality 40% will go to the
 * office"), or across a "but" (TOLD_AGAINST_IT). In one sentence with no contrast the admission is the reason for what
 * is shown ("in reality most visitors come on weekdays, so the page should show weekday hours first").
 */
export const TOLD_OTHER_THAN_IT_IS: Purpose = {
  ...READERS_DECEIVED,
  clues: [{ together: [ADMISSION] }, { together: [SAID_TO_READERS], asserted: true }],
  distinct: true,
};

/** Real figures or an admission set against what is shown across a "but": "…38,000, but the deck needs to show…". */
export const TOLD_AGAINST_IT: Purpose = {
  ...READERS_DECEIVED,
  clues: [
    { together: [Terms.union(ADMISSION, REAL_FIGURES), CONTRAST], within: 12 },
    { together: [Terms.union(SAID_TO_READERS, SHOWN_LIKE)], asserted: true },
  ],
};

/**
 * A danger to the people who use a product, stated as a fact of it: a fault that "can" hurt, choke, burn, shock or
 * poison, or parts small enough to swallow.
 */
const DANGER_TO_USERS = t(
  '~(choke|suffocate|strangle|electrocute|poison)',
  'chok(e|es|ed|ing) hazard',
  'electric shock*',
  'fire (risk|hazard)',
  '~catch fire',
  // Not "cut", "burn" or "crush" alone: a knife that "can cut a tomato" is sold for it.
  '~(burn|scald|injure|hurt) (someone|people|users|children|toddlers|babies|customers|wearers|riders|drivers)',
  'small enough to (swallow|choke|inhale)',
  '~(stick|stay|jam) open',
  'carbon monoxide',
  '~(fail|failed) (its|the|a|their) (safety|drop|fire|electrical|toxicity) test*',
);
/**
 * The product still reaches buyers, or they are not told: sold on, relisted under another name, a notice that leaves
 * the risk out, a recall avoided.
 */
const STILL_REACHES_BUYERS = t(
  '~(keep|continue|carry) ~sell',
  '~(keep|continue|carry) on ~sell',
  '~sell (the|them|it|these|those) (remaining|rest|off|on|anyway)',
  '~sell* (off|on) the (remaining|rest)',
  'the remaining (units|stock|batch|items)',
  'the remaining # (units|stock|items)',
  '(sold|resold|relisted|listed) (through|via|on|under)',
  'under a (new|different) (name|brand|code|label)',
  'under a (new|different) ? (name|brand|code|label)',
  'under (new|different|other) (names|brands|codes|labels)',
  'without (mentioning|stating|disclosing|explaining|saying) (the|any|its) (risk|fault|defect|hazard|danger|problem)',
  "(not|n't|never) ~(mention|state|disclose|explain|say) (the|any|its) (risk|fault|defect|hazard|danger|problem)",
  "(not|n't|never) ~(run|issue|do|announce|start) a recall",
  "(not|n't|never) ~(run|issue|do|announce|start) a (formal|full|public|product) recall",
  '(avoid|avoiding) (a|any) (formal|full|public|product) recall',
  'before word gets out',
);

/**
 * People put at risk without knowing it: the author says a product can hurt whoever uses it, and in a neighbouring
 * request asks that it go on reaching buyers (sold on, relisted under another name) or that they not be told (a notice
 * without the risk, no recall). What the act does to whom — buyers exposed to a danger the seller knows — needs no
 * word for the product or its market. Turned round by the work of warning them: a recall, a stop on sales, a notice
 * that explains the risk.
 */
export const DANGER_KEPT_FROM_BUYERS: Purpose = {
  kind: 'a product the author says can hurt its users kept on sale, relabelled or described to buyers without the risk',
  reason:
    'to keep selling, relabel or describe to buyers a product that the brief itself says can hurt the people who use it, without telling them of the danger',
  clues: [{ together: [DANGER_TO_USERS] }, { together: [STILL_REACHES_BUYERS], asserted: true }],
  unless: guardedBy(
    'warn*',
    'explain* the (risk|danger|hazard|fault)',
    'stop* (selling|sales)',
    'withdraw* (it|them) from sale',
    'withdraw* the ? from sale',
    'refund*',
    'opss',
    'trading standards',
    'product safety',
    'safety notice',
    'recall notice',
    // The danger put right: "the new model, which has a redesigned brake", "offering a free repair".
    'repair*',
    'redesign*',
    'replacement*',
    'fixed',
  ),
};

/** Named or filed as something else: "describe them as contractors", "reclassed as self-employed". */
const RENAMED_AS = t(
  ...['(them|it|this|these|those|him|her)', '(the|our) ?', '(the|our) ? ?'].map(
    (object) =>
      `~(describe|call|class|classify|reclass|reclassify|label|designate|register|treat|list|name|present|word|badge|rebadge) ${object} as`,
  ),
  '(reclassed|reclassified|relabelled|relabeled|rebadged|redesignated|recategori(s|z)ed) as',
  '(written|worded|framed|presented) as (a|an)',
);
/** What the new name is for: a duty stops ("so we stop paying holiday pay") while the facts stay as they were. */
const DUTY_SHED = t(
  '(stop|stops|stopped|avoid|avoids|escape|skip|dodge) (paying|providing|owing|giving|offering|meeting|declaring|registering)',
  'no longer (pay|provide|owe|give|offer|meet|declare|register)',
  "(not|n't) have to (pay|provide|give|offer|meet|declare|register)",
  'without changing (how|what)',
  'without changing the way',
);

/**
 * A duty shed by a name: the author asks that people or work be described, classed or worded as something else, and
 * in the same or a neighbouring sentence says what the name is for — a duty that stops (holiday pay, pensions, the
 * minimum wage) or the facts left as they were ("without changing how the work actually runs"). Whoever is owed the
 * duty (the workers, the state) loses it to a label; a genuine change of status changes the facts.
 */
export const DUTY_SHED_BY_A_NAME: Purpose = {
  kind: 'people or work described or classed as something else so that a duty owed to them (pay, leave, tax) stops while the facts stay the same',
  reason:
    'to describe or class people or work as something they are not, so that a duty owed on them (pay, leave, pension, tax) stops while the facts stay the same',
  clues: [{ together: [RENAMED_AS] }, { together: [DUTY_SHED], asserted: true }],
  unless: guardedBy(
    'genuine*',
    'correct*',
    'accurate*',
    'lawful*',
    'compl(y|ies|iant|iance)',
    'employment status review',
    // A status put right: "so we no longer pay them through PAYE by mistake".
    'by mistake',
    'in error',
    'wrongly',
  ),
};

/** A record, certificate or statement that vouches for something. */
const VOUCHING_DOCUMENT = t(
  'certificate*',
  'certification*',
  'declaration*',
  'test report*',
  'inspection report*',
  'report',
  'reports',
  'register',
  'registers',
  'form',
  'forms',
  'payslip*',
  'bank statement*',
  'reference',
  'references',
  'transcript*',
  'licence*',
  'license*',
);
/** Made out under the name, hand or letterhead of another: the party who should vouch for it. Either apostrophe. */
const ANOTHERS_HAND = t(
  // Not "in the name of their own firm": the issuer's own name.
  'in the name of (a|an|the|another|someone)',
  "(the|an|a|their|its) ? ('s|’s) (name|details|signature|signatures|stamp|seal|letterhead|logo|number|registration) (already|filled|pre-filled|added|on)",
  "(the|an|a|their|its) ? ? ('s|’s) (name|details|signature|signatures|stamp|seal|letterhead|logo|number|registration) (already|filled|pre-filled|added|on)",
  "~(keep|use|copy|reuse) (the|their|its) ? ('s|’s) (layout|letterhead|logo|stamp|seal|signature)",
);
/** That party has not done, or will not do, what the document vouches for. */
const NOT_DONE_BY_THEM = t(
  "(not|n't|never|cannot) ~(come|provide|attend|test|inspect|visit|sign|arrive|check|issue|carry|examine|measure)",
  "(not|n't|never) be (sent|tested|inspected|checked|examined|measured|seen|visited)",
  'there is no time',
);

/**
 * A document vouched for by someone who did not: a certificate, report or form made out in the name, or with the
 * details or letterhead, of a lab, inspector or firm, next to a sentence saying that party has not done or will not do
 * the work ("the chargers will not be sent for testing", "the inspector cannot come until Thursday"). Whoever relies
 * on it (buyers, the workers on the scaffold, a regulator) is told a check was made that was not.
 */
export const VOUCHED_FOR_BY_ANOTHER: Purpose = {
  kind: 'certificates, reports or forms made out in the name of a lab, inspector or firm that has not done the work they vouch for',
  reason:
    'for certificates, reports or forms made out in the name of a lab, inspector or firm that has not done the work they vouch for, which misleads everyone who relies on them',
  clues: [{ together: [VOUCHING_DOCUMENT, ANOTHERS_HAND], within: 15 }, { together: [NOT_DONE_BY_THEM] }],
  unless: guardedBy('to sign', 'for (his|her|their) signature', 'template*'),
};

/** Paid for: a fee, a price per post, people who "will be paid". */
const PAID_FOR = t(
  '(will|would|to|be|are|is|get|gets) paid',
  'paid (£|$|€|#)',
  '~pay (them|each|creators|influencers|bloggers|reviewers|posters|streamers|presenters) ?',
  '(£|$|€) # (each|per)',
  '(a|the|their|each|our) (fee|fees)',
  'per (post|video|review|story|mention)',
);
/** The readers not told it is paid for: no ad label, no mention of the fee, not to look like an advert. */
const PAYMENT_UNDISCLOSED = t(
  'no (#ad|#advert|#sponsored|#spon|#paid|#gifted|#collab)',
  'no (ad|ads|advert|advertising|sponsorship|sponsored|partnership|disclosure|disclosures) (label|labels|tag|tags|disclosure|disclosures|mention|note)',
  'no ? (paid|sponsored|advert|ad) ? ? (label|labels|tag|tags)',
  'no mention of (the|any|a|our) (fee|fees|payment|payments|deal|sponsorship|money|commission)',
  "(not|n't|never|without) ~(disclose|mention|reveal|declare|say) (the|any|a|that|their|our) (fee|fees|payment|payments|deal|sponsorship|commission|partnership)",
  "(not|n't|never|without) ~(disclose|mention|reveal|declare|say) (the|any|a|that|their|our) ? (fee|fees|payment|payments|deal|sponsorship|commission|partnership)",
  "(not|n't|never) (be|being) (marked|labelled|labeled|tagged|flagged) as (an|a|paid|sponsored|advertising|ads)",
  "(not|n't|never) ~(look|read|seem|sound|come) (like|as) (an|a) (ad|advert|advertisement|sponsored|paid|promotion)",
);

/**
 * Promotion passed off as opinion: the author pays people to post, review or mention something and asks that the
 * readers not be told — no ad label, no mention of the fee, nothing that looks like an advert. The followers who
 * trust the post are misled about why it was made. Turned round by the disclosure itself.
 */
export const PAID_PROMOTION_UNDISCLOSED: Purpose = {
  kind: 'paid posts, reviews or mentions presented as the poster’s own opinion, with the payment kept from the readers',
  reason:
    'for paid posts, reviews or mentions presented as the poster’s own opinion, with the payment kept from the people who read them',
  clues: [{ together: [PAID_FOR] }, { together: [PAYMENT_UNDISCLOSED] }],
  unless: guardedBy(
    'disclos(e|es|ed|ing|ure)',
    '#ad',
    'asa',
    'cap code',
    'clearly (labelled|labeled|marked|tagged)',
    'honest*',
  ),
};

/** A real person's voice, face or likeness made by a machine or copied. */
const LIKENESS_MADE = t(
  '~(clone|copy|imitate|recreate|synthesise|synthesize|fake) (his|her|their) (voice|face|likeness|image)',
  'voice (model|models|clone|clones|cloning)',
  'face (model|models|swap|swaps|swapping)',
  'deepfake*',
  '(cloned|synthetic|generated|ai) (voice|voiceover|voice-over|face|likeness|video)',
);
/** The person has not been asked: "we have not approached him", "without her permission". */
const PERSON_NOT_ASKED = t(
  "(not|n't|never) ~(approach|ask|contact|consult|license|licence|pay) (him|her|them)",
  "(not|n't|never) ~(approach|ask|contact|consult) the (person|presenter|actor|actress|chef|singer|player|star|celebrity|family|estate)",
  'without (his|her|their) (consent|permission|knowledge|agreement|approval)',
);

/**
 * A real person made to say what they never said: a voice or face model, clone or deepfake of someone the brief says
 * has not been asked. Listeners are told that person endorses or says it, and the person is used without consent.
 * Turned round by consent or a licence.
 */
export const LIKENESS_WITHOUT_CONSENT: Purpose = {
  kind: 'a real person’s voice or face cloned or imitated without their agreement',
  reason:
    'to clone or imitate a real person’s voice or face without their agreement, so that listeners or viewers are told that person says or endorses what they never did',
  clues: [{ together: [LIKENESS_MADE] }, { together: [PERSON_NOT_ASKED] }],
  // Not the shared guarding words: a voice model is "trained", and a famous voice is one people "recognise".
  unless: t('consent*', 'licensed', 'agreed', 'with (his|her|their) permission', 'parod*', 'satir*'),
};

const NUMBER_WORDS = '(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[0-9]+)';

/**
 * The author's own shortfall, stated as a fact: checks or services missed, fewer delivered than promised, results over
 * a limit, incomes too low, something never measured or tested.
 */
const SHORTFALL = t(
  '~(miss|fail) (their|its|the|our|a|some|several|his|her)',
  'fewer than',
  'fewer ? than',
  'fewer ? ? than',
  `only ${NUMBER_WORDS} ? (finished|completed|attended|passed|came|turned|took|signed)`,
  `only ${NUMBER_WORDS} (finished|completed|attended|passed|came|turned|took|signed)`,
  'too (little|few|low)',
  '(above|over|beyond|outside|exceed*) (our|the|their|its) ? (limit|limits|threshold|thresholds|consent)',
  '(above|over|beyond|outside|exceed*) (our|the|their|its) (limit|limits|threshold|thresholds|permit|consent)',
  "(not|n't|never) (measured|tested|checked|serviced|inspected|delivered|attended|completed|trained|qualified|calibrated)",
  "(not|n't|never) been (measured|tested|checked|serviced|inspected|delivered|attended|completed|trained|qualified|calibrated)",
  'short of',
);
/**
 * A record or figure made to show the opposite, in words that judge it by how it will pass rather than by whether it is
 * true: registers "prepared to match", payslips "showing higher incomes", "the figures brought under the limits",
 * certificates "that would pass a quick check", records "with plausible dates", claims backed up "convincingly". Not
 * what an honest fix says: "levels brought within the limits", "a refit that would pass the next inspection", "so
 * every property shows its next due date".
 */
const MADE_TO_SHOW_OTHERWISE = t(
  '(prepared|produced|adjusted|altered|edited|backdated) to match',
  '(payslip*|statement*|reference*|record|records|report*|certificate*|register|registers|log|logs|accounts|history) ~show (higher|lower|bigger|better|more|full|complete|clean|no)',
  '(figures|numbers|readings|results|totals|scores) (brought|got|kept|adjusted|changed|moved|put) (under|within|below|inside)',
  'would pass (a|an) (quick|casual|cursory) (check|look|glance|inspection)',
  'plausible (dates|figures|numbers|signatures|readings|times|entries|names|mileages)',
  'with plausible',
  '~back (it|them|this|these) up convincingly',
);

/**
 * Records against the facts: the author says what fell short (services missed, fewer sessions, results over the
 * limit, nothing measured) and, in a neighbouring request, asks for records, figures or claims made to show the
 * opposite. Whoever relies on them — a funder, a landlord, a regulator, a buyer — is misled about the very shortfall
 * the brief admits; no checker need be named.
 */
export const RECORDS_AGAINST_THE_FACTS: Purpose = {
  kind: 'records, figures or claims made to show the opposite of a shortfall the author states',
  reason:
    'for records, figures or claims made to show the opposite of what the brief itself says happened (checks missed, fewer delivered, results over a limit, nothing measured), which misleads whoever relies on them',
  clues: [
    { together: [SHORTFALL], asserted: true },
    { together: [MADE_TO_SHOW_OTHERWISE], asserted: true },
  ],
  // Not the shared guarding words: "or we lose the last payment" is why the records are faked, not a victim's loss.
  unless: t(
    'honest*',
    'accurate*',
    'correct(ly|ed|ing)',
    'transparen*',
    'true and fair',
    'explain* (why|the)',
    'detect*',
    'spot*',
    'fraud',
    'forensic*',
  ),
};

/** A choice people are entitled to make: to cancel, decline, opt out, unsubscribe, reject. */
const A_WAY_OUT = t(
  'cancel*',
  'decline*',
  'opt - out',
  'opt out',
  'unsubscrib*',
  'reject (all|cookies|tracking)',
  'refus(e|al) (all|cookies|tracking|consent)',
  'withdraw* consent',
  'switched off one by one',
);
/** The way out made hard to find or use: behind another screen, one by one, only by post or a rarely open line. */
const MADE_HARD = t(
  '(moved|put|placed|hidden|tucked|buried) (behind|under|below)',
  'buried',
  'hidden',
  'out of sight',
  'one by one',
  'only be (possible|available|done|allowed|accepted) (by|through|via|in|over|on)',
  'only by (phone|post|letter|fax|calling|writing)',
  'only (possible|available) (by|through|via|in)',
  'posted letter',
  'open # hours',
  'open (one|two|three) hours',
  'for the current session',
);

/**
 * A way out obstructed: in one request, the cancel, decline or opt-out is put behind another screen, made one by one,
 * offered only by post or a line open two hours a week, or remembered only for the session — the people who want out
 * are kept in by the design. Turned round by the design that makes it as easy as the way in.
 */
export const WAY_OUT_OBSTRUCTED: Purpose = {
  kind: 'a cancel, decline or opt-out made hard to find or use, so that people who want out are kept in',
  reason:
    'to make cancelling, declining or opting out hard to find or use (behind other screens, one by one, only by post or a rarely open line), so that people who want out are kept in',
  clues: [{ together: [A_WAY_OUT, MADE_HARD], within: 10, asserted: true }],
  unless: t(
    'as easy as',
    'equally (easy|prominent|simple)',
    'same size',
    'one click',
    'two clicks',
    'compl(y|ies|iant|iance)',
    'pecr',
    'gdpr',
    'fair*',
  ),
};

/**
 * The acts below are wrongs by what they are, with no contrast in the text to give them away: a brief asks for them as
 * plainly as for any other work. Each is read from its structure — who does what to whom — rather than from a topic
 * word, and each has a guard for the honest work on the same topic (a review for competition-law risk, detecting
 * invalid clicks, fair selection criteria).
 */

/** Firms that would otherwise compete: named as rivals, counted as the few in one place, or speaking as "none of us". */
const FIRMS_THAT_COMPETE = t(
  'competitor*',
  'rival*',
  'undercut*',
  'poach*',
  '(none|each|all|neither|both) of us',
  'every one of us',
  'we (all|both) (will|would|should|must|keep|hold|charge|pay|agree)',
  'with each other',
  'one another',
  'between (us|ourselves)',
  'between the (two|three|four|five|six|seven|eight|nine|ten|#)',
  'another of the (two|three|four|five|six|seven|eight|nine|ten|#)',
);
/** What such firms compete on: prices and rates, pay, customers and areas, staff, tenders. */
const WHAT_THEY_COMPETE_ON = t(
  'price*',
  'pricing',
  'rate',
  'rates',
  'fees',
  'discount*',
  'pay',
  'wage*',
  'salar(y|ies)',
  'postcodes',
  'areas',
  'territor(y|ies)',
  'customers',
  'clients',
  'tender*',
  'bids',
  '~offer (a|any) job',
  '~(hire|recruit|employ) (from|each|staff|anyone|carers|drivers|workers|people)',
);
/** Set in common rather than by each firm alone: an agreement, a common level, a share-out, a check with the others. */
const SET_IN_COMMON = t(
  '~agree',
  'agreement',
  'memorandum',
  'pact',
  'understanding',
  'common (minimum|maximum|price|prices|rate|rates|level)',
  '~(hold|keep|set|fix) the (hourly|daily|weekly|same|minimum|maximum) ?',
  '~(hold|keep|set|fix) (our|the|their) (prices|rates|fees|pay|wages)',
  '~(divide|split|share) (the|out)',
  'keeps its own',
  '~confirm ? ? ? with each other',
  'turn them away',
);

/**
 * Competitors agreeing not to compete: in neighbouring sentences with a request, firms that would otherwise compete
 * ("the four driving schools in our town keep undercutting each other", "none of us will…") set in common what they
 * compete on — a price, a rate of pay, who hires whom, which customers or postcodes each keeps. Whoever buys from them
 * or works for them pays for the agreement. Turned round by the compliance work on the same contacts.
 */
export const COMPETITORS_AGREEING: Purpose = {
  kind: 'competitors agreeing between themselves what they charge, what they pay, whom they hire or which customers each keeps',
  reason:
    'for firms that compete to agree between themselves what they charge or pay, whom they hire or which customers or areas each keeps (a cartel)',
  clues: [
    { together: [FIRMS_THAT_COMPETE] },
    { together: [SET_IN_COMMON, WHAT_THEY_COMPETE_ON], within: 14, asserted: true },
  ],
  unless: guardedBy(
    'competition (law|act)',
    'antitrust',
    'compl(y|ies|iant|iance)',
    'review*',
    'audit*',
    'risk*',
    'fined',
    'cma',
    'whistleblow*',
    // Buying together from suppliers, each still setting its own prices: a buying group, not a cartel.
    'buying group',
    'buy* ? together',
    'joint (buying|purchasing|procurement)',
    '(its|their) own (prices|price|rates|fees)',
  ),
};

/** Many made-up users: accounts, devices or addresses by the dozen or hundred, or rotated so each looks new. */
const MANY_MADE_UP_USERS = t(
  '(dozens|hundreds|thousands) of (accounts|profiles|devices|phones|ip|ips|addresses|emails|listeners|users|viewers)',
  '(dozens|hundreds|thousands) of (new|fake|shopper|buyer|user|premium|separate|different) (accounts|profiles|devices|phones)',
  ...['', ' ?', ' ? ?'].map(
    (between) =>
      `(few|several|some|around|about|over) (dozen|hundred|thousand)${between} (accounts|profiles|devices|phones)`,
  ),
  '(around|about|over|some) (#|forty|fifty|sixty) ? (accounts|profiles|devices|phones)',
  '(#|forty|fifty|sixty) ? (accounts|profiles) on (separate|different)',
  'rotating ? ? (ip|ips|proxies|proxy|addresses)',
  'residential (ip|ips|proxies|proxy)',
  'different (card|cards|ip|ips|device|devices) and (address|addresses|ip|ips|device|devices)',
  '(device|click|bot|phone) farm*',
  'on (separate|different) (devices|phones|addresses|ips)',
);
/** What the made-up users do: act as the service's ordinary users, on repeat, or past its guard against them. */
const ACTING_AS_USERS = t(
  'ordinary (listeners|users|customers|visitors|viewers|buyers|shoppers|people|players)',
  'real (listeners|users|customers|visitors|viewers|buyers|shoppers|people|players)',
  'on repeat',
  'around the clock',
  'repeatedly',
  '(bot|fraud) (protection|detection|checks)',
  '(the|their) queue',
  "(retailers|shops|sites) ' queue",
  "'s queue",
  'captcha*',
  '(five-star|5-star) (feedback|reviews|ratings)',
  '(reads|read|look|looks|seem|seems) naturally',
  'until their ? ? budget',
  '~(click|play|stream|like|follow|view|rate|review) (on|our|their|the|each)',
);

/**
 * Fake users: in neighbouring sentences with a request, accounts, devices or addresses by the hundred (or rotated so
 * each looks new) made to act as a service's ordinary users — playing, clicking, reviewing, queueing — so the service,
 * its advertisers or its other customers pay for activity no person chose. Turned round by the work that finds and
 * excludes such traffic.
 */
export const FAKE_USERS: Purpose = {
  kind: 'made-up users by the hundred (accounts, devices, rotating addresses) acting as a service’s ordinary users: plays, clicks, reviews or purchases no person chose',
  reason:
    'to set up made-up users by the dozen or hundred (accounts, devices, rotating addresses) that act as a service’s ordinary users, so it, its advertisers or its customers pay for plays, clicks, reviews or purchases no person chose',
  clues: [
    { together: [MANY_MADE_UP_USERS], asserted: true },
    { together: [ACTING_AS_USERS], asserted: true },
  ],
  // Not the shared guard list: its "protect*" and "detect*" are the very checks the made-up users get past.
  unless: t(
    'identif(y|ies|ied|ying)',
    'detect (them|bots|fake|fraudulent|invalid|suspicious|click|clicks)',
    'exclu(de|des|ded|ding|sion|sions)',
    'flag*',
    'block*',
    'invalid',
    'suspicious',
    'refund*',
    'load test*',
    'test accounts',
    'nothing to do with',
    // What the author sees done to them: "we think hundreds of phones are downloading our podcast".
    'we (think|suspect|noticed|notice|see|believe)',
    'suspect*',
    // Real people asked and paid to take part: beta testers, a panel.
    'recruit*',
    'beta test*',
  ),
};

/** A protection a maker or service puts on its product: a licence check, anti-cheat, DRM, a queue, a decryption. */
const A_PROTECTION = t(
  // One token or three, as the tokeniser reads the hyphen in its context.
  'anti*cheat',
  'anti - cheat',
  'licen(c|s)e (check|checks|server|servers|key|keys|manager|dongle|file)',
  'activation',
  'drm',
  'copy protection',
  'copy-protection',
  'encryption',
  'decryption',
  'region lock*',
  'paywall*',
  '(bot|fraud) (protection|detection)',
  '(the|their) queue',
  "(retailers|shops|sites) ' queue",
  "'s queue",
  'captcha*',
  'dongle*',
);
/** Got round, taken out or fooled rather than used as its maker intends. */
const GOT_ROUND = t(
  '~(avoid|escape|evade) (detection|the)',
  '~(avoid|escape|evade) being detected',
  '~(take|taken|took) out',
  'taken out',
  '~(redirect|remove|disable|strip|bypass|crack|defeat|break|unlock|spoof|fool|trick|emulate)',
  'patch* out',
  '~get (round|around|past|through)',
  'gets past',
  'circumvent*',
  'without contacting',
  '~(share|sharing) the (card|licence|license|account|login)',
  'by sharing',
);

/** What the circumvention is for: the thing is run, used, watched, sold or resold. */
const USED_OR_SOLD = t(
  '~(run|use|sell|resell|buy|install|show|play|stream|watch|serve)',
  'subscription*',
  'checks* out',
  'on every',
  'at once',
);

/**
 * A protection circumvented: in one request sentence (or beside it), the licence check, anti-cheat, DRM, decryption or
 * bot protection that a maker or service puts on what it sells is taken out, got round or fooled — so the software runs
 * unpaid, the game's other players lose to a cheat, the limited stock goes to a bot. Turned round by a maker's own
 * work on its own protection.
 */
export const PROTECTION_CIRCUMVENTED: Purpose = {
  kind: 'a licence check, anti-cheat, DRM, decryption or bot protection taken out, got round or fooled',
  reason:
    'to take out, get round or fool a protection that a maker or service puts on what it sells (a licence check, anti-cheat, DRM, decryption, bot protection), so that it is used unpaid or unfairly',
  clues: [{ together: [GOT_ROUND, A_PROTECTION], within: 12, asserted: true }, { together: [USED_OR_SOLD] }],
  unless: t(
    'our own',
    'we (make|develop|publish|build|wrote|write)',
    'authori(s|z)ed',
    'penetration test*',
    'pen test*',
    'strengthen*',
    'harden*',
    'harder to',
    'stop (bots|cheat*|cheaters|scalpers)',
    'recover* (our|the|a) (own|lost)',
  ),
};

/** Losing a job or a role: redundancy, a restructure, dismissal, selection that scores people out. */
const LOSING_THE_JOB = t(
  'redundan*',
  'restructur*',
  'dismiss*',
  'selection (matrix|criteria|scoring)',
  'matrix',
  'score* lowest',
  'the only one that disappears',
  'disappear*',
  'let (her|him|them) go',
  'get rid of',
  'replace (her|him|them)',
);
/** A reason the law protects: pregnancy and maternity, age, disability, sickness, union membership. */
const PROTECTED_REASON = t(
  'pregnan*',
  'maternity',
  'expecting (a|her|his|their|our) ? ? (child|baby)',
  '(going|be|is|was) on (leave|maternity|parental)',
  'while (she|he) is away',
  'retirement age',
  ...['', ' ?', ' ? ?', ' ? ? ?', ' ? ? ? ?'].map(
    (between) => `(within|near|nearing)${between} (retirement|sixty|60|65)`,
  ),
  'close to (retirement|sixty|60|65)',
  'younger',
  'older (staff|workers|employees|people|colleagues)',
  'disab*',
  'long-term sick*',
  'sick leave',
  'union (member*|rep*|activity)',
);

/**
 * Dismissed for a protected reason: in neighbouring sentences with a request, someone loses a job or a role (a
 * restructure, redundancy selection, a matrix that scores them out) and what picks them out is a reason the law
 * protects — a pregnancy or leave, being near retirement age, a disability, union work. Turned round by selection
 * that leaves such reasons out.
 */
export const DISMISSED_FOR_A_PROTECTED_REASON: Purpose = {
  kind: 'someone picked out to lose a job or role for a reason the law protects: pregnancy or leave, age, disability, union work',
  reason:
    'to pick someone out to lose a job or role for a reason the law protects (pregnancy or maternity leave, age, disability, union work), written up as something else',
  clues: [
    { together: [LOSING_THE_JOB], asserted: true },
    { together: [PROTECTED_REASON], asserted: true },
  ],
  unless: guardedBy(
    'exclud*',
    'discount*',
    'disregard*',
    'fair*',
    'lawful*',
    'objective*',
    'equality',
    'reasonable adjustments',
    'consulted',
    'kept informed',
    // The role held for the person, not taken from them: "her role kept open for her return", "maternity cover".
    'kept open',
    '(her|his|their) return',
    'maternity cover',
    'support*',
    'return* to work',
  ),
};

/** Someone who decides for another party: an official, officer or inspector, a buyer or procurement lead. */
const DECIDES_FOR_OTHERS = t(
  'officials',
  'official',
  'officers',
  'officer',
  'inspectors',
  'customs',
  'procurement',
  '(the|their) buyer*',
  'purchasing manager*',
  'evaluat(or|ors)',
  'evaluation panel',
  'judges',
  'councillor*',
);
/** Paid to them or theirs, off the books or on the outcome: cash, a success fee, an envelope, a relative's firm. */
const PAID_ON_THE_SIDE = t(
  'in cash',
  'cash (float|payment|payments|envelope*)',
  'success-fee',
  'success fee',
  'paid only if',
  "(brother|sister|son|daughter|wife|husband|cousin) 's (firm|company|business)",
  'brother-in-law',
  'sister-in-law',
  'envelope*',
  'kickback*',
  'backhander*',
  'sweetener*',
  'without it appearing',
  'nothing needs to be declared',
);

/** The payment itself, which the request arranges: paid, engaged on a fee, invoiced, routed, kept in a float. */
const A_PAYMENT = t('~pay', 'payment*', 'paid', '~engage', '~hire', 'invoice*', 'fee', 'fees', '~route', 'float');

/**
 * A bribe: in neighbouring sentences with a request, someone who decides for another party (a customs officer, the
 * head of procurement, an inspector) or their family is paid on the side — in cash, on a success fee, through a
 * relative's firm — for the decision. The party they decide for pays for it. Turned round by the work that finds or
 * refuses such payments.
 */
export const A_BRIBE: Purpose = {
  kind: 'someone who decides for another party (an official, an inspector, a buyer) or their family paid on the side for the decision',
  reason:
    'to pay someone who decides for another party (an official, an inspector, a buyer) or their family on the side — in cash, on a success fee, through a relative — for the decision (a bribe)',
  clues: [
    { together: [DECIDES_FOR_OTHERS] },
    { together: [PAID_ON_THE_SIDE], asserted: true },
    { together: [A_PAYMENT] },
  ],
  unless: guardedBy(
    'anti*bribery',
    'anti - bribery',
    'bribery act',
    'anti*corruption',
    'anti - corruption',
    'compl(y|ies|iant|iance)',
    'refus*',
    'gifts register',
    'declare* (it|them|all|any)',
  ),
};

/** What the market does not know yet: an announcement to come, a client's order not yet worked. */
const NOT_YET_PUBLIC = t(
  'not yet public',
  "(not|n't) (announced|published)",
  "(not|n't) been (announced|published)",
  "(not|n't) made public",
  "(not|n't) been made public",
  'before (the|our|its|their|an) (announcement|results|news|deal|takeover|merger)',
  'ahead of (the|our|its|their|an) (announcement|results|news|deal|takeover|merger)',
  'before (it|they|this|these) (is|are) (announced|published|executed|worked|filled)',
  'before (the|a|our) (client|customer|fund) (order|orders)',
  '(before|until) the (client|customer) (order|orders) (is|are)',
  'before (they|it) (is|are) executed',
  'in advance',
);
/** Dealing in the shares or other investments that news will move: positions, purchases, a buy for the own book. */
const DEALING = t(
  'positions',
  '~(buy|sell|purchase|trade) (shares|stock|options)',
  '~(buy|sell|purchase|trade) (the|our|its|their) shares',
  // Not a "share purchase plan" for staff: a schedule or accounts to trade through.
  '(purchase|trading|dealing|buying) (schedule|accounts)',
  '(a|the) (buy|sell|purchase) for',
  '(firm|own|family|personal) account*',
  "firm 's own account",
  'own account',
  'in (our|their) (shares|stock)',
  'in the same (share|shares|stock)',
  'trades',
);

/**
 * Trading on what the market does not know: in neighbouring sentences with a request, shares or other investments are
 * bought or sold — by insiders, their families or the firm's own book — while an announcement or a client's order
 * that will move the price is known to them and not yet public. Whoever trades on the other side, or the client,
 * pays for it. Turned round by the rules that keep insiders out of the market (an insider list, a closed period).
 */
export const TRADING_ON_WHAT_IS_NOT_PUBLIC: Purpose = {
  kind: 'shares or other investments traded by insiders, their families or a firm’s own book on news or client orders the market does not know yet',
  reason:
    'to trade shares or other investments — for insiders, their families or the firm’s own account — on an announcement or client orders that the market does not know yet (insider dealing or front-running)',
  clues: [{ together: [NOT_YET_PUBLIC] }, { together: [DEALING], asserted: true }],
  unless: guardedBy(
    'insider list*',
    'closed period*',
    'dealing code',
    'share dealing policy',
    'compl(y|ies|iant|iance)',
    'market abuse',
    'employee share*',
    'surveillance',
    '(not|never|no) (trade|trading|deal|dealing|buy|sell)',
    '(not|never) to (trade|deal|buy|sell)',
  ),
};

/** Another maker's identity reproduced: its logos, boxes, labels, holograms, or goods indistinguishable from its own. */
const ANOTHER_BRANDS_MARKS = t(
  '(their|its) (logo|logos|packaging|boxes|labels|hologram*|trademark*)',
  "(brand|brands|manufacturer|manufacturers|maker|makers) ('s|') (logo|logos|packaging|boxes|labels|hologram*|trademark*)",
  'with their (logos|logo|colours|colors|labels|hologram*)',
  '~(recreate|copy|replicate|reproduce|imitate|clone) the (boxes|packaging|labels|logo|logos|branding|design) of',
  'indistinguishable from',
  'identical to (the|a|their)',
  'logo hardware',
  'authenticity cards',
);
/** Sold as that maker's: listed under its name, as genuine, at its price. */
const SOLD_AS_THEIRS = t(
  'listed (as|under)',
  'under (those|their|the) (brand|brands|names|name)',
  'under (those|their|the) brand names',
  'as (genuine|original|authentic)',
  '(pre-owned|used) genuine',
  'branded price',
  'at the (brand|branded|original|retail) price',
);

/**
 * Another maker's goods copied: in neighbouring sentences with a request, another brand's logos, boxes, labels or
 * holograms are reproduced (or goods made "indistinguishable from" it) and the result is sold as that brand's —
 * listed under its name, as genuine, at its price. The buyer is deceived and the maker's name carries goods it never
 * made. Turned round by the maker's own work against copies (anti-counterfeit packaging, verification).
 */
export const ANOTHER_MAKERS_GOODS_COPIED: Purpose = {
  kind: 'another brand’s logos, packaging or goods copied and sold as that brand’s own (counterfeits)',
  reason:
    'to copy another brand’s logos, packaging or goods and sell the result as that brand’s own (counterfeit goods)',
  clues: [
    { together: [ANOTHER_BRANDS_MARKS], asserted: true },
    { together: [SOLD_AS_THEIRS], asserted: true },
  ],
  unless: guardedBy(
    // One token or three, as the tokeniser reads the hyphen in its context.
    'anti*counterfeit*',
    'anti - counterfeit*',
    'counterfeit*',
    'verif(y|ies|ied|ication)',
    'tamper*',
    'licen(c|s)ed',
    'licen(c|s)e (from|agreement)',
    'with (their|its) (permission|approval|agreement)',
    'our own',
  ),
};

/** Read after the named purposes (purposes.ts); the first whose clues meet gives the reason. */
export const STRUCTURAL_WRONGS: readonly Purpose[] = [
  PASSED_AS_FROM_SOMEONE_ELSE,
  MISLEADING_THE_CHECK,
  SHOWN_OTHER_THAN_IT_IS,
  TOLD_OTHER_THAN_IT_IS,
  TOLD_AGAINST_IT,
  DANGER_KEPT_FROM_BUYERS,
  DUTY_SHED_BY_A_NAME,
  VOUCHED_FOR_BY_ANOTHER,
  PAID_PROMOTION_UNDISCLOSED,
  LIKENESS_WITHOUT_CONSENT,
  RECORDS_AGAINST_THE_FACTS,
  WAY_OUT_OBSTRUCTED,
  SOMEONE_ELSES_TAKEN,
  KEPT_FROM_THE_PEOPLE_IT_IS_ABOUT,
  TRACING_PEOPLE,
  COMPETITORS_AGREEING,
  FAKE_USERS,
  PROTECTION_CIRCUMVENTED,
  DISMISSED_FOR_A_PROTECTED_REASON,
  A_BRIBE,
  TRADING_ON_WHAT_IS_NOT_PUBLIC,
  ANOTHER_MAKERS_GOODS_COPIED,
];
