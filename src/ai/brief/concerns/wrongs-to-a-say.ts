import { Terms } from '../terms.ts';
import { composedWrong } from './composition.ts';
import { guardedBy, KEPT_FROM_THEM, t } from './vocabulary.ts';

/**
 * Composed wrongs (composition.ts) against what only the people themselves may give: their consent, their own
 * declaration or signature, their evidence to a hearing or a regulator. Each is the same structure in a different
 * place: the author knows the people would have to give it (or would say no), and the request goes ahead as though
 * they had, or pays them not to.
 */

/** What only the people themselves (or their families) can give before something is done to them or in their name. */
const THEIR_CONSENT = t(
  'consent',
  'consents',
  'their permission',
  '(family|families|parents|relatives) ? (permission|agreement)',
  'capacity assessment*',
  'opt(-)?in*',
  'opt - in*',
);
/** Asking weighed as the obstacle: it takes too long, costs too much, or they would say no. */
const ASKING_AS_THE_OBSTACLE = t(
  '(would|will|could|might) take (months|weeks|ages|forever)',
  '(would|will|could|might) take too long',
  '(many|most|some|half|they|families|parents|people|patients|residents|customers|members|staff) (would|will|might) (refuse|object|decline)',
  "(many|most|some|half|they|families|parents|people|patients|residents|customers|members|staff) (would|will|might) (say|opt|not|n't) (no|out|agree)",
  '(too|very) (slow|long|costly|expensive|complicated)',
  '~slow (things|us|it|everything) down',
);
/** Going ahead as though it had been given: "we would prefer to include residents as part of routine care". */
const GONE_AHEAD_ANYWAY = t(
  '~(prefer|rather|like|want|plan|intend) to (include|enrol|enroll|proceed|use|share|treat|start|add|put|sign|film|photograph|record|test)',
  '~go ahead (anyway|regardless|without)',
  'as part of (routine|normal|standard|everyday|ordinary) ? (care|monitoring|checks|practice|service|business)',
  'as part of (routine|normal|standard|everyday|ordinary)',
);

/** People's consent named, weighed as the obstacle, and the act done without it, kept from them or their families. */
export const CONSENT_SET_ASIDE = composedWrong({
  kind: 'an act on people (a study, treatment, recording or use of their data) done without the consent the brief itself says they or their families must give, because asking would be slow or they would say no',
  act: {
    says: 'go ahead with an act on people (a study, treatment, recording or use of their data)',
    terms: GONE_AHEAD_ANYWAY,
  },
  wronged: { says: 'without the consent the brief itself says they or their families must give', terms: THEIR_CONSENT },
  concealment: {
    says: 'set aside because asking would be slow or they would say no, which takes from them a choice that is theirs',
    terms: ASKING_AS_THE_OBSTACLE,
  },
  together: { parts: ['wronged', 'concealment'], within: 20 },
  // Making consent easier is the honest answer to the same obstacle: a simpler form, a faster process, an ethics
  // committee's approval of a consultee route.
  unless: guardedBy(
    'simplif*',
    'speed up',
    'faster',
    'easier',
    'improv*',
    'ethics committee*',
    'approved by',
    'design* (a|the|our) consent',
    'once (they|consent|families|parents|relatives)',
  ),
});

/** A declaration, signature or vote that only the person may make. */
const THEIR_DECLARATION = t(
  'declaration*',
  'signature*',
  'consent form*',
  'mandate*',
  'ballot*',
  'vote*',
  'proxy',
  'proxies',
  'waiver*',
  'the box',
  'tick box*',
  'tick-box*',
  'petition*',
);
/** Made by the author in their name: "tick the declaration for them", "sign them on their behalf". */
const MADE_IN_THEIR_NAME = t(
  // "tick the declaration for them": the act, up to four words, then whose name it is made in.
  ...[0, 1, 2, 3, 4].flatMap((gap) =>
    ['for them', 'on their behalf', 'in their (name|names)'].map(
      (whose) => `~(tick|sign|fill|complete|submit|cast|add) ${'? '.repeat(gap)}${whose}`,
    ),
  ),
  'using their names',
  '~(use|copy) (their|the) (names|signatures) (and|from|to)',
);
/** The brief itself says they never made it. */
const THEY_NEVER_MADE_IT = t(
  "(never|not|n’t|n't) (filled|signed|completed|ticked|gave|given|returned|made|agreed|opted|voted)",
  '(never|not) (fill|sign|complete|tick|give|return|agree|opt|vote)',
  'without asking (them|him|her|each)',
  'without checking with (them|him|her|each)',
);

/** People's own declaration, signature or vote made for them by the author, though the brief says they never made it. */
export const DECLARATION_MADE_FOR_THEM = composedWrong({
  kind: "people's own declaration, signature or vote made for them, in their names, when the brief itself says they never made it",
  act: { says: 'make', terms: MADE_IN_THEIR_NAME },
  wronged: { says: "people's own declaration, signature or vote in their names", terms: THEIR_DECLARATION },
  concealment: {
    says: 'when the brief itself says they never made it, which deceives whoever relies on it (a tax office, a bank, a council, a court)',
    terms: THEY_NEVER_MADE_IT,
  },
  // Filling a form in for someone who then signs it, or on their instruction, is help, not forgery.
  unless: guardedBy(
    'authoris*',
    'authoriz*',
    'power of attorney',
    'with their (permission|agreement|authority)',
    'on their (instruction|instructions)',
    'for them to (sign|check|confirm|approve)',
    'them to (sign|check|confirm|approve)',
    'they (asked|agreed|authorised|confirm|sign)',
  ),
});

