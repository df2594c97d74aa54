import pluralize from 'pluralize';
import { byText, nameKey } from './entries.ts';

// pluralize (MIT): English inflection with its irregular and uncountable nouns ("teeth", "analyses", "species"). Two
// plurals its rules get wrong ("lenses" → "lense", "dies" → "dy"), told to it by its own API.
pluralize.addIrregularRule('lens', 'lenses');
pluralize.addIrregularRule('die', 'dies');

/**
 * Recruiter names from ESCO labels. ESCO writes skills as imperative verb phrases ("perform TIG welding", "manage
 * musical staff"); a profile says "TIG Welding" or "Musical Staff Management". The rules, in order:
 *
 * 1. A label that is already a noun phrase (knowledge concepts, "TIG welding") is the name.
 * 2. A light verb ("perform", "carry out", "apply"…) before an activity noun is dropped: "carry out wound care" →
 *    "Wound Care", "perform TIG welding" → "TIG Welding" (the shortest such form among the concept's labels).
 * 3. Otherwise the best noun-phrase alternative label ("contract drafting" for "draft contracts"), when one exists.
 * 4. Otherwise a light verb is dropped before any object ("provide first aid" → "First Aid").
 * 5. Otherwise the verb becomes its noun after the object ("install heat pump" → "Heat Pump Installation"), when the
 *    object is a short phrase without prepositions or adverbs, which would read badly in front of the noun.
 * 6. Otherwise there is no good name and the concept is left out.
 *
 * Then (esco.ts) the name is made plainer: an alternative label with the same words as a compound instead of a
 * prepositional phrase ("Security in Commercial Buildings" → "Commercial Building Security"), and noun adjuncts in
 * the singular ("Nutrients Management" → "Nutrient Management"); see `plainerAlternative` and `singularAdjuncts`.
 */

/** Verbs whose object alone names the skill: "perform TIG welding" is TIG welding. */
const LIGHT_VERBS = [
  'perform',
  'carry out',
  'conduct',
  'undertake',
  'execute',
  'provide',
  'apply',
  'use',
  'utilise',
  'employ',
  'practise',
  'practice',
  'ensure',
  'understand',
  'do',
  'participate in',
  'engage in',
  'contribute to',
  'attend to',
  'take part in',
];

