import { composedWrong } from './composition.ts';
import { guardedBy, t } from './vocabulary.ts';

/**
 * Composed wrongs (composition.ts) in dealings with buyers, funders, creditors, regulators and whoever checks the
 * work: assets moved out of reach, declarations and dates against what is known, prices, origins, money kept,
 * labels left stale, licences avoided, one cost claimed twice.
 */

/** Money or property moved out of the author's hands: reserves, savings, a house, vans, shares. */
const ASSETS_MOVED = t(
  '~(move|transfer|put|shift|place|sign|gift) (the|my|our|his|her|its|all|some) (reserves|savings|cash|money|funds|assets|property|properties|house|cottage|flat|home|land|farm|car|boat|pension|shares|vans|vehicles|business)',
  '~(move|transfer|put|shift|place|sign|gift) (the|my|our|his|her|its) ? (reserves|savings|property|house|cottage|flat|home|land|farm|car|boat|pension|shares|business)',
  '(reserves|savings|cash|money|funds|assets|property|shares|vans|vehicles) (moved|transferred|put|shifted|placed|gifted)',
  '(transferred|sold|moved) (to|into) (it|them) (at|for) (a|an) (nominal|token|low)',
  'at (a|an) (nominal|token) (value|price|sum)',
);
/** Into the hands of someone close or a new shell: a relative's name, a new company, a friend's account. */
const TO_ANOTHER_NAME = t(
  "in (my|his|her|our|their) (brother|sister|son|daughter|mother|father|cousin|partner|friend|uncle|aunt|nephew|niece) 's name",
  "(brother|sister|son|daughter|mother|father|cousin|friend) 's (name|company|account|firm)",
  'a new company',
  'to (my|his|her|our) (mum|mother|dad|father|brother|sister|son|daughter|wife|husband|partner|friend|cousin)',
  "under (my|his|her|our) (brother|sister|son|daughter|mother|father|mum|dad|cousin|partner|friend) 's name",
  'a (separate|different|new) (company|account|entity) set up',
);
/** Before whoever would count it: a court's financial disclosure, creditors, a liquidator, a means test. */
const BEFORE_THE_RECKONING = t(
  'financial disclosure',
  'disclosure (for|to) the court',
  'divorce',
  'separating',
  'creditors',
  'liquidat*',
  'insolven*',
  'bankrupt*',
  'means (test|tested|assessment)',
  'financial assessment',
  'before the (court|hearing|judgment|claim|assessment|valuation)',
);

/** Money or property put in another's name before a court, creditors or an assessor counts it. */
export const ASSETS_PUT_OUT_OF_REACH = composedWrong({
  kind: 'money or property moved to a relative or a new company just before a court, creditors or an assessor would count it',
  act: { says: 'move money or property', terms: ASSETS_MOVED, asserted: true },
  wronged: { says: 'to a relative or a new company', terms: TO_ANOTHER_NAME },
  concealment: {
    says: 'just before a court, creditors or an assessor would count it, which hides it from the people it is owed to',
    terms: BEFORE_THE_RECKONING,
  },
  unless: guardedBy(
    'disclos(e|ed|ing) (it|them|all|the)',
    'declare* (it|them|all|the)',
    '(court|creditors) (approval|agreement|consent)',
  ),
});

/** What the author knows: a survey or test found it, it was diagnosed, there is a history of it. */
const WHAT_IS_KNOWN = t(
  // "A survey two years ago found…": up to four words between.
  ...[0, 1, 2, 3, 4].map(
    (gap) =>
      `(survey|surveyor|test|tests|inspection|report|engineer|inspector|check) ${'? '.repeat(gap)}(found|showed|identified|revealed|flagged|confirmed)`,
  ),
  '(found|identified|diagnosed|detected|confirmed) (two|three|four|five|several|some|last|a) (years|months|weeks|year|month) ago',
  'a history of',
  'we (know|knew) (it|that|there)',
);
/** A declaration on a form, answered no or none: "the answer on knotweed should be 'no'", "tick 'no'". */
const DENIED_ON_A_FORM = t(
  // "the answer on knotweed should be "no"": up to three words between, the answer quoted or not.
  ...[0, 1, 2, 3].flatMap((gap) =>
    ['', ' ?'].map(
      (quote) => `(answer|reply|box|response) ${'? '.repeat(gap)}(should|will|would|must|can) be${quote} (no|none)`,
    ),
  ),
  '~(tick|answer|declare) (no|none)',
  // "please put that there have been no water problems", "tick 'no known faults'".
  '~(put|say|state|write|answer|declare) that there (have|has) been no',
  '~(put|say|state|write|answer|declare) that there (are|is|was|were) no',
  'no known (faults|fault|defects|defect|problems|issues)',
  '~(tick|answer|declare) ? (no|none)',
);
/** The denial rests on what can be seen, not on what is known: "as nothing is visible now", "before it shows again". */
const ONLY_WHAT_SHOWS = t(
  'nothing (is|was) (visible|showing)',
  'nothing can be seen',
  '(painted|plastered|papered|covered|filled|turfed|patched) over',
  "(not|n't) (visible|showing|noticeable)",
  'no longer (visible|showing|noticeable)',
  '~(show|grow|appear|return) again',
  "(can|could) (not|n't) be seen",
  'before (it|they) ~(show|grow|return|appear)',
);

