import { createRequire } from 'node:module';
import type WinkFn from 'wink-nlp';
import type { Model, Document as WinkDoc, WinkMethods } from 'wink-nlp';

/**
 * Text as the offline analyzers read it: wink-nlp's tokens (with lemma, part of speech and stop-word flag), the
 * sentences they form, and the entities (dates, money, percentages, URLs) it recognises. Parsed once per text and
 * shared by every rule that reads it.
 */
export type Token = {
  /** As written. */
  value: string;
  lower: string;
  lemma: string;
  /** wink's token type: word, number, punctuation, symbol, url, email, currency, hashtag, emoticon, … */
  type: string;
  pos: string;
  stop: boolean;
  /** Written with no space before it ("js" in "Node.js", "#" in "C#"). */
  glued: boolean;
  /** First token of a line (the text starts, or a line break precedes it). */
  lineStart: boolean;
  /** A blank line precedes it. */
  paragraphStart: boolean;
  /** Character offsets in the text. */
  start: number;
  end: number;
  /** Index in `ParsedText.sentences`. */
  sentence: number;
};

export type Entity = { type: string; value: string; firstToken: number; lastToken: number };

export type Sentence = {
  index: number;
  /** The sentence as written, without a leading list marker. */
  text: string;
  firstToken: number;
  /** Exclusive. */
  endToken: number;
  entities: Entity[];
};

export type ParsedText = { text: string; tokens: Token[]; sentences: Sentence[]; entities: Entity[] };

let nlp: WinkMethods | undefined;

/**
 * wink and its English model take a quarter of a second to load, so they are loaded on first use, once per process,
 * not by every process that merely imports the taxonomy (the server at start-up, the CLI, most tests). Both are
 * CommonJS packages, which is what lets a synchronous require load them lazily.
 */
export function engine(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkFn;
    nlp = winkNLP(require('wink-eng-lite-web-model') as Model);
  }
  return nlp;
}

let lexicon: WinkDoc | undefined;

/**
 * What wink's lexicon says of a word, as its tokenizer consults it: unknown, a word, or a contraction (which it splits,
 * "cannot" → "can" "not"). `isLexeme` answers with the lexicon entry's ids, one per part of a contraction, though its
 * type declaration says boolean.
 */
export function lexiconEntry(word: string): 'unknown' | 'word' | 'contraction' {
  lexicon ??= engine().readDoc('');
  const entry = lexicon.isLexeme(word) as unknown;
  if (!entry) return 'unknown';
  return Array.isArray(entry) && entry.length > 1 ? 'contraction' : 'word';
}

const LIST_MARKERS = new Set(['-', '*', '•', '–', '—', '·', '>', '+']);

export function isListMarker(token: Token): boolean {
  return token.lineStart && LIST_MARKERS.has(token.value);
}

/**
 * wink's tokenizer splits a word from its punctuation a character at a time, rescanning the rest of the word each time:
 * its time grows with the square of a word's length or worse (4,000 digits took 3 s, a 64 KB run of dots never ended).
 * No word, number or link a rule reads is this long, so a longer run without a space is handed to wink in pieces of
 * 100 characters (the tokens are then found in the text as written, so offsets are unchanged).
 */
const OVERLONG_WORD = /\S{100}(?=\S)/g;
/**
 * wink's link pattern backtracks exponentially on a long host of short dotted labels ("//0.APP.PPP.P…": 62 characters
 * took 8 s). A host of more than 32 characters is no real one in a CV or a brief, so such a "//" is cut from what
 * follows it, which then is no link to wink (the type "url" is read by no rule). Hosts are found as runs of host
 * characters, each checked for the "//" before it: a lookahead of 33 characters is more than recheck can prove linear.
 */