/** Verbs and the noun a profile uses for the activity: "manage musical staff" → "Musical Staff Management". */
const NOUN_OF_VERB: Record<string, string> = {
  manage: 'management',
  operate: 'operation',
  tend: 'operation',
  maintain: 'maintenance',
  develop: 'development',
  monitor: 'monitoring',
  prepare: 'preparation',
  'advise on': 'advice',
  advise: 'advice',
  create: 'creation',
  design: 'design',
  assess: 'assessment',
  analyse: 'analysis',
  install: 'installation',
  write: 'writing',
  handle: 'handling',
  identify: 'identification',
  inspect: 'inspection',
  supervise: 'supervision',
  plan: 'planning',
  teach: 'teaching',
  coordinate: 'coordination',
  'set up': 'setup',
  check: 'checks',
  evaluate: 'evaluation',
  test: 'testing',
  organise: 'organisation',
  promote: 'promotion',
  repair: 'repair',
  clean: 'cleaning',
  select: 'selection',
  implement: 'implementation',
  sell: 'sales',
  adjust: 'adjustment',
  assemble: 'assembly',
  interpret: 'interpretation',
  support: 'support',
  'liaise with': 'liaison',
  control: 'control',
  collect: 'collection',
  oversee: 'oversight',
  remove: 'removal',
  calculate: 'calculation',
  measure: 'measurement',
  negotiate: 'negotiation',
  train: 'training',
  process: 'processing',
  build: 'building',
  produce: 'production',
  examine: 'examination',
  cut: 'cutting',
  prevent: 'prevention',
  manufacture: 'manufacturing',
  demonstrate: 'demonstration',
  research: 'research',
  administer: 'administration',
  'comply with': 'compliance',
  lead: 'leadership',
  record: 'recording',
  diagnose: 'diagnosis',
  drive: 'driving',
  estimate: 'estimation',
  instruct: 'instruction',
  treat: 'treatment',
  store: 'storage',
  arrange: 'arrangement',
  review: 'review',
  integrate: 'integration',
  consult: 'consultation',
  investigate: 'investigation',
  protect: 'protection',
  educate: 'education',
  mix: 'mixing',
  forecast: 'forecasting',
  manipulate: 'manipulation',
  compile: 'compilation',
  breed: 'breeding',
  guide: 'guidance',
  deliver: 'delivery',
  translate: 'translation',
  present: 'presentation',
  draft: 'drafting',
  load: 'loading',
  prescribe: 'prescription',
  detect: 'detection',
  recommend: 'recommendation',
  enforce: 'enforcement',
  'dispose of': 'disposal',
  transport: 'transport',
  schedule: 'scheduling',
  model: 'modelling',
  document: 'documentation',
  replace: 'replacement',
  grade: 'grading',
  purchase: 'purchasing',
  counsel: 'counselling',
  facilitate: 'facilitation',
  pack: 'packing',
  verify: 'verification',
  construct: 'construction',
  preserve: 'preservation',
  restore: 'restoration',
  calibrate: 'calibration',
  coach: 'coaching',
  edit: 'editing',
  fit: 'fitting',
  screen: 'screening',
  sew: 'sewing',
  cook: 'cooking',
  harvest: 'harvesting',
  distribute: 'distribution',
  compose: 'composition',
  tune: 'tuning',
  allocate: 'allocation',
  advertise: 'advertising',
  formulate: 'formulation',
  recruit: 'recruitment',
  paint: 'painting',
  extract: 'extraction',
  program: 'programming',
  optimise: 'optimisation',
  customise: 'customisation',
  grind: 'grinding',
  align: 'alignment',
  decorate: 'decoration',
  audit: 'auditing',
  weld: 'welding',
  polish: 'polishing',
  survey: 'surveying',
  market: 'marketing',
  budget: 'budgeting',
  assist: 'assistance',
  'assist with': 'assistance',
  'instruct on': 'instruction',
  'respond to': 'response',
  dispatch: 'dispatch',
  sterilise: 'sterilisation',
  rehearse: 'rehearsal',
  hire: 'hiring',
  pilot: 'piloting',
  communicate: 'communication',
  define: 'definition',
  determine: 'determination',
  adapt: 'adaptation',
  report: 'reporting',
  draw: 'drawing',
  read: 'reading',
  study: 'study',
  establish: 'establishment',
};

/** Words that stay lower-case inside a title ("Health and Safety", "Care of the Elderly"). */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'nor',
  'but',
  'of',
  'for',
  'in',
  'on',
  'to',
  'with',
  'by',
  'at',
  'from',
  'as',
  'per',
  'via',
  'vs',
  'into',
  'onto',
  'over',
  'under',
  'about',
  'during',
  'within',
  'without',
  'between',
  'through',
  'across',
  'after',
  'before',
  'towards',
  'against',
  'among',
  'upon',
]);

const ARTICLES = new Set(['a', 'an', 'the']);

/** Verb phrases by their first word, longest first, so that "carry out" is tried before "carry". */
type VerbIndex = ReadonlyMap<string, readonly string[][]>;

function indexVerbs(verbs: readonly string[]): VerbIndex {
  const index = new Map<string, string[][]>();
  for (const verb of verbs) {
    const parts = verb.split(' ');
    index.set(
      parts[0],
      [...(index.get(parts[0]) ?? []), parts].sort((a, b) => b.length - a.length),
    );
  }
  return index;
}

const LIGHT_VERB_INDEX = indexVerbs(LIGHT_VERBS);
const NOUN_VERB_INDEX = indexVerbs(Object.keys(NOUN_OF_VERB));
const COMMON_VERB_INDEX = indexVerbs([...LIGHT_VERBS, ...Object.keys(NOUN_OF_VERB)]);

/** The longest verb phrase of an index that starts the label and leaves an object after it. */
function leadingVerb(words: readonly string[], index: VerbIndex): string | undefined {
  const parts = (index.get(words[0]) ?? []).find(
    (verb) => verb.length < words.length && verb.every((part, k) => words[k] === part),
  );
  return parts?.join(' ');
}

/** Whitespace collapsed, ends trimmed: ESCO has labels such as "analyze  tree population". */
export function normaliseLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim();
}

