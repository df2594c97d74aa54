import type { Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy.ts';
import type { ParsedText, Token } from '../taxonomy/text-parser.ts';
import { workVerbBase, workVerbParticipleBase } from './work-verbs.ts';

/**
 * Skills a piece of a brief names in other words: the words of a two- or three-word skill name or alias, in another
 * order or form, close together in one clause — "review the literature" is Literature review, "edit and mix the
 * audio" Audio editing, "reconcile the three bank accounts" Account reconciliation ("reconciling accounts"). The
 * taxonomy's phrase matcher finds names as written; this finds the verb–object and noun–noun phrases a brief writes
 * instead. Words are compared by a crude root (suffixes off), the same on both sides, so the index of some 30,000
 * phrases is built in a few milliseconds, once per taxonomy.
 */
const MAX_GAP = 2;
const MIN_ROOT = 3;
const STOP = new Set(
  (
    'the a an and or of for to in on at by with from our your their its his her we us you they it is are be was were ' +
    'this that these those will can should must have has had need needs want wants all each every some any more ' +
    'less than about into also which who what when where how new one two three four five six seven eight nine ten ' +
    'first second last next other own same such very up out over under per via not no'
  ).split(' '),
);
const DETERMINERS = new Set(
  'a an the our your their its his her this that these those every each any some no'.split(' '),
);
/** Words too common in skill labels to tie a phrase to a skill on their own side of a pair. */
const WEAK = new Set(['work', 'use', 'make', 'get', 'take', 'give', 'provide', 'ensure', 'support', 'help', 'run']);

const SUFFIXES = [
  'iations',
  'iation',
  'ations',
  'ation',
  'ments',
  'ment',
  'ings',
  'ing',
  'ers',
  'er',
  'ies',
  'ied',
  'ed',
  'es',
  'ic',
  'y',
  'e',
  's',
];

/** "reconciling", "reconcile" → "reconcil"; "mapping", "maps" → "map"; "thermographic", "thermography" → "thermograph". */
function root(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < MIN_ROOT) continue;
    if (suffix === 's' && /(?:ss|us|is)$/.test(w)) continue;
    w = w.slice(0, -suffix.length);
    break;
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ss|ll)$/.test(w)) w = w.slice(0, -1);
  return w.replace(/e$/, '');
}

/**
 * The root a verb and the noun of its activity share, for reading a verb against a skill's noun: "inspected" and
 * "inspection" are "inspect", "translated" and "translation" "transl", "insured" and "insurance" "insur", "surveyed"
 * and "survey" "survey". Only where one side is a verb: between two nouns "product" is no "production", nor
 * "prevention" "prevent".
 */
const VERB_NOUN_SUFFIXES = [...SUFFIXES.slice(0, 4), 'ions', 'ion', 'iance', 'ance', 'ence', ...SUFFIXES.slice(4)];
/** "-ion" only after t or s ("inspection"), and these suffixes only after a longer stem: "ferment" is no "fer". */
const VERB_NOUN_MIN_ROOT: Record<string, number> = { ions: 4, ion: 4, iance: 4, ance: 4, ence: 4, ments: 4, ment: 4 };
const VERB_NOUN_AFTER: Record<string, RegExp> = { ions: /[ts]$/, ion: /[ts]$/ };
export function verbRoot(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of VERB_NOUN_SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < (VERB_NOUN_MIN_ROOT[suffix] ?? MIN_ROOT)) continue;
    const stem = w.slice(0, -suffix.length);
    if (VERB_NOUN_AFTER[suffix] && !VERB_NOUN_AFTER[suffix].test(stem)) continue;
    if (suffix === 's' && /(?:ss|us|is)$/.test(w)) continue;
    // "survey", "display": a y after a vowel is the word's own.
    if (suffix === 'y' && /[aeiou]$/.test(stem)) continue;
    w = stem;
    break;
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ss|ll)$/.test(w)) w = w.slice(0, -1);
  w = w.replace(/e$/, '');
  // "translate" and "translation", "negotiate" and "negotiation" meet at "transl", "negot".
  if (w.length >= 6 && w.endsWith('at')) w = w.slice(0, -2).replace(/(?<=.{4})i$/, '');
  return w;
}

