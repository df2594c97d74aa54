import type { Token } from '../taxonomy/text-parser.ts';

/**
 * A list of phrases matched against tokens by their written form, with the inflections spelled out in the phrase
 * itself, because wink's lemmas miss many of them ("scraped" becomes "scrap", "hiding" stays a noun):
 *
 * - `scrap(e|ed|er|ing)` — a word written with its forms, as a regular expression over the whole token;
 * - `harvest*` — any ending;
 * - `#` — any number ("over 50");
 * - `?` — any one token ("without ? consent");
 * - `~look`, `~(look|seem)` — any form wink reads as that lemma ("looks", "looked", "looking"), or the word as
 *   written where wink misses the lemma.
 *
 * Phrases are short (one to four tokens) and the lists small; phrases are looked up by their first word where it is
 * written out, and a text is scanned once per list however many sentences a rule asks about.
 */
export type TermHit = { first: number; end: number; phrase: string };

type Step = (token: Token) => boolean;

type Phrase = { phrase: string; steps: Step[] };

export class Terms {
  /** Phrases by the letters their first word can start with; those that start with `#` or `?` are tried everywhere. */
  readonly #byFirstLetter = new Map<string, Phrase[]>();
  readonly #open: Phrase[] = [];
  /** The hits in a whole text, found once: rules ask about the same text sentence by sentence. */
  readonly #found = new WeakMap<readonly Token[], TermHit[]>();

  readonly phrases: readonly string[];

  constructor(phrases: readonly string[]) {
    this.phrases = phrases;
    for (const phrase of phrases) {
      for (const parts of spellings(phrase)) {
        const entry = { phrase, steps: parts.map(stepFor) };
        const letters = firstLetters(parts[0]);
        if (letters.length === 0) this.#open.push(entry);
        for (const letter of letters)
          this.#byFirstLetter.set(letter, [...(this.#byFirstLetter.get(letter) ?? []), entry]);
      }
    }
  }

  /** One list of the phrases of several: a concept that is any of them. */
  static union(...lists: Terms[]): Terms {
    return new Terms(lists.flatMap((list) => list.phrases));
  }

  /** Every place a phrase starts and ends within tokens[from, to). */
  hits(tokens: readonly Token[], from = 0, to = tokens.length): TermHit[] {
    let found = this.#found.get(tokens);
    if (!found) {
      found = this.#scan(tokens);
      this.#found.set(tokens, found);
    }
    return found.filter((hit) => hit.first >= from && hit.end <= to);
  }

  has(tokens: readonly Token[], from = 0, to = tokens.length): boolean {
    return this.hits(tokens, from, to).length > 0;
  }

  #scan(tokens: readonly Token[]): TermHit[] {
    const found: TermHit[] = [];
    for (let i = 0; i < tokens.length; i++) {
      for (const candidates of [this.#byFirstLetter.get(written(tokens[i])[0]), this.#open]) {
        for (const { phrase, steps } of candidates ?? []) {
          if (i + steps.length > tokens.length) continue;
          if (steps.every((step, k) => step(tokens[i + k]))) found.push({ first: i, end: i + steps.length, phrase });
        }
      }
    }
    return found;
  }
}

const HYPHENATED = /^[a-z]+(-[a-z*]+)+$/;

/**
 * The token sequences a phrase is matched as. wink usually splits a hyphenated word ("knock-off", "e-mail") into the
 * parts and the hyphen, but not always: "anti-money" before "laundering" stays one token, while "proof-of-funds" is
 * split. A phrase with a hyphenated word is read both ways, so a guard such as "anti-money" holds however the tagger
 * cut it.
 */
function spellings(phrase: string): string[][] {
  const split = phrase.split(' ').flatMap((word) => (HYPHENATED.test(word) ? word.split(/(-)/) : [word]));
  const whole = phrase.split(' ');
  return whole.length === split.length ? [whole] : [split, whole];
}

/** The letters a word of a phrase can start with: "collect*" → c, "(we|i)" → w, i; none for `#` and `?`. */
function firstLetters(word: string): string[] {
  if (word === '#' || word === '?') return [];
  // A lemma's inflections may start with another letter ("is" for "be"), so a lemma step is tried everywhere.
  if (word.startsWith('~')) return [];
  if (!word.startsWith('(')) return [word[0]];
  return [
    ...new Set(
      word
        .slice(1, word.indexOf(')'))
        .split('|')
        .map((alternative) => alternative[0]),
    ),
  ];
}

function isLiteral(word: string): boolean {
  return word !== '#' && !/[*()|?~]/.test(word);
}

/** A token as phrases spell it: a typographic apostrophe ("ex-husband’s") written as a straight one. */
function written(token: Token): string {
  return token.lower.replaceAll('\u2019', "'");
}

function stepFor(word: string): Step {
  if (word === '?') return () => true;
  if (word === '#') return (token) => token.type === 'number' || /^\d[\d,.]*$/.test(token.value);
  if (word.startsWith('~')) {
    const lemma = patternOf(word.slice(1));
    return (token) => lemma.test(token.lemma) || lemma.test(written(token));
  }
  if (isLiteral(word)) return (token) => written(token) === word;
  const pattern = patternOf(word);
  return (token) => pattern.test(written(token));
}

/**
 * `*` is any run of letters, apostrophes and hyphens. Every wildcard but the last is bounded (30 characters, longer
 * than any word part): two unbounded runs around a literal ("anti*counterfeit*") backtrack quadratically on a long
 * token that repeats the literal.
 */
function patternOf(word: string): RegExp {
  const parts = word.split('*');
  const last = parts.length - 1;
  return new RegExp(
    `^${parts.map((part, i) => (i === 0 ? part : `${i === last ? "[a-z'-]*" : "[a-z'-]{0,30}"}${part}`)).join('')}$`,
  );
}