/** What the author knows answered "no" on a form buyers or a lender rely on, because it cannot be seen. */
export const DECLARED_AGAINST_WHAT_IS_KNOWN = composedWrong({
  kind: 'a form or declaration answered "no" on something the brief itself says was found, because it cannot be seen now',
  act: { says: 'answer "no" on a form or declaration', terms: DENIED_ON_A_FORM, asserted: true },
  wronged: {
    says: 'that buyers, lenders or insurers rely on, about something the brief itself says was found',
    terms: WHAT_IS_KNOWN,
  },
  concealment: { says: 'on the ground that it cannot be seen now, which deceives them', terms: ONLY_WHAT_SHOWS },
  unless: guardedBy(
    'accurate*',
    'honest*',
    'truthful*',
    'disclos(e|ed|ing) (it|the)',
    'treatment plan',
    'management plan',
    'guarantee',
  ),
});

/** A prize or place given to someone chosen: "the top prize … should go to the dealer's daughter". */
const PRIZE_GIVEN_TO_SOMEONE = t(
  // "the top prize, a car donated by a local dealer, should go to…": the prize named up to ten words before.
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((gap) =>
    ['go', 'be (given|awarded)'].map(
      (verb) =>
        `(prize|prizes|jackpot|place|places|hamper|hampers|voucher|vouchers|holiday|bike|car) ${'? '.repeat(gap)}(should|will|must|would) ${verb} to`,
    ),
  ),
  // Whatever the prize, given to someone close to the organisers: "should go to the captain's wife".
  ...['go', 'be (given|awarded)'].map(
    (verb) =>
      `(should|must) ${verb} to (the|a|his|her|their|our|my) ? 's (wife|husband|son|daughter|partner|friend|cousin|brother|sister|mother|father|nephew|niece)`,
  ),
  '(chosen|picked|decided|agreed|selected) (beforehand|already)',
  'make sure (his|her|their|our) (ticket|name|entry|number) ~(be|get|come)',
  'keep the prize',
  '(chosen|picked|decided|agreed|selected) in advance',
  '(pre-selected|preselected|pre-chosen)',
);
/** Shown to the people who paid as chance: a draw, a raffle, a winning ticket that "comes out" on camera. */
const SHOWN_AS_CHANCE = t(
  'draw',
  'drawn',
  'raffle',
  'lottery',
  'random*',
  'winning ticket',
  '~come out on camera',
  'in the normal way',
);

/** A prize decided in advance and shown to the people who paid for a chance at it as drawn by chance. */
export const OUTCOME_FIXED_AS_CHANCE = composedWrong({
  kind: 'a prize draw, raffle or competition whose winner is chosen in advance and shown as drawn by chance',
  act: { says: 'give a prize or place', terms: PRIZE_GIVEN_TO_SOMEONE, asserted: true },
  wronged: { says: 'to someone chosen in advance' },
  concealment: {
    says: 'while the people who paid for a chance at it are shown a draw by chance, which deceives them',
    terms: SHOWN_AS_CHANCE,
  },
  // The prize goes to whoever the draw or the judges pick: "will go to the winning ticket drawn at the fair".
  unless: guardedBy(
    'to the (winning|winner|first|highest|best)',
    'whoever',
    'the winner',
    'highest',
    'most (tickets|money|votes|points)',
    'best (entry|answer|photo|design)',
    'independent*',
    'witness*',
    'judge*',
  ),
});