/** "Python (computer programming)" → "Python": the qualifier disambiguates the concept, nobody writes it. */
export function withoutQualifier(label: string): string {
  return normaliseLabel(label.replace(/\([^)]*\)/g, ' '));
}

/**
 * Title case as a profile writes it: each word capitalised except small words inside the name; words that already
 * hold a capital or a digit (TIG, iOS, ISO 9001, 3D) are kept as written; each part of a hyphenated word is
 * capitalised ("Oxy-Fuel").
 */
export function titleCase(label: string): string {
  return normaliseLabel(label)
    .split(' ')
    .map((word, k) => {
      if (/[A-Z0-9]/.test(word)) return word;
      if (k > 0 && SMALL_WORDS.has(word)) return word;
      return word
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('-');
    })
    .join(' ');
}

/**
 * Words that start ESCO skill labels as verbs. ESCO writes every skill/competence as an imperative, so the first words
 * of their preferred labels are verbs; their alternative labels add synonyms ("mind", "guard", "peddle"), told from
 * nouns that also lead some labels ("welding equipment use") by being far more often first than anywhere else.
 */
export type VerbVocabulary = ReadonlySet<string>;

const VERB_FIRST_RATIO = 3;

export function verbVocabulary(
  skillLabels: Iterable<{ preferredLabel: string; altLabels: readonly string[] }>,
): VerbVocabulary {
  const verbs = new Set<string>([...LIGHT_VERBS, ...Object.keys(NOUN_OF_VERB)].map((verb) => verb.split(' ')[0]));
  const first = new Map<string, number>();
  const later = new Map<string, number>();
  for (const { preferredLabel, altLabels } of skillLabels) {
    const preferredFirst = normaliseLabel(preferredLabel).split(' ')[0];
    if (/^[a-z]+$/.test(preferredFirst)) verbs.add(preferredFirst);
    for (const label of altLabels) {
      const words = normaliseLabel(label).split(' ');
      first.set(words[0], (first.get(words[0]) ?? 0) + 1);
      for (const word of words.slice(1)) later.set(word, (later.get(word) ?? 0) + 1);
    }
  }
  for (const [word, n] of first) {
    if (/^[a-z]+$/.test(word) && n >= 2 && n >= VERB_FIRST_RATIO * (later.get(word) ?? 0)) verbs.add(word);
  }
  return verbs;
}

/** Led by a verb ("apply wound dressings"): not a noun phrase. */
export function isVerbLed(label: string, verbs: VerbVocabulary): boolean {
  const words = normaliseLabel(label).split(' ');
  const phrasal = leadingVerb(words, COMMON_VERB_INDEX);
  if (phrasal?.includes(' ')) return true; // "dispose of chemicals"
  if (words[1] === 'of') return false; // "use of welding equipment" names the activity
  return verbs.has(words[0]);
}

/** Led by one of the verbs of the tables above, the ones briefs and CVs use ("install", "carry out", "manage"). */
export function startsWithCommonVerb(label: string): boolean {
  return leadingVerb(normaliseLabel(label).split(' '), COMMON_VERB_INDEX) !== undefined;
}

/** "applying wound dressings" when "apply wound dressings" is a label too: a verb form, though -ing led. */
function isGerundOfLabel(label: string, labels: ReadonlySet<string>): boolean {
  const [first, ...rest] = label.split(' ');
  const stem = first.replace(/ing$/, '');
  if (stem === first || rest.length === 0) return false;
  return [stem, stem + 'e', stem.slice(0, -1)].some((verb) => labels.has([verb, ...rest].join(' ')));
}

/** A crude stem that lets inflected forms meet: "drafting", "drafted", "drafts" → "draft". */
export function wordStem(word: string): string {
  return word.toLowerCase().replace(/(ings?|ed|e?s|e)$/, '');
}

/** As many words as a matched label may have (label-rules.ts). */
const MAX_NAME_WORDS = 5;

function wordCount(label: string): number {
  return label.split(' ').length;
}

/**
 * Nouns that name an activity or a field ("welding", "inspection", "care"). An -ing noun in the plural names things
 * ("dressings", "fittings"), the others may be plural ("inspections").
 */