/** A phrase's skill and the roots of its words in the label's order. */
type Index = Map<string, { skill: TaxonomySkill; order: string }>;
/** The phrases by their words' roots, and by the roots a verb shares with its noun (`verbRoot`). */
type Indexes = { index: Index; verbal: Index };
const INDEXES = new WeakMap<Taxonomy, Indexes>();

function indexOf(taxonomy: Taxonomy): Indexes {
  const cached = INDEXES.get(taxonomy);
  if (cached) return cached;
  const index: Index = new Map();
  const verbal: Index = new Map();
  const roots = new Map<string, string>();
  const cachedRoot = (word: string) => {
    let value = roots.get(word);
    if (value === undefined) roots.set(word, (value = root(word)));
    return value;
  };
  // Open-data skills that belong to no kind of work ("Books Reading", "Trusts Maintenance") are labels for CVs, too
  // loose to read a brief's words as; the curated skills and those the areas place are not.
  const skills = taxonomy.skills.filter(
    (skill) =>
      skill.category !== 'soft' &&
      skill.category !== 'language' &&
      (skill.ref?.scheme !== 'esco' || skill.areas.length > 0),
  );
  // Names before aliases: "review the literature" is Literature review, not a skill that has it as an alias.
  for (const terms of [skills.map((skill) => [skill.name]), skills.map((skill) => skill.aliases)]) {
    terms.forEach((names, k) => {
      for (const term of names) {
        const words = term.toLowerCase().split(/[\s-]+/);
        if (words.length < 2 || words.length > 3) continue;
        if (!words.every((word) => /^[a-z]{3,}$/.test(word) && !STOP.has(word) && !WEAK.has(word))) continue;
        const ordered = words.map(cachedRoot);
        const key = [...ordered].sort().join(' ');
        if (!index.has(key)) index.set(key, { skill: skills[k], order: ordered.join(' ') });
        // Read against a verb, a phrase is looser evidence: only skills the taxonomy places in a kind of work.
        if (skills[k].areas.length === 0) continue;
        const verbalOrder = words.map(verbRoot);
        const verbalKey = [...verbalOrder].sort().join(' ');
        if (!verbal.has(verbalKey)) verbal.set(verbalKey, { skill: skills[k], order: verbalOrder.join(' ') });
      }
    });
  }
  const indexes = { index, verbal };
  INDEXES.set(taxonomy, indexes);
  return indexes;
}

export type OtherWordsMention = { skill: TaxonomySkill; words: string };

