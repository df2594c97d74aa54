import { normaliseLabel } from './names.ts';

/**
 * Which source labels become names Guild matches in free text. The matcher finds every label as a whole phrase in
 * CVs and briefs, so a label that also reads as ordinary prose would put false skills on profiles. The rules, in the
 * order they are applied (the first that applies decides):
 *
 * 1. too-short: fewer than 3 characters ("C#" and "R" are curated by hand, with their context rules).
 * 2. too-long: more than 5 words; such phrases are never written verbatim, and every label costs memory at start-up.
 * 3. inverted: list or inverted forms with , ; : / ("well operations, contractor liaison") are never written in prose.
 * 4. job-title: the label is an occupation's name in ESCO or O*NET ("nurse", "bookkeeper"); a job title says what
 *    someone was, not which skill they hold, and CVs are full of them.
 * 5. generic: every word is a stop word or a generic word ("communication", "use software", "computer skills").
 * 6. common-word: a single word among the EVERYDAY_WORD_RANK most frequent words of spoken English ("go", "polish",
 *    "training", "history", "calculations", "confidence"): CVs use such words for other things (school subjects,
 *    duties, hobbies). As an alias it is left out; an ESCO concept so named is left out (a language is kept, its
 *    name contextual: "Irish"); an O*NET product so named ("Slack", "Zoom") is contextual: matched as written, in a
 *    skills context. Only terms of the trade ("phlebotomy", "Wireshark") are matched anywhere. The curated list names
 *    the everyday-word skills it wants matched, with its own context rules.
 * 7. everyday-phrase (aliases only): several words, each among the EVERYDAY_PHRASE_RANK most frequent words of spoken
 *    English ("ask questions", "count money", "hire people", "build a fire"): ordinary prose, not a skill's label.
 *
 * The curated list's own aliases are not judged by these rules (curated entries win), with one exception, applied
 * after the merge: an alias of one word that is everyday English by rule 6 becomes contextual (`gateCuratedAliases`).
 */
export const LABEL_VERDICTS = [
  'keep',
  'too-short',
  'too-long',
  'inverted',
  'job-title',
  'generic',
  'common-word',
  'everyday-phrase',
] as const;
export type LabelVerdict = (typeof LABEL_VERDICTS)[number];

const MIN_LABEL_CHARS = 3;
const MAX_LABEL_WORDS = 5;

/** Spoken-English frequency rank (SUBTLEX-US) under which a single word is everyday English. */
const EVERYDAY_WORD_RANK = 30_000;
const EVERYDAY_PHRASE_RANK = 2_000;

/** Words that say nothing about which skill is meant: a label made only of these matches everywhere. */
const GENERIC_WORDS = new Set(
  (
    'use using usage apply applying application work working perform performing performance do doing make making ' +
    'software computer computers digital skills skill abilities ability competence competences knowledge ' +
    'communication communications communicate communicating management manage managing planning plan organising ' +
    'techniques technique methods method practices practice principles procedures procedure processes process ' +
    'information data systems system tools tool equipment operations operation activities activity tasks task ' +
    'services service support team teams people others basic general professional good effective effectively ' +
    'different various new own other relevant appropriate'
  ).split(' '),
);

const STOP_WORDS = new Set(
  'a an the and or of for in on to with by at from as per via into about its their'.split(' '),
);

export type LabelContext = {
  /** Spoken-English frequency rank of lower-case words, most frequent 0. */
  wordRank: ReadonlyMap<string, number>;
  /** nameKey() of every occupation label. */
  jobTitles: ReadonlySet<string>;
};

/** A single everyday word: see rule 6. */
export function isEverydayWord(word: string, context: LabelContext): boolean {
  return (context.wordRank.get(word.toLowerCase()) ?? Number.POSITIVE_INFINITY) < EVERYDAY_WORD_RANK;
}

export function judgeLabel(label: string, context: LabelContext, role: 'name' | 'alias' = 'alias'): LabelVerdict {
  const text = normaliseLabel(label);
  const words = text.toLowerCase().split(' ');
  if (text.length < MIN_LABEL_CHARS) return 'too-short';
  if (words.length > MAX_LABEL_WORDS) return 'too-long';
  if (/[,;:/]/.test(text)) return 'inverted';
  if (context.jobTitles.has(words.join(' '))) return 'job-title';
  if (words.every((word) => STOP_WORDS.has(word) || GENERIC_WORDS.has(word))) return 'generic';
  if (words.length === 1 && isEverydayWord(words[0], context)) return 'common-word';
  const everyday = (word: string) => (context.wordRank.get(word) ?? Number.POSITIVE_INFINITY) < EVERYDAY_PHRASE_RANK;
  if (role === 'alias' && words.every((word) => word.split('-').every(everyday))) return 'everyday-phrase';
  return 'keep';
}

/** LabelContext's ranks from a frequency list sorted most frequent first (the first rank of a word counts). */
export function wordRanksOf(byFrequency: readonly { word: string }[]): Map<string, number> {
  const ranks = new Map<string, number>();
  byFrequency.forEach(({ word }, rank) => {
    if (/^[a-z]+$/.test(word) && !ranks.has(word)) ranks.set(word, rank);
  });
  return ranks;
}

/**
 * The ambiguity gate for the curated list's own aliases, which the rules above do not judge (the curated list wins):
 * an alias of one word that is everyday English ("Vision" for EMIS Web, "conservation" for Biodiversity, "containers"
 * for Docker) has a dominant sense other than the skill, so it becomes contextual — matched as written, and only in a
 * skills context (a list of skills, "experience with …", "… developer"), as the open data's everyday-word product
 * names are. The skill's canonical name, and a term the entry already marks exact_case or contextual, stay as the
 * curated list has them. Returns how many aliases it gated.
 */
export function gateCuratedAliases(entry: SkillEntryTerms, context: LabelContext): number {
  const marked = new Set([...(entry.exact_case ?? []), ...(entry.contextual ?? [])]);
  const gated = (entry.aliases ?? []).filter(
    (alias) =>
      !marked.has(alias) &&
      normaliseLabel(alias).toLowerCase() !== normaliseLabel(entry.name).toLowerCase() &&
      /^[A-Za-z]+$/.test(alias) &&
      isEverydayWord(alias, context),
  );
  if (gated.length > 0) entry.contextual = [...(entry.contextual ?? []), ...gated];
  return gated.length;
}

type SkillEntryTerms = { name: string; aliases?: string[]; exact_case?: string[]; contextual?: string[] };