/** A price put up for a short while: "up to a higher 'was' price on 20 December for about ten days". */
const PRICE_PUT_UP_BRIEFLY = t(
  '~(put|raise|increase|lift|set|mark) ? ? ? up to a higher',
  '~(raise|increase|lift) (the|our|all|their) (price|prices) (for|to)',
  'up to a higher',
  '(higher|inflated) (was|rrp) (price|prices)',
  // The old price in quotes: 'a higher "was" price'.
  '(higher|inflated) ? (was|rrp) ? (price|prices)',
);
/** A short while before the sale: "for about ten days", "for a week", "briefly". */
const FOR_A_SHORT_WHILE = t(
  'for (a|one|two|three|five|seven|ten|fourteen|#) (day|days|week|weeks)',
  'for (about|only|just|around) (a|one|two|three|five|seven|ten|fourteen|#) (day|days|week|weeks)',
  'for a few (days|weeks)',
  'for a couple of (days|weeks)',
  'briefly',
  'for a fortnight',
  'beforehand',
  'temporarily',
);
/** A saving shown against that price: "40–60% off against that price", "reduced from", "was … now …". */
const SAVING_SHOWN = t(
  'saving #',
  'saving of',
  '% off',
  'percent off',
  'off against',
  'reduced from',
  'savings of',
  'discount* (against|from|on)',
);

/** A saving shown against a price that was only charged for a few days so that the saving could be shown. */
export const SAVING_AGAINST_A_BRIEF_PRICE = composedWrong({
  kind: 'a price put up for a few days so that a sale can show a saving against it',
  act: { says: 'put a price up for a few days', terms: PRICE_PUT_UP_BRIEFLY, asserted: true },
  wronged: { says: 'so that buyers are shown a saving against it', terms: SAVING_SHOWN },
  concealment: {
    says: 'when that price is charged only for a few days before the sale, which deceives them about the saving',
    terms: FOR_A_SHORT_WHILE,
  },
  unless: guardedBy(
    'genuine*',
    'honest*',
    'accurate*',
    'price marking',
    'pricing practices',
    'compl(y|ies|iant|iance)',
  ),
});

/** A claim of origin or making on a label, a ticket, a panel: "reared on our farm", "home-grown", "handmade". */
const ORIGIN_CLAIMED = t(
  '(reared|grown|raised|bred|caught|made|baked|brewed|produced|picked) (on|in|at|by) (our|the) (farm|own|bakery|kitchen|brewery|workshop|estate|village|valley|boat|orchard)',
  'from our own (flock|herd|farm|trees|hives|boats|land)',
  'from our (hives|farm|flock|herd|trees|boats|land|kitchen|bakery|orchard|vineyard|garden|dairy)',
  'home(-)?(grown|reared|made|baked)',
  'home - (grown|reared|made|baked)',
  'hand(-)?made (here|in)',
);
/** One claim for all: "the same for all lamb", "all say", "on every label", "so staff do not keep two sets". */
const ONE_CLAIM_FOR_ALL = t(
  'the same for (all|every|both)',
  'all (say|read|show|state)',
  'every (jar|pack|label|bottle|bag|box|product|loaf|tin|punnet|tray|cut) (labelled|labeled|marked|says|saying|reads)',
  '(on|for) (every|all) (label|labels|ticket|tickets|pack|packs|jar|jars|product|products)',
  "(not|n't) (have|need) to keep two",
  'two sets',
);
/** The author says some of it comes from elsewhere: bought in, from a wholesaler, imported. */
const SOME_FROM_ELSEWHERE = t(
  '~buy in',
  'bought in',
  'from a (wholesaler|importer)',
  'imported',
  'for the rest we',
  'only (supply|produce|grow|rear|make|bake) a (third|half|quarter)',
  'only (supply|produce|grow|rear|make|bake) (about|around|roughly) a (third|half|quarter)',
);

/** One origin claim put on all of a product the brief itself says partly comes from elsewhere. */
export const ONE_ORIGIN_FOR_A_MIXED_SUPPLY = composedWrong({
  kind: 'one claim of origin ("home-grown", "reared on our farm") put on all of a product the brief says partly comes from elsewhere',
  act: { says: 'put one claim of origin or making', terms: ORIGIN_CLAIMED },
  wronged: { says: 'on everything buyers see (labels, tickets, panels)', terms: ONE_CLAIM_FOR_ALL, asserted: true },
  concealment: {
    says: 'when the brief itself says part of it is bought in from elsewhere, which deceives buyers',
    terms: SOME_FROM_ELSEWHERE,
  },
  unless: guardedBy(
    'separate (label|labels|shelves|codes)',
    'country of origin',
    'clearly (marked|labelled|labeled)',
    'honest*',
    'accurate*',
  ),
});