const ACTIVITY_NOUN = /(ing|(tion|sion|ment|ance|ence|ysis|care|ery|ship|ics|ogy|aid)s?)$/;
/** Nouns with those endings that name things, not activities. */
const THING_NOUNS = new Set(
  (
    'equipment instrument document element garment pigment segment supplement implement compartment department ' +
    'ointment ornament sediment fragment building ceiling clothing ring string thing'
  ).split(' '),
);

function isActivityNoun(word: string): boolean {
  return ACTIVITY_NOUN.test(word) && !THING_NOUNS.has(word.replace(/s$/, ''));
}

function objectOfLightVerb(label: string): string | undefined {
  const words = label.split(' ');
  const verb = leadingVerb(words, LIGHT_VERB_INDEX);
  if (!verb) return undefined;
  const object = words.slice(verb.split(' ').length);
  if (object[0] === 'of') return undefined; // "use of welding equipment" is not the verb "use"
  while (object.length > 1 && ARTICLES.has(object[0])) object.shift();
  return object.length > 0 ? object.join(' ') : undefined;
}

/**
 * Rule 3 for every label of the concept: the activity a light verb introduces ("perform TIG welding" → "TIG welding").
 * Fewest words first, so the acronym form wins over the spelled-out one; single words only from the preferred label,
 * since an alternative's bare "welding" is broader than the concept.
 */
export function activitiesOfLightVerbs(preferred: string, alternatives: readonly string[]): string[] {
  const objects = new Set<string>();
  for (const label of [preferred, ...alternatives]) {
    const object = objectOfLightVerb(withoutQualifier(label));
    if (!object || !isActivityNoun(object.split(' ').at(-1)!)) continue;
    if (label !== preferred && wordCount(object) < 2) continue;
    objects.add(object);
  }
  return [...objects].sort((a, b) => wordCount(a) - wordCount(b) || a.length - b.length || byText(a, b));
}

/**
 * The noun-phrase alternative closest to the concept: most content words shared with the preferred label, less one for
 * each word it adds; then the shortest. A verb-led or article-led alternative ("project the dispatching…") is none.
 */
function bestNounPhrase(preferred: string, alternatives: readonly string[], verbs: VerbVocabulary): string | undefined {
  // Words compared by their stems, so that "contract drafting" shares both its words with "draft contracts".
  const content = (label: string) =>
    label
      .toLowerCase()
      .split(' ')
      .filter((word) => !SMALL_WORDS.has(word))
      .map(wordStem);
  const preferredWords = new Set(content(preferred));
  const shared = (label: string) => content(label).filter((word) => preferredWords.has(word)).length;
  const score = (label: string) => 2 * shared(label) - content(label).length;
  const all = new Set([preferred, ...alternatives].map(withoutQualifier));
  // "contrast contractors' bids" beside "compare contractors' bids": another verb with the same object.
  const rest = (label: string) => label.split(' ').slice(1).join(' ');
  const objects = new Set([...all].filter((label) => isVerbLed(label, verbs)).map(rest));
  const candidates = alternatives
    .map(withoutQualifier)
    .filter((label) => /^[a-z]/i.test(label) && !/[,;:/]/.test(label) && shared(label) > 0)
    .filter((label) => !ARTICLES.has(label.split(' ')[1] ?? '') && !/ly\b/.test(label))
    .filter((label) => wordCount(label) >= 2 && wordCount(label) <= MAX_NAME_WORDS && !isVerbLed(label, verbs))
    .filter((label) => !isGerundOfLabel(label, all) && !objects.has(rest(label)))
    .filter((label) => label.split(' ').some(isActivityNoun));
  candidates.sort((a, b) => score(b) - score(a) || wordCount(a) - wordCount(b) || a.length - b.length || byText(a, b));
  return candidates[0];
}

