import type { Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy.ts';
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

/** A phrase's skill and the roots of its words in the label's order. */
type Index = Map<string, { skill: TaxonomySkill; order: string }>;
const INDEXES = new WeakMap<Taxonomy, Index>();

function indexOf(taxonomy: Taxonomy): Index {
  let index = INDEXES.get(taxonomy);
  if (index) return index;
  index = new Map();
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
        if (!index!.has(key)) index!.set(key, { skill: skills[k], order: ordered.join(' ') });
      }
    });
  }
  INDEXES.set(taxonomy, index);
  return index;
}

export type OtherWordsMention = { skill: TaxonomySkill; words: string };

/** Skills whose name's words occur close together in one clause of the text, in any order and form. */
export function findInOtherWords(taxonomy: Taxonomy, text: string): OtherWordsMention[] {
  const index = indexOf(taxonomy);
  const found = new Map<TaxonomySkill, OtherWordsMention>();
  for (const clause of text.split(/[,;:()[\]–—.!?"“”]+|\s-\s/)) {
    const words = (clause.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [])
      .flatMap((word) => word.split('-'))
      .filter((word) => word.length >= 3 && !STOP.has(word));
    const roots = words.map(root);
    const take = (positions: number[]) => {
      const hit = index.get(
        positions
          .map((p) => roots[p])
          .sort()
          .join(' '),
      );
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
      const verbObject =
        !inOrder &&
        workVerbBase(words[positions[0]]) !== undefined &&
        between.every((word) => workVerbBase(word) !== undefined);
      // A deliverable written as the thing and then what is done to it, with other things done to it between
      // ("staff hired and trained" is Staff training, "the menu developed and costed" Menu costing): in the label's
      // order, its last word a work verb's past participle, and only such participles between: not a noun that is
      // also a verb ("the pricing schedule checked" is no price check).
      const isDone = (word: string) => workVerbParticipleBase(word) !== null;
      const doneDeliverable = inOrder && isDone(words[positions.at(-1)!]) && between.every(isDone);
      if ((!inOrder || !adjacent) && !verbObject && !doneDeliverable) return;
      found.set(hit.skill, { skill: hit.skill, words: words.slice(positions[0], positions.at(-1)! + 1).join(' ') });
    };
    for (let i = 0; i < roots.length; i++) {
      for (let j = i + 1; j <= i + MAX_GAP && j < roots.length; j++) take([i, j]);
      // Three words only side by side: "semi structured interviews".
      if (i + 2 < roots.length) take([i, i + 1, i + 2]);
    }
  }
  return [...found.values()];
}
