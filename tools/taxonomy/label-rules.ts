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
 * 6. common-word: a single word among the most frequent words of spoken English ("go", "polish", "sales", "first"),
 *    unless it is an activity or field noun (-ing, -tion, -ship, -ogy…: "nursing", "plumbing", "cardiology").
 *    Such a word becomes contextual when it is the skill's own name, and is left out as an alias.
 */
export type LabelVerdict = 'keep' | 'too-short' | 'too-long' | 'inverted' | 'job-title' | 'generic' | 'common-word';

export const MIN_LABEL_CHARS = 3;
export const MAX_LABEL_WORDS = 5;

/** Spoken-English frequency rank under which a single word counts as common (SUBTLEX-US ranks). */
export const COMMON_WORD_RANK = 10_000;

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

/** Endings of nouns that name an activity or a field: common words, but in a CV they name a skill. */
const ACTIVITY_NOUN = /(ing|tion|sion|ment|ship|ance|ence|ogy|ics|ery|ism|ysis|ure)$/;

export type LabelContext = {
  /** Lower-case words ranked under COMMON_WORD_RANK in spoken English. */
  commonWords: ReadonlySet<string>;
  /** nameKey() of every occupation label. */
  jobTitles: ReadonlySet<string>;
};

export function judgeLabel(label: string, context: LabelContext): LabelVerdict {
  const text = normaliseLabel(label);
  const words = text.toLowerCase().split(' ');
  if (text.length < MIN_LABEL_CHARS) return 'too-short';
  if (words.length > MAX_LABEL_WORDS) return 'too-long';
  if (/[,;:/]/.test(text)) return 'inverted';
  if (context.jobTitles.has(words.join(' '))) return 'job-title';
  if (words.every((word) => STOP_WORDS.has(word) || GENERIC_WORDS.has(word))) return 'generic';
  if (words.length === 1 && context.commonWords.has(words[0]) && !ACTIVITY_NOUN.test(words[0])) return 'common-word';
  return 'keep';
}

/** The common words of LabelContext from a frequency list sorted most frequent first. */
export function commonWordsOf(byFrequency: readonly { word: string }[], rank = COMMON_WORD_RANK): Set<string> {
  const words = new Set<string>();
  for (const { word } of byFrequency.slice(0, rank)) if (/^[a-z]+$/.test(word)) words.add(word);
  return words;
}