/** Rules 3 (any object) and 4: the verb phrase turned into the name of the activity. */
function nounPhraseOfVerbPhrase(label: string): string | undefined {
  const light = objectOfLightVerb(label);
  if (light) return light;
  const words = label.split(' ');
  const verb = leadingVerb(words, NOUN_VERB_INDEX);
  if (!verb) return undefined;
  const object = words.slice(verb.split(' ').length);
  while (object.length > 1 && ARTICLES.has(object[0])) object.shift();
  const awkward = object.some((word) => SMALL_WORDS.has(word) || /ly$/.test(word));
  if (object.length === 0 || awkward || object.length > MAX_NAME_WORDS - 1) return undefined;
  // "operate arc welding operations" is "Arc Welding Operations", not "… Operations Operation".
  if (isActivityNoun(object[object.length - 1])) return object.join(' ');
  return `${object.join(' ')} ${NOUN_OF_VERB[verb]}`;
}

/**
 * An acronym the concept's description declares in parentheses ("tungsten inert gas (TIG) welding") for words of the
 * name: the name written with it ("TIG Welding"), which is how CVs write it; undefined when there is none.
 */
export function withDeclaredAcronym(name: string, description: string): string | undefined {
  const words = name.split(' ');
  for (const [, acronym] of description.matchAll(/\(([A-Z]{2,6})\)/g)) {
    for (let at = 0; at + acronym.length <= words.length; at++) {
      const spelled = words.slice(at, at + acronym.length);
      if (spelled.every((word, k) => word[0]?.toUpperCase() === acronym[k])) {
        return [...words.slice(0, at), acronym, ...words.slice(at + acronym.length)].join(' ');
      }
    }
  }
  return undefined;
}

/** The verb of an -ing form ("inspecting" → "inspect", "setting" → "set", "managing" → "manage"), if a known one. */
function verbOfGerund(word: string): string | undefined {
  const stem = word.replace(/ing$/, '');
  if (stem === word) return undefined;
  return [stem, stem + 'e', stem.slice(0, -1)].find((verb) => verb in NOUN_OF_VERB || LIGHT_VERBS.includes(verb));
}

/**
 * ESCO's noun-phrase alternatives include gerund forms a profile would not write: "liquid chromatography applying",
 * "underground power cable inspecting", "managing of mining plant equipment", "baking of confections". The gerund of
 * a light verb is dropped, that of another verb becomes its noun: "Liquid Chromatography", "Underground Power Cable
 * Inspection", "Mining Plant Equipment Management"; otherwise the "of" goes: "Baking Confections". A thing for a
 * purpose is written the other way round: "equipment for hair care" → "Hair Care Equipment".
 */
export function tidyActivity(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const words = label.split(' ');
  const purpose = words.slice(2);
  if (words[1] === 'for' && purpose.length > 0 && !purpose.some((word) => SMALL_WORDS.has(word))) {
    return [...purpose, words[0]].join(' '); // "equipment for hair care" → "hair care equipment"
  }
  if (words[1] === 'of' && /ing$/.test(words[0])) {
    const object = words.slice(2);
    const verb = verbOfGerund(words[0]);
    if (verb && LIGHT_VERBS.includes(verb)) return object.join(' ');
    if (verb && !object.some((word) => SMALL_WORDS.has(word))) return [...object, NOUN_OF_VERB[verb]].join(' ');
    return [words[0], ...object].join(' '); // "baking of confections" → "baking confections"
  }
  const last = words.at(-1)!;
  const trailing = words.length > 1 ? verbOfGerund(last) : undefined;
  if (!trailing) return label;
  if (LIGHT_VERBS.includes(trailing)) return words.slice(0, -1).join(' ');
  return NOUN_OF_VERB[trailing].endsWith('ing') ? label : [...words.slice(0, -1), NOUN_OF_VERB[trailing]].join(' ');
}

export type NamedConcept = {
  preferredLabel: string;
  altLabels: readonly string[];
  /** Knowledge concepts are named by noun phrases already ("sawing techniques"), whatever their first word. */
  knowledge: boolean;
};

/** The recruiter name of a concept (see the rules at the top), or undefined when none reads well. */
export function recruiterName(concept: NamedConcept, verbs: VerbVocabulary): string | undefined {
  const preferred = withoutQualifier(concept.preferredLabel);
  const alternatives = concept.altLabels;
  if (preferred === '') return undefined;
  const name =
    concept.knowledge || !isVerbLed(preferred, verbs)
      ? preferred
      : tidyActivity(
          activitiesOfLightVerbs(preferred, alternatives)[0] ??
            bestNounPhrase(preferred, alternatives, verbs) ??
            nounPhraseOfVerbPhrase(preferred),
        );
  if (!name || wordCount(name) > MAX_NAME_WORDS) return undefined;
  return titleCase(withoutLeadingQuantifier(name));
}