/** Something of value held out: a contract, a payment, a job, a bonus. */
const SOMETHING_OFFERED = t(
  '~(offer|pay|give|promise)',
  'payment*',
  'contract',
  'contracts',
  'consultancy',
  'bonus',
  'settlement agreement*',
  '~(put|keep) (her|him|them) on',
);
/** Evidence or a report that belongs to a hearing, a court or a regulator. */
const THEIR_EVIDENCE = t(
  'witness*',
  'give evidence',
  'giving evidence',
  '(her|his|their|the) statement*',
  'testimony',
  'testify',
  '(the|a|an) (hearing|tribunal|inquest|inquiry|trial)',
  'the court',
  'the police',
  '(the|a) regulator',
  'health and safety executive',
  'hse',
  'ombudsman',
  'safety concerns',
);
/** On condition that they withdraw it, stay away or stay silent. */
const ON_CONDITION_OF_SILENCE = t(
  '~withdraw (her|his|their|the|any) (statement|statements|evidence|complaint|complaints|report|allegation|allegations)',
  "(not|n't) available to (attend|give|appear)",
  "(not|n't) be available to (attend|give|appear)",
  '~(forbid|bar|stop) (staff|employees|workers|them|him|her|anyone) from (reporting|speaking|contacting|talking|giving)',
  '~drop (her|his|their|the) (complaint|statement|allegation|report|evidence)',
  '~stay away from the (hearing|tribunal|court|inquest|inquiry)',
  "(condition|conditional) that (she|he|they) (is|are|does|do|will|wo) (not|n't)",
);

/** A witness or a worker paid, or bound, not to give evidence or report to a court, tribunal or regulator. */
export const EVIDENCE_BOUGHT_OFF = composedWrong({
  kind: 'a witness or a worker paid or bound by contract not to give evidence or not to report to a court, tribunal, the police or a regulator',
  act: { says: 'offer payment or a contract', terms: SOMETHING_OFFERED },
  wronged: {
    says: 'to a witness or worker whose evidence or report belongs to a hearing, the police or a regulator',
    terms: THEIR_EVIDENCE,
  },
  concealment: {
    says: 'on condition that they withdraw it, stay away or stay silent, which keeps the truth from those who decide',
    terms: ON_CONDITION_OF_SILENCE,
  },
  // Settling the claimant's own claim through ACAS, or a contract that says nothing stops a protected disclosure,
  // is lawful.
  unless: guardedBy(
    'acas',
    'cot3',
    'nothing in',
    'free to',
    'protected disclosure*',
    'does not (stop|prevent|restrict)',
  ),
});

/** A list kept to turn people away: a shared database or watch list, a name checked before work or a tenancy. */
const LIST_TO_TURN_AWAY = t(
  'shared (list|database|register|spreadsheet)',
  'watch list',
  '~(check|search) (a|the|their|each) (name|names) before',
  'before offering (work|shifts|jobs)',
  'before offering (a|an) (job|tenancy|room|place|contract)',
  '~add (their|the|any) names',
  '~add names',
  'do not (hire|employ|rent|let)',
  'not to (hire|employ|rent|let|re-employ)',
);
/** What they did that the law protects: raising safety concerns, calling a regulator, joining a union, complaining. */
const SPEAKING_UP = t(
  '~raise ? (safety|health) (complaints|concerns|issues)',
  '~raise (complaints|concerns|grievances)',
  'safety (complaints|concerns)',
  '~call the (hse|council|regulator|police|ombudsman)',
  '~complain (to|about) the (council|regulator|hse|ombudsman|landlord)',
  '~join the union',
  'trade union*',
  'union (members|member|activity|activities|organiser|organisers|reps|rep)',
  'whistleblow*',
  'tribunal (claim|claims)',
);
/** Kept out of sight of the people listed and of the records they could ask to see. */
const OUT_OF_THE_RECORDS = Terms.union(
  KEPT_FROM_THEM,
  t(
    // "outside our companies' own HR systems": up to three words between.
    ...[0, 1, 2, 3].map(
      (gap) => `outside (our|the|their) ${'? '.repeat(gap)}(hr|personnel) (systems|system|records|files)`,
    ),
    'off the (books|record)',
  ),
);

/**
 * People listed so that they are turned away from work or a home for speaking up: a blacklist. Read among the first
 * purposes, so that it gives this reason before the broader "mislead the people who check the work".
 */
export const LISTED_FOR_SPEAKING_UP = composedWrong({
  kind: 'a list kept, out of sight of the people on it, to turn away from work or a home those who raised safety concerns, called a regulator or joined a union (a blacklist)',
  act: { says: 'keep a list that turns away from work or a home', terms: LIST_TO_TURN_AWAY },
  wronged: {
    says: 'people who raised safety concerns, called a regulator, complained or joined a union',
    terms: SPEAKING_UP,
  },
  concealment: {
    says: 'out of sight of the people on it, which punishes them for what the law protects',
    terms: OUT_OF_THE_RECORDS,
  },
  unless: guardedBy('verif*', 'training (records|cards)', 'card checks', 'consent*', 'lawful*', 'anonymi*'),
});