/**
 * A paper, record or person shown as what it is not: "logged as 'display failure'", "described as 'bicycle
 * accessories'", "put down as 51% owner", "a second commercial invoice", references confirmed for a made-up employer.
 */
const SHOWN_AS_WHAT_IT_IS_NOT = t(
  '(described|logged|recorded|declared|presented|listed|labelled|labeled|coded|classed|entered|shown|invoiced|booked) as',
  '~(describe|log|record|declare|present|list|label|code|enter|invoice|book) (it|them|her|him|this|these|those|the|each) as',
  '~(describe|log|record|declare|present|list|label|code|enter|invoice|book) (it|them|her|him|this|these|those|the|each) ? as',
  '~put (her|him|me|them|it) down as',
  '~put down as',
  '~(appear|look) to be',
  '~(appear|look) (storm|genuine|routine)',
  'on paper',
  '(second|separate|parallel|another) (invoice|invoices|contract|contracts|certificate)',
  '(second|separate|parallel|another) commercial (invoice|invoices)',
  '~(provide|give|write|issue|supply) (employment|job|character|work) (references|reference)',
  '~confirm (job|their|the) (titles|title|dates|employment)',
  // Papers made for people or periods they do not belong to: "certificates produced for them", "fill in the
  // temperature and cleaning logs for the last three months", letters "each with a different name".
  '(certificates|certificate|transcripts|references|letters|logs|records) (produced|made|created|written) for',
  ...['', ' ?', ' ? ?', ' ? ? ?'].map(
    (between) => `~(fill|write|complete) in the${between} (logs|log|records|register|registers|sheets|charts) for the`,
  ),
  'each with a (different|separate) (name|address|signature)',
  // Written up as what did not happen: "write up the methods as though this was the plan".
  'as though',
);
/**
 * Whoever checks the paper and pays, admits or certifies on it: customs, a manufacturer's warranty, a courier or its
 * depot, an insurer, a lender, a certifying council or its assessor, an employer calling to check.
 */
const WHOEVER_CHECKS_IT = t(
  'customs',
  'customs declaration*',
  'manifest',
  'manifests',
  'warranty',
  'manufacturer',
  "manufacturer 's",
  'insurer*',
  'underwriter*',
  'courier',
  'carrier',
  'depot',
  'airline',
  'assessor*',
  'certification',
  'certifying body',
  'lender',
  'the bank',
  'tax office',
  'revenue',
  'regulator',
  'inspector*',
  'auditor*',
  'document check*',
  '~call to (check|verify|confirm)',
  '(clients|employers|buyers|they) ~call',
  'tender',
  'officer',
  'environmental health',
  'the council',
  'journal',
);
/**
 * What the brief itself says is true set against the paper, or what keeps the difference from being seen: "the real
 * price", "while we keep running it exactly as now", "a side agreement", "two sets filed apart", "so the depot does
 * not flag them", "swap the indicators before the photos are uploaded", "a phone number our team answers".
 */
const THE_DIFFERENCE_HIDDEN = t(
  'real (price|prices|value|values|cost|costs|amount|figure|figures|owner|owners|reason|damage|cause)',
  'in truth',
  'exactly as (now|before|today)',
  'side (agreement|letter|deal)',
  '~transfer (the|her|his) shares back',
  'two sets',
  '~(file|keep|store) (apart|separately)',
  '(filed|kept|stored) (apart|separately)',
  "(does|do|will|would) (not|n't) (flag|notice|query|question|spot|check)",
  'looks? out of line',
  'nothing (looks|seems|stands) out',
  ...['', ' ?', ' ? ?'].map(
    (between) => `~(swap|replace|remove|change) the${between} (indicators|indicator|stickers|seals)`,
  ),
  'before the (photos|pictures|inspection|inspector|assessor|audit|visit|check) (are|is|comes|arrives)',
  'plain (boxes|packaging|cartons)',
  'plain outer (boxes|box|packaging|cartons)',
  'without the (hazard|warning|danger) (labels|label|markings|paperwork)',
  'without the dangerous goods (labels|label|markings|paperwork)',
  '(number|line|phone) (we|I) ~answer',
  '(number|line|phone) our (team|staff) ~answer',
  'company names',
  // Made to pass whoever checks: "that would pass a quick check", "present the kitchens so they pass".
  '~pass a ? check',
  '~pass a check',
  'so (they|it|we|everything) ~pass',
  '(nobody|noone) (should|will|would|must|can) be able to tell',
  'no one (should|will|would|must|can) be able to tell',
  '(nobody|noone) can tell',
  'no one can tell',
  '~come from us',
  // What does not fit left out: "leaving out the participants whose scores got worse".
  '~leave out the (participants|results|readings|responses|samples|patients|cases|customers) whose',
);