const HOST_RUN = /[^\s/?#]+/g;
const MAX_HOST = 32;

function withoutOverlongHosts(text: string): string {
  return text.replace(HOST_RUN, (host, at: number) =>
    host.length > MAX_HOST && text.startsWith('//', at - 2) ? ` ${host}` : host,
  );
}

/** The text as handed to wink: the same tokens, less the shapes its tokenizer cannot read in linear time. */
function winkInput(text: string): string {
  return withoutOverlongHosts(text.replace(OVERLONG_WORD, '$& '));
}

export function parseText(text: string): ParsedText {
  const nlp = engine();
  const its = nlp.its;
  const doc = nlp.readDoc(winkInput(text));
  const values = doc.tokens().out(its.value) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  // wink's type declarations give its.lemma a signature out() does not accept, though it works like its.value.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as boolean[];

  // wink's sentence of each of its tokens, so that line-break tokens can be dropped and offsets recomputed.
  const winkSentenceOf: number[] = [];
  doc.sentences().each((sentence, index) => {
    const length = sentence.tokens().length();
    for (let k = 0; k < length; k++) winkSentenceOf.push(index);
  });

  const tokens: Token[] = [];
  const winkSentence: number[] = [];
  const ownIndex: number[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    // Line breaks are tokens in wink; here they are what separates tokens, read from the text between them.
    if (types[i] === 'tabCRLF') {
      ownIndex.push(tokens.length);
      continue;
    }
    const found = text.indexOf(values[i], cursor);
    const start = found === -1 ? cursor : found;
    const end = found === -1 ? cursor : found + values[i].length;
    const between = text.slice(cursor, start);
    // The text's start counts as a line start.
    const breaks = (tokens.length === 0 ? 1 : 0) + (between.match(/\n/g) ?? []).length;
    ownIndex.push(tokens.length);
    winkSentence.push(winkSentenceOf[i] ?? 0);
    tokens.push({
      value: values[i],
      lower: values[i].toLowerCase(),
      lemma: (lemmas[i] ?? values[i]).toLowerCase(),
      type: types[i],
      pos: pos[i],
      stop: stops[i],
      glued: tokens.length > 0 && spaces[i] === '' && between === '',
      lineStart: breaks > 0,
      paragraphStart: tokens.length > 0 && breaks > 1,
      start,
      end,
      sentence: 0,
    });
    cursor = end;
  }

  const entities: Entity[] = [];
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const details = doc.entities().out(its.detail) as unknown as { type: string; value: string }[];
  spans.forEach(([first, last], k) => {
    entities.push({
      type: details[k].type,
      value: details[k].value,
      firstToken: ownIndex[first],
      lastToken: ownIndex[last],
    });
  });

  const sentences = splitSentences(text, tokens, winkSentence, entities);
  return { text, tokens, sentences, entities };
}

/**
 * wink's sentences, corrected for how briefs and CVs are written: a break inside "Node.js" or "www.x.org" (no space
 * after the full stop) is undone, and list items, lines after a heading or a line ending in ":", and paragraphs are
 * sentences of their own even without a full stop.
 */
function splitSentences(text: string, tokens: Token[], winkSentence: number[], entities: Entity[]): Sentence[] {
  const sentences: Sentence[] = [];
  let first = 0;
  let lineBegin = 0;
  for (let i = 1; i <= tokens.length; i++) {
    const boundary = i === tokens.length || startsSentence(tokens, winkSentence, i, lineBegin);
    if (i < tokens.length && tokens[i].lineStart) lineBegin = i;
    if (!boundary) continue;
    const bodyStart = i - first > 1 && isListMarker(tokens[first]) ? first + 1 : first;
    const index = sentences.length;
    for (let k = first; k < i; k++) tokens[k].sentence = index;
    sentences.push({
      index,
      text: text
        .slice(tokens[bodyStart].start, tokens[i - 1].end)
        .replace(/\s+/g, ' ')
        .trim(),
      firstToken: first,
      endToken: i,
      entities: [],
    });
    first = i;
  }
  // Each entity to the sentence of its first token, in one pass (filtering all entities per sentence was quadratic).
  for (const entity of entities) {
    const token = tokens[entity.firstToken];
    if (token) sentences[token.sentence].entities.push(entity);
  }
  return sentences;
}

const HEADING_MAX_TOKENS = 6;

function startsSentence(tokens: Token[], winkSentence: number[], i: number, previousLineBegin: number): boolean {
  const token = tokens[i];
  const previous = tokens[i - 1];
  if (token.lineStart) {
    if (token.paragraphStart || isListMarker(token) || /^\d+[.)]?$/.test(token.value)) return true;
    if ([':', ';', '.', '!', '?'].includes(previous.value)) return true;
    // A short line without final punctuation followed by a capitalised line: a heading ("Skills", "What we need").
    return /^[A-Z]/.test(token.value) && i - previousLineBegin <= HEADING_MAX_TOKENS;
  }
  return winkSentence[i] !== winkSentence[i - 1] && !token.glued;
}