/** Skills whose name's words occur close together in one clause of the text, in any order and form. */
export function findInOtherWords(taxonomy: Taxonomy, text: string): OtherWordsMention[] {
  const { index, verbal } = indexOf(taxonomy);
  const found = new Map<TaxonomySkill, OtherWordsMention>();
  for (const clause of text.split(/[,;:()[\]–—.!?"“”]+|\s-\s/)) {
    const all = (clause.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).flatMap((word) => word.split('-'));
    const kept = all.flatMap((word, k) => (word.length >= 3 && !STOP.has(word) ? [k] : []));
    const words = kept.map((k) => all[k]);
    // A word after an article or a possessive is a noun or an adjective, not a verb: "a clear customer notice".
    const afterDeterminer = kept.map((k) => k > 0 && DETERMINERS.has(all[k - 1]));
    const nounRoots = words.map(root);
    const verbRoots = words.map(verbRoot);
    const take = (positions: number[]) => {
      const keyOf = (of: readonly string[]) =>
        positions
          .map((p) => of[p])
          .sort()
          .join(' ');
      // A verb read against its noun ("inspect the racking" is Racking inspection, "the rooms inspected" Room
      // inspection) only where the words are a verb and its object, below.
      const byNoun = index.get(keyOf(nounRoots));
      const byVerb = byNoun ? undefined : verbal.get(keyOf(verbRoots));
      const hit = byNoun ?? byVerb;
      const roots = byNoun ? nounRoots : verbRoots;
      if (!hit || found.has(hit.skill)) return;
      // In the label's order the words are the skill ("stage management", "semi-structured interviews"). Turned
      // round, only a verb and its object are ("review the literature", "edit … the audio"): "management team" is
      // not Team management, nor "care home" Home care.
      // Words with another between them are a verb and its object or nothing ("evidence of a security review").
      const inOrder = positions.map((p) => roots[p]).join(' ') === hit.order;
      const adjacent = positions.at(-1)! - positions[0] === positions.length - 1;
      // and what stands between a verb and its object is another verb sharing it ("edit and mix the audio"); a verb
      // may be a gerund, as list items often start ("designing and making costumes").
      const between = words
        .slice(positions[0] + 1, positions.at(-1)!)
        .filter((_, k) => !positions.includes(positions[0] + 1 + k));
      // Read against its noun, the verb's object may have a word of its own before it ("inspect the pallet racking").
      const verbObject =
        !inOrder &&
        workVerbBase(words[positions[0]]) !== undefined &&
        (byVerb === undefined || !afterDeterminer[positions[0]]) &&
        (byVerb !== undefined || between.every((word) => workVerbBase(word) !== undefined));
      // A deliverable written as the thing and then what is done to it, with other things done to it between
      // ("staff hired and trained" is Staff training, "the menu developed and costed" Menu costing): in the label's
      // order, its last word a work verb's past participle, and only such participles between: not a noun that is
      // also a verb ("the pricing schedule checked" is no price check).
      const isDone = (word: string) => workVerbParticipleBase(word) !== null;
      const doneDeliverable = inOrder && isDone(words[positions.at(-1)!]) && between.every(isDone);
      if ((!inOrder || !adjacent || byVerb) && !verbObject && !doneDeliverable) return;
      found.set(hit.skill, { skill: hit.skill, words: words.slice(positions[0], positions.at(-1)! + 1).join(' ') });
    };
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j <= i + MAX_GAP && j < words.length; j++) take([i, j]);
      // Three words only side by side: "semi structured interviews".
      if (i + 2 < words.length) take([i, i + 1, i + 2]);
    }
  }
  return [...found.values()];
}

/**
 * A skill whose name is one word, the noun of an activity ("Recruitment", "Photography", "Translation", "Insurance",
 * "Mentoring"): a brief that wants the work done writes the verb instead — "twenty new carers recruited", "the rooms
 * photographed", "translated into Polish", "to insure the cars". One word alone is weak evidence, so only names that
 * are made from a verb by a suffix of activity (-ing, -ion, -ment, -ance, -ence, -graphy) and only the verb in a use
 * that asks for the work: after the thing it is done to, or after "be"; or opening a clause, an item or "to …" with
 * its object after it. Not the word used as a noun or an adjective ("a costed plan", "licensed by the council",
 * "we milk 320 cows").
 */
const ACTIVITY_NOUN = /(?:ing|ion|ment|ance|ence|graphy)$/;
/**
 * Verbs whose activity is no trade to staff, or names a whole field rather than one (every task plans, manages,
 * designs, builds, tests and develops something), or whose everyday sense is another thing than the trade of that
 * name ("act", "note", "quote", "order", "book", "type", "bill", "reserve").
 */