/**
 * Words that say how many of the thing the activity handles ("manage several projects", "use different roasting
 * methods", "apply various lifting techniques"): the task's wording, not the skill, which a profile names without
 * them ("Project Management", "Roasting Methods", "Lifting Techniques").
 */
const LEADING_QUANTIFIERS = new Set([
  'several',
  'various',
  'different',
  'multiple',
  'numerous',
  'diverse',
  'many',
  'all',
]);

// A plural after it shows the word counts things ("several projects"); "multiple sclerosis" names no number.
const PLURAL_WORD = /\p{L}[^siu\s]s$/iu;

/** The name without a leading quantifier of a plural noun ("several projects management" → "projects management"). */
function withoutLeadingQuantifier(name: string): string {
  const [first, ...rest] = name.split(' ');
  const quantifies = LEADING_QUANTIFIERS.has(first!.toLowerCase()) && rest.some((word) => PLURAL_WORD.test(word));
  return quantifies ? rest.join(' ') : name;
}

/**
 * Plural nouns that English keeps plural in front of another noun: plurale tantum and mass plurals ("Sales
 * Forecasting", "Customs Clearance", "Dangerous Goods Handling", "Premises Management") and the fixed compounds of
 * the trades ("Systems Engineering", "Records Management", "Facilities Management", "Materials Handling", "Claims
 * Handling", "Needs Assessment", "Grounds Maintenance", "Securities Trading", "Public Relations", "Financial Services",
 * "Parts Inventory", "Benefits Administration", "Religious Studies"). Words in -ics (fields:
 * "Logistics", "Statistics", "Electronics") are never made singular either.
 */
const PLURAL_ADJUNCTS = new Set(
  (
    'sales goods customs arms savings earnings clothes premises means works damages news headquarters needs odds ' +
    'systems operations communications telecommunications materials facilities records claims sports arts grounds ' +
    'securities affairs rights relations services parts benefits pensions minutes proceedings remains surroundings ' +
    'belongings valuables others outdoors indoors species series studies humanities findings principles'
  ).split(' '),
);

/** The noun's singular, when it is a plural noun whose singular is an English word ("welds" → "weld"). */
function singularNoun(word: string, isWord: (word: string) => boolean): string | undefined {
  if (!/^[a-z]+s$/.test(word) || PLURAL_ADJUNCTS.has(word) || /ics$/.test(word)) return undefined;
  if (!pluralize.isPlural(word)) return undefined;
  const singular = pluralize.singular(word);
  // pluralize strips the "s" of adjectives and invariable words too ("various" → "variou"): the result must be a word.
  return singular !== word && isWord(singular) ? singular : undefined;
}

/**
 * Noun adjuncts in the singular, as English writes a compound: "Nutrients Management" → "Nutrient Management",
 * "Welds Inspection" → "Weld Inspection", "Musical Instruments Repair" → "Musical Instrument Repair". Only the words
 * before the head noun of the name's first phrase change (the head, the last word before a preposition or the end,
 * keeps its number: "Query Languages", "Fermentation Processes of Beverages"); a phrase with a coordination ("Watches
 * and Jewellery Products"), a possessive, a hyphen or a capital inside a word is left as it is. `isWord` tells an
 * English word (the build's word list), which keeps "various" and "hazardous" as they are.
 */
export function singularAdjuncts(name: string, isWord: (word: string) => boolean): string {
  const words = name.split(' ');
  const end = words.findIndex((word, k) => k > 0 && SMALL_WORDS.has(word.toLowerCase()));
  const phrase = end < 0 ? words.length : end;
  if (phrase < 2) return name;
  if (/^(and|or|nor|but)$/i.test(words[phrase] ?? '')) return name;
  // A head in -able is an adjective after its noun: "Accounts Payable", "Notes Receivable".
  if (/[ai]ble$/i.test(words[phrase - 1])) return name;
  let changed = false;
  for (let k = 0; k < phrase - 1; k++) {
    const word = words[k];
    if (!/^[A-Za-z][a-z]+$/.test(word)) continue;
    const singular = singularNoun(word.toLowerCase(), isWord);
    if (!singular) continue;
    words[k] = word[0] === word[0].toUpperCase() ? singular[0].toUpperCase() + singular.slice(1) : singular;
    changed = true;
  }
  return changed ? words.join(' ') : name;
}