/** A paper shown to whoever checks it as what it is not, with the difference kept from them. */
export const SHOWN_TO_WHOEVER_CHECKS_AS_WHAT_IT_IS_NOT = composedWrong({
  kind: 'a declaration, claim, label, record, letter or reference shown to whoever checks it (customs, a manufacturer, a carrier, an insurer, an inspector or certifier, a council, a journal, an employer) as what the brief itself says it is not',
  act: {
    says: 'show a declaration, claim, label, record, letter or reference as what it is not',
    terms: SHOWN_AS_WHAT_IT_IS_NOT,
    asserted: true,
  },
  wronged: {
    says: 'to whoever checks it and pays, carries, certifies, decides or hires on it (customs, a manufacturer, a carrier, an insurer, an inspector or certifier, a council, a journal, an employer)',
    terms: WHOEVER_CHECKS_IT,
  },
  concealment: {
    says: 'while the brief itself says what is true or keeps the difference from being seen, which deceives them',
    terms: THE_DIFFERENCE_HIDDEN,
  },
  unless: guardedBy(
    'accurate*',
    'honest*',
    'truthful*',
    'genuine*',
    'correct*',
    'legitimate*',
    'compl(y|ies|iant|iance)',
    'declare* (it|them|all|correctly|properly)',
    // The whole of it declared: "the real price includes design fees, declared as part of the customs value".
    'as part of',
    'includ(e|es|ed|ing)',
  ),
});

/**
 * Money that is the customer's or the staff's taken or kept by the business: deductions from a deposit or a refund,
 * a service charge or tips paid into the business's own account, deposits kept "with us".
 */
const ANOTHERS_MONEY_TAKEN = t(
  ...['from', 'out of', 'back from'].flatMap((from) => [
    `(taken|deducted|kept|withheld|retained|held) ${from} (the|their|his|her|each|every) (deposit|deposits|refund|refunds|wages|pay|tips|bond|bonds)`,
    `(taken|deducted|kept|withheld|retained|held) ${from} (the|their|his|her|each|every) ? (deposit|deposits|refund|refunds|wages|pay|tips|bond|bonds)`,
    `~(take|deduct|keep|withhold|retain) ${from} (the|their|his|her|each|every) (deposit|deposits|refund|refunds|wages|pay|tips|bond|bonds)`,
  ]),
  '~(land|go) (in|into) (the|our) (main|own|business|company) ? (account|accounts|takings)',
  '(paid|put) (in|into) (the|our) (main|own|business|company) ? (account|accounts|takings)',
  '(in|into) the (main|own) (business|company) account',
  "(paid|put) (in|into) (the|our) ? ('s|') (main|own|business|company) (account|accounts)",
  "(paid|put) (in|into) (the|our) ? ('s|') (account|accounts)",
  '~keep (those|the|their|these) (deposits|tips|refunds|bonds|money) with us',
  '~(keep|retain|withhold) (the|their|his|her|any|all) (deposit|deposits|refund|refunds|tips|bond|bonds)',
  '(paid|put) (in|into) (the|our) (main|own|business|company) (account|accounts|takings)',
  '~keep (those|these|them) with us',
);
/**
 * What shows it is theirs, not the business's: a deposit, a refund, tips or a service charge said to go to the staff.
 */
const THEIRS_BY_RIGHT = t(
  'deposit',
  'deposits',
  'refund',
  'refunds',
  'tips',
  'gratuit*',
  'service charge',
  'goes to (our|the) (team|staff|waiters|drivers|workers)',
  'bond',
);
/**
 * Taken whatever the facts, or because people will not notice or challenge it: "whatever state the flat is left
 * in", "most tenants do not challenge it", "the wording on the menus should stay as it is".
 */
const WHATEVER_THE_FACTS = t(
  'whatever (state|condition|happens|the)',
  'regardless of (the|what|how|whether|condition|state)',
  'in every case',
  'whether or not (it|they|the|there)',
  "(most|few|many) (tenants|customers|guests|people|clients|buyers|members|staff|workers|diners|families) (do|will|would) (not|n't|never) (challenge|notice|query|question|complain|claim|check|ask)",
  '(most|few|many) (tenants|customers|guests|people|clients|buyers|members|staff|workers|diners|families) never (challenge|notice|query|question|complain|claim|check|ask)',
  // What the customers or staff read left as it is: "the wording on the menus and bills should stay as it is".
  ...['', ' (should|will|must|can|to|would)', ' (should|will|must|can|to|would) be'].map(
    (modal) =>
      `(wording|menus|menu|bills|bill|footer|text|list|sign|signs|notice|page|listing|leaflet|website)${modal} (stay|stays|remain|remains|left|kept) as (it|they) (is|are)`,
  ),
  'draw attention',
);