const GENERAL_VERBS = new Set(
  (
    'make build set run plan manage design develop create deliver write check review support provide test keep move ' +
    'open book act note quote order type bill reserve use change improve prepare produce lead hold organise organize ' +
    'sell teach cost process present program interpret'
  )
    .split(' ')
    .map(verbRoot),
);
const OBJECT_POS = new Set(['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'PRON']);
const BE = new Set(['be', 'been', 'being', 'is', 'are', 'was', 'were', 'get', 'got']);
const MODAL = new Set('to have has had must will shall should can could may need needs all also then'.split(' '));
const ACTIVITY_INDEXES = new WeakMap<Taxonomy, Map<string, TaxonomySkill>>();

function activityIndexOf(taxonomy: Taxonomy): Map<string, TaxonomySkill> {
  let index = ACTIVITY_INDEXES.get(taxonomy);
  if (index) return index;
  index = new Map();
  // Only skills the taxonomy places in a kind of work: "offloading" is a podiatrist's, not a warehouse's.
  const skills = taxonomy.skills.filter(
    (skill) =>
      skill.category !== 'soft' && skill.category !== 'language' && skill.category !== 'tool' && skill.areas.length > 0,
  );
  for (const terms of [skills.map((skill) => [skill.name]), skills.map((skill) => skill.aliases)]) {
    terms.forEach((names, k) => {
      for (const term of names) {
        const word = term.toLowerCase();
        if (!/^[a-z]{6,}$/.test(word) || !ACTIVITY_NOUN.test(word)) continue;
        const key = verbRoot(word);
        if (key.length < 5 || GENERAL_VERBS.has(key) || index!.has(key)) continue;
        index!.set(key, skills[k]);
      }
    });
  }
  ACTIVITY_INDEXES.set(taxonomy, index);
  return index;
}

/** Whether the token opens a clause: the text or a line starts, or punctuation, "to" or "please" comes before. */
function opensClause(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  return (
    before === undefined ||
    tokens[i].lineStart ||
    before.type === 'punctuation' ||
    before.lower === 'to' ||
    before.lower === 'please'
  );
}

/** Whether a participle follows the thing it is done to ("the rooms photographed") or "be" ("to be recruited"). */
function doneToSomething(tokens: readonly Token[], i: number): boolean {
  let k = i - 1;
  // "the menu developed and costed", "six cars leased, insured for trainees": other participles and adverbs between.
  const skippable = (k: number) =>
    tokens[k].pos === 'ADV' ||
    /ed$/.test(tokens[k].lower) ||
    ((tokens[k].lower === 'and' || tokens[k].value === ',') && /ed$/.test(tokens[k - 1]?.lower ?? ''));
  while (k >= 0 && !BE.has(tokens[k].lower) && skippable(k)) k--;
  // After "be", the thing is before it: "six teachers have to be recruited", not "before anyone is recruited".
  if (k >= 0 && BE.has(tokens[k].lower)) {
    k--;
    while (k >= 0 && (MODAL.has(tokens[k].lower) || tokens[k].pos === 'ADV')) k--;
  }
  const before = tokens[k];
  return before !== undefined && before.type === 'word' && (before.pos === 'NOUN' || before.pos === 'PROPN');
}

/** One-word skills whose activity the text asks for by its verb (above). */
export function findActivityVerbs(taxonomy: Taxonomy, parsed: ParsedText): OtherWordsMention[] {
  const index = activityIndexOf(taxonomy);
  const found = new Map<TaxonomySkill, OtherWordsMention>();
  const { tokens } = parsed;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type !== 'word' || token.lower.length < 5) continue;
    const skill = index.get(verbRoot(token.lower));
    // As the skill's own name it is found by name; here only the verb.
    if (!skill || found.has(skill) || (ACTIVITY_NOUN.test(token.lower) && !/ing$/.test(token.lower))) continue;
    const next = tokens[i + 1];
    const hasObject = next !== undefined && next.type === 'word' && (OBJECT_POS.has(next.pos) || next.lower === 'and');
    let asked = false;
    if (/ed$/.test(token.lower)) asked = next?.lower !== 'by' && doneToSomething(tokens, i);
    else if (/ing$/.test(token.lower)) asked = opensClause(tokens, i) && hasObject;
    else asked = token.pos === 'VERB' && token.lower === token.lemma && opensClause(tokens, i) && hasObject;
    if (!asked) continue;
    found.set(skill, {
      skill,
      words: tokens
        .slice(Math.max(0, i - 2), i + 1)
        .map((t) => t.value)
        .join(' '),
    });
  }
  return [...found.values()];
}