/** A stem that lets a word's number and noun/adjective endings meet: "transportation" and "transport". */
function contentStem(word: string): string {
  const singular = /s$/.test(word) && pluralize.isPlural(word) ? pluralize.singular(word) : word;
  return singular.replace(/(ation|ion|al)$/, '');
}

/**
 * A term with each word in the singular, lower case: the key under which "Cargo Inspections" and "Cargo Inspection",
 * or "Human Resources Management" and "Human Resource Management", are one name (merge.ts).
 */
export function pluralFold(term: string): string {
  return nameKey(term)
    .split(' ')
    .map((word) => (/^[a-z]+s$/.test(word) ? pluralize.singular(word) : word))
    .join(' ');
}

/** Words a name may lose without changing what it names: "Principles of X", "Materials Used in X". */
const FILLER_STEMS = new Set(
  'used using appropriate relevant related various different principles basics'.split(' ').map(contentStem),
);

function contentStems(label: string): string[] {
  return label
    .toLowerCase()
    .split(/[ -]/)
    .filter((word) => word !== '' && !SMALL_WORDS.has(word))
    .map(contentStem);
}

/**
 * An alternative label that says what the name says, plainer: the same content words (give or take number and a
 * filler word such as "principles" or "used") as a compound noun instead of a prepositional phrase ("Security in
 * Commercial Buildings" → "commercial buildings security", "Chemistry of Wood" → "wood chemistry"), or in fewer words.
 * A verb-led or gerund-led label ("installing SSTI system") is a verb phrase, not a name; a label that only adds or
 * drops hyphens is the same name. Fewest words first, then shortest. Undefined when none is plainer.
 */
export function plainerAlternative(name: string, labels: readonly string[], verbs: VerbVocabulary): string | undefined {
  const nameWords = name.split(' ');
  const prepositional = nameWords.slice(1).some((word) => SMALL_WORDS.has(word.toLowerCase()));
  const nameStems = new Set(contentStems(name));
  // The head noun: the last word before a preposition (a filler such as "used" aside), else the last word. A compound
  // ends with it ("Security in Commercial Buildings" → "commercial buildings security"; not "methods drying timber" for
  // "Methods of Drying Timber").
  const end = nameWords.findIndex((word, k) => k > 0 && SMALL_WORDS.has(word.toLowerCase()));
  const phrase = nameWords.slice(0, end < 0 ? nameWords.length : end).map((word) => contentStem(word.toLowerCase()));
  const head = phrase.findLast((stem) => !FILLER_STEMS.has(stem)) ?? phrase.at(-1);
  // Hyphened parts count as words: "cognitive-behavioural therapies" is no shorter than "Cognitive Behavioural Therapy".
  const parts = (label: string) => label.split(/[ -]/).length;
  const sameWords = (a: string, b: string) =>
    a.toLowerCase().replaceAll('-', ' ') === b.toLowerCase().replaceAll('-', ' ');
  const candidates = [...new Set(labels.map(withoutQualifier))].filter((label) => {
    const words = label.split(' ');
    if (words.length < 2 || words.length > MAX_NAME_WORDS || !/^[a-z][a-z -]*$/.test(label)) return false;
    if (words.some((word) => SMALL_WORDS.has(word)) || /ing$/.test(words[0]) || isVerbLed(label, verbs)) return false;
    if (sameWords(label, name)) return false;
    if (!(parts(label) < parts(name) || (prepositional && parts(label) <= parts(name)))) return false;
    const stems = contentStems(label);
    if (stems.at(-1) !== head) return false;
    return (
      stems.every((stem) => nameStems.has(stem)) &&
      [...nameStems].every((stem) => stems.includes(stem) || FILLER_STEMS.has(stem))
    );
  });
  candidates.sort((a, b) => wordCount(a) - wordCount(b) || a.length - b.length || byText(a, b));
  return candidates[0];
}