/** Money that belongs to customers or staff taken by the business whatever the facts, or with them kept unaware. */
export const THEIR_MONEY_KEPT = composedWrong({
  kind: 'money that belongs to customers or staff (a deposit, a refund, tips, a service charge said to go to the staff) taken or kept by the business whatever the facts',
  act: { says: 'take or keep', terms: ANOTHERS_MONEY_TAKEN, asserted: true },
  wronged: {
    says: 'money that belongs to customers or staff (their deposit or refund, tips, a service charge said to go to the staff)',
    terms: THEIRS_BY_RIGHT,
  },
  concealment: {
    says: 'whatever the facts are, or counting on them not to notice or challenge it, which takes what is theirs',
    terms: WHATEVER_THE_FACTS,
  },
  // Deductions for what happened, with evidence; money handled as agreed.
  unless: guardedBy(
    'only (for|where|when|if)',
    'fair wear',
    'beyond (fair|normal|reasonable)',
    'evidence*',
    'agreed',
    'consent*',
    'honest*',
    'transparen*',
    'in full',
    'tronc',
    'dispute*',
  ),
});

/**
 * What is in a product changed: a line that also handles an allergen, a product that now contains something, "may
 * contain". Not a new supplier alone: "a new roaster with the same beans" leaves the label true.
 */
const WHAT_IT_IS_CHANGED = t(
  '(also|now) ~(handle|contain|use|include|process)',
  '(also|now) ~go into',
  // A supply that does not meet the claim: "a new abattoir that is not halal certified".
  "(is|are|was|were) (not|n't) (halal|kosher|organic|vegan|vegetarian|certified|free-range|fairtrade|british|local)",
  '~handle (nuts|peanuts|sesame|soya|soy|milk|egg|eggs|gluten|mustard|celery|fish|shellfish|lupin|sulphites)',
  'may contain',
);
/**
 * What buyers read that states what is in it or where it is from: labels, allergen sheets, menus, the specification
 * sent to trade customers.
 */
const WHAT_BUYERS_READ = t(
  'label',
  'labels',
  'allergen (sheet|sheets|information|info|matrix|sections|section|list|lists)',
  'menu',
  'menus',
  'packaging',
  'ingredients? (list|lists|panel|panels)',
  'product (information|descriptions|specification|specifications)',
  'specification (sheet|sheets|files)',
  'signs',
  'shelf (labels|tickets|edges)',
  '(price|product|window) tickets',
);
/** Kept as it was: "carry on with the current labels", "keeping the allergen sections as they are now". */
const KEPT_AS_IT_WAS = t(
  '~(carry|go) on with the (current|existing|old|same)',
  '~(keep|leave) the (current|existing|old|same) (labels|label|menus|menu|sheets|sheet|wording|packaging|information)',
  '~keep the ? ? (labels|label|menus|menu|sheets|sheet|sections|section|wording|packaging|information) as (it|they) (is|are|was|were)',
  '~keep the ? (labels|label|menus|menu|sheets|sheet|sections|section|wording|packaging|information) as (it|they) (is|are|was|were)',
  '~keep the (labels|label|menus|menu|sheets|sheet|sections|section|wording|packaging|information) as (it|they) (is|are|was|were)',
  '(stay|stays|remain|remains) as (it|they) (is|are)',
  'as (it|they) (is|are) now',
  "(would|'d) rather not (worry|alarm|tell|bother|upset) (the|our|them|customers|buyers)",
);

/** What buyers read about a product kept as it was after the author says what is in it or where it is from changed. */
export const WHAT_BUYERS_READ_LEFT_AS_IT_WAS = composedWrong({
  kind: 'labels, allergen information or menus left as they were after what is in the product or where it comes from changed',
  act: {
    says: 'leave labels, allergen information or menus as they were',
    terms: KEPT_AS_IT_WAS,
    asserted: true,
  },
  wronged: { says: 'that buyers rely on for what is in a product or where it comes from', terms: WHAT_BUYERS_READ },
  concealment: {
    says: 'after the brief itself says that changed (a new supplier, a line that also handles an allergen), which deceives them and can put them at risk',
    terms: WHAT_IT_IS_CHANGED,
  },
  // The labels put right, or kept only until new ones are ready.
  unless: guardedBy(
    'until',
    // Put right, not what putting it right would cost: "reprinting 14 label designs would cost £2,000".
    '~(update|reprint|redesign|correct|change) (the|our|all|them|it|each|every)',
    '(updated|reprinted|redesigned|corrected)',
    'correct',
    'accurate*',
    'honest*',
    'precautionary',
    'same (recipe|recipes|ingredients|spec|specification|standard)',
    // The label already says it, or the change is added to it: "our labels already say 'contains gluten'".
    'already (say|says|list|lists|show|shows|state|states|mention|mentions|declare|declares|warn|warns)',
    'added',
  ),
});

