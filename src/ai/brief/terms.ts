import type { Token } from '../taxonomy/text-parser.ts';

/**
 * A list of phrases matched against tokens by their written form, with the inflections spelled out in the phrase
 * itself, because wink's lemmas miss many of them ("scraped" becomes "scrap", "hiding" stays a noun):
 *
 * - `scrap(e|ed|er|ing)` — a word written with its forms, as a regular expression over the whole token;
 * - `harvest*` — any ending;
 * - `#` — any number ("over 50");
 * - `?` — any one token ("without ? consent").
 *
 * Phrases are short (one to four tokens) and the lists small, so a scan over a brief's tokens is cheap.
 */
export type TermHit = { first: number; end: number; phrase: string };

type Step = (token: Token) => boolean;

export class Terms {
  readonly #phrases: { phrase: string; steps: Step[] }[];

  constructor(phrases: readonly string[]) {
    this.#phrases = phrases.map((phrase) => ({ phrase, steps: words(phrase).map(stepFor) }));
  }

  /** Every place a phrase starts in tokens[from, to). */
  hits(tokens: readonly Token[], from = 0, to = tokens.length): TermHit[] {
    const found: TermHit[] = [];
    for (let i = from; i < to; i++) {
      for (const { phrase, steps } of this.#phrases) {
        if (i + steps.length > to) continue;
        if (steps.every((step, k) => step(tokens[i + k]))) found.push({ first: i, end: i + steps.length, phrase });
      }
    }
    return found;
  }

  has(tokens: readonly Token[], from = 0, to = tokens.length): boolean {
    return this.hits(tokens, from, to).length > 0;
  }
}

/** wink splits a hyphenated word ("knock-off", "e-mail") into the parts and the hyphen. */
function words(phrase: string): string[] {
  return phrase.split(' ').flatMap((word) => (/^[a-z]+(-[a-z*]+)+$/.test(word) ? word.split(/(-)/) : [word]));
}

function stepFor(word: string): Step {
  if (word === '?') return () => true;
  if (word === '#') return (token) => token.type === 'number' || /^\d[\d,.]*$/.test(token.value);
  if (!/[*()|?]/.test(word)) return (token) => token.lower === word;
  const pattern = new RegExp(`^${word.replaceAll('*', "[a-z'-]*")}$`);
  return (token) => pattern.test(token.lower);
}
