import { lexiconEntry, type ParsedText, parseText, type Token } from './text-parser.ts';

/**
 * Tokens of a phrase (a skill name, an alias, a trigger) without running the NLP pipeline: wink reads a short phrase
 * in about 15 µs, so 100,000 aliases would take seconds, while these rules take well under a microsecond each.
 *
 * The tokens are the ones text-parser gives for the same words, in the form the matcher compares ("matching tokens",
 * see `matchingTokens`): a word written with hyphens is always its parts and the hyphens ("e-commerce" → e - commerce),
 * because wink keeps some hyphenated words whole and splits others by its lexicon and lists of prefixes, and the
 * matcher must see both sides alike. Shapes these rules do not know for sure (apostrophes, abbreviations with full
 * stops, times, ordinals, currencies, addresses, letters outside Latin-1…) are left to the parser itself, one phrase
 * at a time; in the shipped taxonomy that is a few phrases in a thousand.
 */
export type PhraseToken = { value: string; glued: boolean };

/** Letters as wink's word pattern has them: ASCII, Latin-1 accented letters, combining marks. */
const L = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0300-\\u036f';
const LETTERS = new RegExp(`^[${L}]+$`);
const LETTER_LED = new RegExp(`^[${L}][${L}0-9]*$`);
const NUMBER = /^[+-]?\d+(?:[.,\-/:]\d+)*$/;
const DIGITS_THEN_LETTERS = new RegExp(`^(\\d+)([${L}]+)$`);
/** Parts joined by hyphens, the first led by a letter: "mobile-first", "RISA-3D" (split as `matchingTokens` does). */
const HYPHEN_JOINED = new RegExp(`^[${L}][${L}0-9]*(?:-[${L}0-9]+)+$`);
/** wink keeps "R&D", "AT&T" and "S&OP" whole. */
const AMPERSAND_JOINED = new RegExp(`^[${L}][${L}0-9]*(?:&[${L}0-9]+)+$`);
/** A possessive: "patient's" → patient 's, "users'" → users '. */
const POSSESSIVE = new RegExp(`^([${L}]+?)('s|(?<=s)')$`);
/**
 * Pieces wink reads as a token of their own kind wherever they stand in a chunk: times ("9am", "5hrs"), ordinals and
 * decades ("4th", "80s"), currencies ("USD", "£"), and characters of mentions, emoticons, quotes and dashes.
 */