/** A licence, permit or registration the work needs, or a scheme money must be registered with. */
const A_LICENCE_NEEDED = t(
  '(licence|licences|license|licenses|licensing)',
  'permit',
  'permits',
  'registration',
  '~register (with|them|it)',
  'registered with',
  '(businesses|premises|drivers|vehicles|kitchens|homes|landlords|breeders|operators) (registered|licensed)',
  'hire and reward',
  'hire-and-reward',
);
/** The licence not wanted for its cost or delay: "which our drivers do not want to pay for", "takes four months". */
const NOT_WANTED = t(
  "(do|does|did) (not|n't) (want|wish|intend) to (pay|apply|wait|register|bother|get)",
  "(would|'d) rather not ~(apply|register|pay|bother)",
  'rather than ~(register|apply|license|licence|declare)',
  'too (expensive|slow|long|much)',
  'not worth',
  'draw attention',
);
/** The work goes on as before, or under another name: "keep driving full time as now", "rebuilt as a 'community'". */
const WORK_GOES_ON = t(
  '~keep (driving|trading|letting|operating|running|selling|serving|working|doing|taking)',
  '~(carry|go) on (driving|trading|letting|operating|running|selling|serving|working)',
  'as (now|before|usual|today)',
  'full time',
  '~rebuild as (a|an)',
  '(rebuilt|relaunched|rebranded|reworked) as',
  '~(call|rename|rebrand|present) ? as (a|an)',
  '(called|renamed|rebranded|presented) as',
  '(are|is|be) (called|renamed|described) "',
  'suggested (donation|donations|contribution|contributions)',
);

/** A licence or registration the work needs avoided, while the work goes on as before or under another name. */
export const LICENCE_AVOIDED_WHILE_WORK_GOES_ON = composedWrong({
  kind: 'a licence, permit or registration the work needs avoided for its cost or delay, while the work goes on as before or under another name',
  act: { says: 'carry on the work as before or under another name', terms: WORK_GOES_ON },
  wronged: { says: 'without the licence, permit or registration it needs', terms: A_LICENCE_NEEDED },
  concealment: {
    says: 'because the author does not want its cost or delay, which keeps the people it protects and the authority out of it',
    terms: NOT_WANTED,
  },
  // Applying for it, waiting for it, or working within an exemption.
  unless: guardedBy(
    'apply (for|to)',
    'applying',
    'applied',
    'application*',
    'as soon as',
    // A licence being renewed, or work the authority allows meanwhile.
    'renew*',
    'already (registered|licensed|approved)',
    'allow(s|ed)',
    '(council|authority|rules|law|regulations) (allow|allows|allowed|permit|permits)',
    'while (we|they|it) (wait|apply)',
    'until',
    'obtain*',
    'exempt*',
    'temporary event notice*',
    'compl(y|ies|iant|iance)',
    'lawful*',
    '~get (a|the|their|our) (licence|license|permit)',
  ),
});

/** One cost put into claims, invoices or bills: "the same coordinator's full salary into the claims". */
const THE_SAME_COST = t(
  'the same (salary|salaries|cost|costs|hours|invoice|invoices|receipts|receipt|expenses|work|items|damage|loss|staff)',
  "the same ? ('s|') (salary|salaries|cost|costs|hours|time|wages)",
  "the same ? ? ('s|') (salary|salaries|cost|costs|hours|time|wages)",
  "the same ? ('s|') (full|whole) (salary|salaries|cost|costs|hours|time|wages)",
  '(full|whole|entire) (salary|salaries|cost|costs|amount|wages|invoice)',
);
/** Two who each pay for it: both funders, each insurer, two clients. */
const TWO_WHO_PAY = t(
  'both (funders|insurers|clients|customers|grants|policies|councils|schemes|sponsors|trusts|employers|funds)',
  '(each|every) (funder|insurer|client|grant|policy|sponsor|trust|scheme)',
  '(two|three|several) (funders|insurers|clients|grants|policies|sponsors|trusts|claims)',
  'to both',
  '(into|from|on|for) both',
);
/** Each told the cost is theirs alone, or the surplus kept: "timesheets for each funder showing 37.5 hours". */
const EACH_TOLD_IT_IS_THEIRS = t(
  '(the|any) (extra|surplus|spare|additional) (money|income|funding|cash)',
  '(show|shows|showed|showing|shown) (all|full)',
  '(show|shows|showed|showing|shown) the (full|whole)',
  'on their (project|contract|policy|account|grant)',
  '(neither|nor) (funder|insurer|client|side)',
  '(for|to) (them|it|him|her) alone',
  'each (told|shown|led)',
  '(neither|none) of them ~know',
);

/** One cost claimed in full from two who each pay for it, each shown it as theirs alone. */
export const ONE_COST_CLAIMED_TWICE = composedWrong({
  kind: 'one cost (a salary, an invoice, a loss) claimed in full from two funders, insurers or clients, each shown it as theirs alone',
  act: { says: 'claim one cost (a salary, an invoice, a loss) in full', terms: THE_SAME_COST },
  wronged: { says: 'from two funders, insurers or clients', terms: TWO_WHO_PAY },
  concealment: {
    says: 'each shown it as theirs alone, which makes them pay twice for it',
    terms: EACH_TOLD_IT_IS_THEIRS,
  },
  // A cost shared out openly between them.
  unless: guardedBy(
    'split*',
    'apportion*',
    'pro rata',
    'pro-rata',
    '%',
    'half',
    'share',
    'shared',
    'match funding',
    'match-funding',
    'both (know|agree|agreed)',
    'both are aware',
    'declar*',
  ),
});

/** Papers given a date other than their own: "drawn up with dates in late March", "backdated", "dated 31 March". */
const DATED_OTHERWISE = t(
  'with dates (in|of|from|before|back|earlier)',
  'with dates ? (in|of|from|before|back|earlier)',
  'with a date (in|of|from|before|back|earlier)',
  'backdat*',
  'back-dat*',
  'dated (back|earlier|before|to)',
  'dated as of',
  '~date (them|it|these|those|the) ? ? (to|as|before|back|in)',
  '(an|the) earlier date',
);
/** What the date decides: tax, a rate, an allowance, a deadline, cover, eligibility. */
const WHAT_THE_DATE_DECIDES = t(
  'tax*',
  'rate',
  'rates',
  'allowance*',
  'deadline*',
  'tax year',
  'financial year',
  'cover',
  'covered',
  'policy',
  'eligib*',
  'grant*',
  'claim*',
  'penalt*',
  'approv*',
);
/**
 * The brief says it happened at another time: "would have been taxed much less if the sale had happened before…". Not
 * "to match": papers are updated "to match" in honest briefs ("certificates with dates of the course, and the
 * handbook updated to match").
 */
const WHEN_IT_REALLY_HAPPENED = t(
  'if (the|it|this|they|we|he|she) ? ? had (happened|been|taken|started|begun|completed|finished|signed|gone)',
  'if (the|it|this|they|we|he|she) ? had (happened|been|taken|started|begun|completed|finished|signed|gone)',
  'if (the|it|this|they|we|he|she) had (happened|been|taken|started|begun|completed|finished|signed|gone)',
  'had (happened|occurred) (before|earlier|by)',
  'had (taken|been) (place|signed|done|completed) (before|earlier|by)',
  '(really|actually) (happened|signed|completed|started)',
  '(really|actually) took place',
);

/** Papers dated to a time other than their own, so that a tax, a rate, cover or a deadline is decided by a false date. */
export const DATED_TO_ANOTHER_TIME = composedWrong({
  kind: 'agreements, invoices, minutes or forms dated to a time other than their own so that a tax, a rate, cover or a deadline is decided by the false date',
  act: { says: 'date agreements, invoices, minutes or forms', terms: DATED_OTHERWISE, asserted: true },
  wronged: {
    says: 'to a time other than their own, on which a tax, a rate, cover or a deadline depends',
    terms: WHAT_THE_DATE_DECIDES,
  },
  concealment: {
    says: 'when the brief itself says when it really happened, so the false date decides it, which deceives whoever relies on it',
    terms: WHEN_IT_REALLY_HAPPENED,
  },
  unless: guardedBy('accurate*', 'honest*', 'correct*', 'effective date', 'deed of variation', 'rectif*'),
});