const SPECIAL_PIECES = [
  /\d(?:[ap]\.?m|hours|hrs)/i,
  /\d(?:st|nd|rd|th|0s)|USD|AUD|INR|GBP|[$£¥€₩₹₽₿₨@:;<>\\'’`"“”‘…–—]/,
];
/** Punctuation wink splits off the start or the end of a word: "(SQL", "SQL)", "SQL,". */
const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}', ',', '!', '?']);
/** Written between two parts, these are tokens of their own: "CI/CD", "C++", "C#" (but "+17" is a number). */
const INNER_MARKS = /([/#]|\+(?!\d))/;

/** Tokens of chunks already split, for one batch of phrases: the same words come back thousands of times. */
export type ChunkMemo = Map<string, string[] | undefined>;

/**
 * The phrase's matching tokens; text-parser reads it when the rules are not sure of a shape. `memo`, shared by the
 * phrases of one batch, saves splitting a word again.
 */
export function phraseTokens(phrase: string, memo?: ChunkMemo): PhraseToken[] {
  return fastPhraseTokens(phrase, memo) ?? parsedPhraseTokens(phrase);
}

/** The phrase's tokens by the rules alone, or undefined where the parser has to read it. Exported for its test. */
export function fastPhraseTokens(phrase: string, memo?: ChunkMemo): PhraseToken[] | undefined {
  const tokens: PhraseToken[] = [];
  for (const chunk of phrase.includes('  ') || /[^\S ]/.test(phrase) ? phrase.split(/\s+/) : phrase.split(' ')) {
    if (chunk === '') continue;
    let values = memo?.get(chunk);
    if (values === undefined && !memo?.has(chunk)) {
      values = chunkTokens(chunk);
      memo?.set(chunk, values);
    }
    if (values === undefined) return undefined;
    for (let k = 0; k < values.length; k++) tokens.push({ value: values[k], glued: k > 0 });
  }
  return tokens;
}

/** A phrase as text-parser reads it, in matching tokens. */
export function parsedPhraseTokens(phrase: string): PhraseToken[] {
  return matchingTokens(parseText(phrase)).tokens.map(({ value, glued }) => ({ value, glued }));
}

/** The tokens of a whitespace-free chunk of text. */
function chunkTokens(chunk: string): string[] | undefined {
  const known = lexiconEntry(chunk);
  if (known === 'contraction') return undefined;
  // wink's number pattern wins over the lexicon's words: "01-05" stays one token even once wink has seen it.
  if (NUMBER.test(chunk)) return [chunk];
  if (known === 'word' || LETTERS.test(chunk)) return splitHyphens(chunk);
  const possessive = POSSESSIVE.exec(chunk);
  if (possessive) return [possessive[1], possessive[2]];
  if (SPECIAL_PIECES.some((pattern) => pattern.test(chunk))) return undefined;
  if (HYPHEN_JOINED.test(chunk)) return chunk.split(/(-)/);
  if (AMPERSAND_JOINED.test(chunk)) return [chunk];
  if (/^\.[A-Za-z]/.test(chunk)) return prepend('.', chunkTokens(chunk.slice(1)));
  if (chunk.length > 1 && OPENING.has(chunk[0])) return prepend(chunk[0], chunkTokens(chunk.slice(1)));
  if (chunk.length > 1 && CLOSING.has(chunk.at(-1)!)) return append(chunkTokens(chunk.slice(0, -1)), chunk.at(-1)!);
  if (chunk.length === 1) return /[&+#/(){}[\],.!?*=|%^~-]/.test(chunk) ? [chunk] : undefined;
  if (INNER_MARKS.test(chunk)) return joinParts(chunk.split(INNER_MARKS));
  if (chunk.includes('.')) return dottedWord(chunk);
  return alphanumeric(chunk);
}

/** "ES6", "k8s", "Neo4j" are one word; "3D" and "3ds" are a number and a word. */
function alphanumeric(part: string): string[] | undefined {
  if (LETTER_LED.test(part)) return [part];
  const split = DIGITS_THEN_LETTERS.exec(part);
  return split ? [split[1], split[2]] : undefined;
}

/** Parts and the marks between them ("CI", "/", "CD"); every part must be a plain word or number. */
function joinParts(pieces: string[]): string[] | undefined {
  const tokens: string[] = [];
  for (const piece of pieces) {
    if (piece === '') continue;
    if (piece.length === 1 && /[/+#]/.test(piece)) tokens.push(piece);
    else if (NUMBER.test(piece) && !piece.startsWith('-')) tokens.push(piece);
    else {
      const words = alphanumeric(piece);
      if (words === undefined) return undefined;
      tokens.push(...words);
    }
  }
  return tokens;
}

/**
 * "Node.js", "ASP.NET": words and full stops, unless a part ends an abbreviation the lexicon knows ("Inc.", "Dr.")
 * or is a single letter ("e.g.", "U.S."), which wink keeps together.
 */
function dottedWord(chunk: string): string[] | undefined {
  const parts = chunk.split('.');
  if (parts.some((part) => part.length < 2 || !LETTER_LED.test(part))) return undefined;
  if (parts.slice(0, -1).some((part) => lexiconEntry(`${part}.`) !== 'unknown')) return undefined;
  return parts.flatMap((part, k) => (k === 0 ? [part] : ['.', part]));
}

function splitHyphens(word: string): string[] {
  return HYPHENATED.test(word) ? word.split(/(-)/) : [word];
}

function prepend(value: string, rest: string[] | undefined): string[] | undefined {
  return rest && [value, ...rest];
}

function append(rest: string[] | undefined, value: string): string[] | undefined {
  return rest && [...rest, value];
}

/** A word token with hyphens between its parts: "e-commerce", "Sentinel-2", "co-design". */
const HYPHENATED = /^[^\s-]+(?:-[^\s-]+)+$/;

/**
 * The tokens the matcher compares, from a parsed text: the parser's, with each hyphenated word token split into its
 * parts and hyphens, glued together. `origin[k]` is the index in `parsed.tokens` of matching token k.
 */
export function matchingTokens(parsed: ParsedText): { tokens: Token[]; origin: number[] } {
  if (!parsed.tokens.some(isHyphenatedWord)) return { tokens: parsed.tokens, origin: parsed.tokens.map((_, k) => k) };
  const tokens: Token[] = [];
  const origin: number[] = [];
  parsed.tokens.forEach((token, index) => {
    if (!isHyphenatedWord(token)) {
      tokens.push(token);
      origin.push(index);
      return;
    }
    let start = token.start;
    token.value.split(/(-)/).forEach((value, k) => {
      tokens.push({
        ...token,
        value,
        lower: value.toLowerCase(),
        lemma: value.toLowerCase(),
        type: value === '-' ? 'punctuation' : /^\d+$/.test(value) ? 'number' : 'word',
        glued: k === 0 ? token.glued : true,
        lineStart: k === 0 && token.lineStart,
        paragraphStart: k === 0 && token.paragraphStart,
        start,
        end: start + value.length,
      });
      origin.push(index);
      start += value.length;
    });
  });
  return { tokens, origin };
}

function isHyphenatedWord(token: Token): boolean {
  return token.type === 'word' && token.value.length > 2 && token.value.includes('-') && HYPHENATED.test(token.value);
}
