import { continuesPast, PhraseIndex, valuesOf } from './phrase-index.ts';
import { type ChunkMemo, matchingTokens, phraseTokens } from './phrase-tokens.ts';
import { isListMarker, type ParsedText, parseText, type Token } from './text-parser.ts';

/**
 * Finds known phrases (skill names and aliases, area triggers) in parsed text, as whole tokens, longest first.
 *
 * - `any-case` phrases match in any letter case, and the last of several words may be plural ("REST APIs",
 *   "sales dashboards"); a one-word phrase matches as written ("sites" is not "site").
 * - `exact-case` phrases are also ordinary lower-case words ("React", "Excel", "Slack"): matched only as written,
 *   and at the start of a sentence only as `contextual` ones are.
 * - `contextual` phrases are ordinary words or single letters ("C", "R", "Go", "Swift", "Spark"): matched only as
 *   written and only in a skills context — after "in", "with", "using"…, before "developer", "code", "scripts"…, as
 *   an item of a list, or next to another skill ("Python, R and SQL"). So "Go to market" and "Plan C" find nothing.
 * - With `stopWordsNeedContext` (the taxonomy's skills), a one-word phrase found as a word wink counts as a stop word
 *   ("go", "make", "well", "IT") needs that context too, whatever its mode: the ambiguity gate for common words among
 *   tens of thousands of open-data labels.
 *
 * The phrases live in a `PhraseIndex` built once (by first word, then the rest of the words in sorted order), walked
 * like a token trie: finding the phrases at a position costs the length of the longest phrase there, not the number
 * of phrases, so 100,000 aliases match about as fast as 2,000. Phrases are tokenised by `phraseTokens`, which gives
 * the parser's tokens without running the parser.
 */
export type MatchMode = 'any-case' | 'exact-case' | 'contextual';

export type PhraseEntry<T> = { phrase: string; target: T; mode: MatchMode };

export type PhraseMatch<T> = { target: T; firstToken: number; endToken: number; start: number };

/** A phrase, as the index holds it. */
type Candidate<T> = {
  target: T;
  mode: MatchMode;
  length: number;
  /** The tokens as written; kept only where case matters (not `any-case`) or for a single capital ("R" in "R."). */
  exact: readonly string[] | null;
  /** Positions of the tokens written with no space before them ("js" in "Node.js"). */
  gluedAt: readonly number[];
  /** Entry order, which decides between phrases of the same length. */
  order: number;
};

/** How the walk reached a phrase's last token: as written, as the plural of its word, or as an initial ("R."). */
type Route = 'word' | 'plural' | 'initial';

const NO_GLUE: readonly number[] = Object.freeze([]);

/** Words before a skill that make an ambiguous name a skill: "written in Go", "analysed with R", "e.g. Swift". */
const CUES_BEFORE = [
  'in',
  'with',
  'using',
  'use',
  'uses',
  'used',
  'via',
  'including',
  'like',
  'e.g.',
  'i.e.',
  'such as',
  'knowledge of',
  'understanding of',
  'experience of',
  'fluent',
  'speak',
  'speaks',
].map((cue) => cue.split(' '));

/** Headings that open a list of skills: "Skills: C, R". */
const LIST_HEADINGS = new Set(['skills', 'languages', 'language', 'stack', 'tools', 'technologies', 'tech', 'tooling']);

/** Words after a skill that make an ambiguous name a skill: "Go developer", "R scripts", "Spark jobs". */
const CUES_AFTER = new Set(
  (
    'programming programmer programmers language languages developer developers development engineer engineers ' +
    'engineering code coding codebase script scripts scripting backend services microservices library libraries ' +
    'module modules package packages framework frameworks sdk api apis server servers app apps application ' +
    'applications skills experience expertise dev compiler runtime stack ecosystem project projects jobs cluster ' +
    'clusters pipeline pipelines dags notebook notebooks spreadsheet spreadsheets workbook macros formulas ' +
    'speaker speakers speaking translator translation interpreter certification certified'
  ).split(' '),
);

/** Tokens that may stand between two items of one list. */
const SEPARATORS = new Set([',', '/', '&', 'and', 'or', '(', ')', ';', '|', 'plus', '-', '•', '*', '·']);
const MAX_SEPARATORS = 3;

/** Glued to a word, these make one term of it: "C#", "C++", "Go-to", "C-suite", "Type-C". */
const JOINERS = new Set(['-', '.', '_', '&', '@']);

export type MatcherOptions = { stopWordsNeedContext?: boolean };

export class PhraseMatcher<T> {
  readonly #index: PhraseIndex<Candidate<T>>;
  readonly #stopWordsNeedContext: boolean;

  constructor(entries: readonly PhraseEntry<T>[], options: MatcherOptions = {}) {
    this.#stopWordsNeedContext = options.stopWordsNeedContext ?? false;
    const memo: ChunkMemo = new Map();
    this.#index = new PhraseIndex(entries.map((entry, order) => indexed(entry, order, memo)));
  }

  match(text: string | ParsedText): PhraseMatch<T>[] {
    const parsed = typeof text === 'string' ? parseText(text) : text;
    const { tokens, origin } = matchingTokens(parsed);
    const found: (PhraseMatch<T> & { mode: MatchMode })[] = [];
    let i = 0;
    while (i < tokens.length) {
      const candidate = this.#longestAt(tokens, i);
      if (!candidate) {
        i++;
        continue;
      }
      const end = i + candidate.length;
      const mode = this.#modeAt(tokens, i, candidate);
      found.push({ target: candidate.target, firstToken: i, endToken: end, start: tokens[i].start, mode });
      i = end;
    }
    const confirmed = confirmContextual(tokens, found);
    // Positions in the parser's tokens, where a hyphenated word may be one token.
    return found
      .filter((_, k) => confirmed[k])
      .map(({ mode: _mode, ...match }) => ({
        ...match,
        firstToken: origin[match.firstToken],
        endToken: origin[match.endToken - 1] + 1,
      }));
  }

  /**
   * How sure a match is: at the start of a sentence a capital says nothing ("React to feedback" needs the context "C"
   * would), and with `stopWordsNeedContext` a one-word phrase that is a stop word ("go", "make", "IT") needs it too.
   */
  #modeAt(tokens: Token[], at: number, candidate: Candidate<T>): MatchMode {
    if (this.#stopWordsNeedContext && candidate.length === 1 && tokens[at].stop) return 'contextual';
    if (candidate.mode === 'exact-case' && startsSentence(tokens, at) && !isAcronymAt(tokens, at, candidate)) {
      return 'contextual';
    }
    return candidate.mode;
  }

  /**
   * The longest phrase that holds at `at`; of equally long ones, the first entered. Walks the text word by word while
   * some phrase goes on, so the cost is the length of the longest phrase there, not the number of phrases.
   */
  #longestAt(tokens: Token[], at: number): Candidate<T> | undefined {
    let best: Candidate<T> | undefined;
    const consider = (candidates: readonly Candidate<T>[], route: Route, word: string) => {
      for (const candidate of candidates) {
        const beaten =
          best !== undefined &&
          (candidate.length < best.length || (candidate.length === best.length && candidate.order > best.order));
        if (!beaten && matchesAt(tokens, at, candidate, route, word)) best = candidate;
      }
    };
    const first = tokens[at];
    if (/^[A-Z]\.$/.test(first.value)) {
      const letter = this.#index.bucket(first.lower[0]);
      if (letter) consider(valuesOf(letter, ''), 'initial', first.lower[0]);
    }
    const bucket = this.#index.bucket(first.lower);
    if (!bucket) return best;
    consider(valuesOf(bucket, ''), 'word', first.lower);
    let rest = '';
    for (let k = at + 1; k < tokens.length && continuesPast(bucket, rest); k++) {
      const { lower } = tokens[k];
      const before = rest === '' ? '' : `${rest} `;
      // The last of several words may be a plural: "REST APIs", "sales dashboards", "small businesses".
      if (lower.endsWith('s')) {
        const singular = lower.slice(0, -1);
        consider(valuesOf(bucket, before + singular), 'plural', singular);
        if (singular.endsWith('e')) {
          consider(valuesOf(bucket, before + singular.slice(0, -1)), 'plural', singular.slice(0, -1));
        }
      }
      rest = before + lower;
      consider(valuesOf(bucket, rest), 'word', lower);
    }
    return best;
  }
}

/** A phrase as the index keeps it: its lower-cased words, and what checking a match needs. */
function indexed<T>(entry: PhraseEntry<T>, order: number, memo: ChunkMemo): { words: string[]; value: Candidate<T> } {
  const tokens = phraseTokens(entry.phrase, memo);
  const values = tokens.map((token) => token.value);
  const gluedAt = tokens.flatMap((token, k) => (k > 0 && token.glued ? [k] : []));
  const needsExact = entry.mode !== 'any-case' || /^[A-Z]$/.test(values[0] ?? '');
  return {
    words: values.map((value) => value.toLowerCase()),
    value: {
      target: entry.target,
      mode: entry.mode,
      length: tokens.length,
      exact: needsExact ? values : null,
      gluedAt: gluedAt.length > 0 ? gluedAt : NO_GLUE,
      order,
    },
  };
}

/**
 * Whether the candidate holds at `at`. The walk has matched its words in lower case, the last one by `route`
 * (as `word`); left to check are its case, the plural, its glued pieces, and no longer term around it.
 */
function matchesAt<T>(tokens: Token[], at: number, candidate: Candidate<T>, route: Route, word: string): boolean {
  const n = candidate.length;
  const last = tokens[at + n - 1];
  if (route === 'plural' && (candidate.mode !== 'any-case' || !isPlural(last, word))) return false;
  if (route === 'initial' && (n !== 1 || !isInitial(last, candidate.exact?.[0] ?? ''))) return false;
  if (candidate.mode !== 'any-case' && route !== 'initial') {
    for (let k = 0; k < n; k++) if (tokens[at + k].value !== candidate.exact?.[k]) return false;
  }
  // Inside the phrase, pieces written together must be written together ("Node.js", not "Node. js").
  for (const k of candidate.gluedAt) if (!tokens[at + k].glued) return false;
  return !joinedBefore(tokens, at) && !joinedAfter(tokens, at + n);
}

/** wink reads a capital letter and a full stop as an initial: "with R." and "in C." end in the token "R.". */
function isInitial(token: Token, letter: string): boolean {
  return /^[A-Z]$/.test(letter) && token.value === `${letter}.`;
}

const CAPITALS = /^(?=(?:[^\p{L}]*\p{Lu}){2})[\p{Lu}\p{N}&+]+$/u;

// A capital inside a word ("CeMAP", "GitHub", "PowerPoint"): no ordinary word is written so.
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

/**
 * An acronym in capitals ("FACTS qualified", "SOAR playbooks", "AAT Level 2") says as much at the start of a sentence
 * as anywhere: an ordinary word is not written so. Unless the words after it are capitals too (a heading: "KEY FACTS
 * AND FIGURES"). So does one a bracket explains ("DPSI (Diploma in Public Service Interpreting)"), one that is a list
 * item of its own ("• DPSI"), and a term with a capital inside a word ("CeMAP (London Institute of Banking…)").
 */
function isAcronymAt<T>(tokens: Token[], at: number, candidate: Candidate<T>): boolean {
  if (candidate.exact?.some((value) => INNER_CAPITAL.test(value))) return true;
  if (!candidate.exact?.every((value) => CAPITALS.test(value))) return false;
  const next = tokens[at + candidate.length];
  if (next === undefined || next.sentence !== tokens[at].sentence) {
    const previous = tokens[at - 1];
    return previous !== undefined && isListMarker(previous);
  }
  // A code after it is no heading's word: "CPCS A40 Slinger/Signaller", "NPTC PA1".
  const headingWord = CAPITALS.test(next.value) && !/\p{N}/u.test(next.value);
  return next.value === '(' || (!headingWord && /\p{L}/u.test(next.value));
}

function startsSentence(tokens: Token[], at: number): boolean {
  const previous = tokens[at - 1];
  return previous === undefined || previous.sentence !== tokens[at].sentence || isListMarker(previous);
}

function isPlural(token: Token, word: string): boolean {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return false;
  return token.lower === `${word}s` || token.lower === `${word}es`;
}

const isWordLike = (token: Token | undefined) =>
  token !== undefined && (token.type === 'word' || token.type === 'number' || token.type === 'symbol');

/** The phrase's first token is the tail of a longer term ("Type-C", "3D", "Chart.js"). */
function joinedBefore(tokens: Token[], at: number): boolean {
  if (!tokens[at].glued || at === 0) return false;
  const previous = tokens[at - 1];
  if (previous.type === 'word' || previous.type === 'number') return true;
  return JOINERS.has(previous.value) && previous.glued && isWordLike(tokens[at - 2]);
}

/** Words that, hyphened to a skill, say the person holds it: "GDPR-aware", "PRINCE2-certified", "HACCP-trained". */
const HOLDING_SUFFIXES = new Set(
  'aware certified qualified trained accredited registered compliant approved licensed literate proficient'.split(' '),
);

/** The phrase's last token is the head of a longer term ("C#", "C++", "C-suite", "Go-to-market"). */
function joinedAfter(tokens: Token[], end: number): boolean {
  const next = tokens[end];
  if (!next?.glued) return false;
  if (next.value === '+' || next.value === '#') return true;
  const suffix = tokens[end + 1];
  const rest = tokens[end + 2];
  const suffixEnds = !rest?.glued || !(isWordLike(rest) || JOINERS.has(rest.value));
  if (next.value === '-' && suffix?.glued && HOLDING_SUFFIXES.has(suffix.lower) && suffixEnds) return false;
  if ((next.type === 'word' || next.type === 'number') && !next.value.startsWith("'")) return true;
  return JOINERS.has(next.value) && tokens[end + 1]?.glued === true && isWordLike(tokens[end + 1]);
}

// A single letter after one of these words is a grade or a class, not a skill: "category C", "Class B", "Grade A".
const GRADED_BY = new Set('category categories cat class grade type zone band level part group'.split(' '));

function isGrade(tokens: Token[], match: PhraseMatch<unknown>): boolean {
  const only = tokens[match.firstToken];
  if (match.endToken - match.firstToken !== 1 || !/^\p{L}\.?$/u.test(only.value)) return false;
  return GRADED_BY.has(tokens[match.firstToken - 1]?.lower ?? '');
}

/** Which matches stand: every unambiguous one, and the contextual ones a skills context confirms. */
function confirmContextual<T>(tokens: Token[], found: (PhraseMatch<T> & { mode: MatchMode })[]): boolean[] {
  const graded = found.map((match) => match.mode === 'contextual' && isGrade(tokens, match));
  const confirmed = found.map(
    (match, k) => !graded[k] && (match.mode !== 'contextual' || hasOwnContext(tokens, match)),
  );
  // A list is as much a skills context as its surest item: "C, R and Go" after "Skills:", or "Python, R and SQL".
  let changed = true;
  while (changed) {
    changed = false;
    for (let k = 0; k < found.length; k++) {
      if (confirmed[k] || graded[k]) continue;
      const neighbour = [k - 1, k + 1].some(
        (j) =>
          j >= 0 && j < found.length && confirmed[j] && listed(tokens, found[Math.min(j, k)], found[Math.max(j, k)]),
      );
      if (neighbour) confirmed[k] = changed = true;
    }
  }
  return confirmed;
}

function listed(tokens: Token[], left: PhraseMatch<unknown>, right: PhraseMatch<unknown>): boolean {
  const between = withoutNote(tokens.slice(left.endToken, right.firstToken));
  return (
    between.length <= MAX_SEPARATORS && between.every((token) => SEPARATORS.has(token.lower) || isListMarker(token))
  );
}

/** A short note in brackets after an item ("English (fluent), Afrikaans", "Python (5 years), R") is part of it. */
const MAX_NOTE_TOKENS = 6;

function withoutNote(between: Token[]): Token[] {
  if (between[0]?.value !== '(') return between;
  const close = between.findIndex((token) => token.value === ')');
  if (close < 0 || close > MAX_NOTE_TOKENS + 1) return between;
  return between.slice(close + 1);
}

/** Level words a CV writes after a skill, a spoken language above all: "Irish – conversational", "Czech (B2)". */
const LEVEL_WORDS = new Set(
  'fluent native conversational bilingual basic intermediate advanced proficient beginner expert a1 a2 b1 b2 c1 c2'.split(
    ' ',
  ),
);
const LEVEL_GAP = new Set(['(', '–', '—', '-', ':', ',']);

/** A level right after the match, maybe after a note in brackets: "Irish (Gaeilge) – conversational, B1". */
function levelAfter(tokens: Token[], end: number): boolean {
  let at = end;
  if (tokens[at]?.value === '(') {
    const close = tokens.slice(at, at + MAX_NOTE_TOKENS + 2).findIndex((token) => token.value === ')');
    if (close > 0 && !LEVEL_WORDS.has(tokens[at + 1]?.lower ?? '')) at += close + 1;
  }
  while (at < end + MAX_NOTE_TOKENS + 4 && LEVEL_GAP.has(tokens[at]?.value ?? '')) at++;
  const word = tokens[at];
  return word !== undefined && word.sentence === tokens[end - 1].sentence && LEVEL_WORDS.has(word.lower);
}

function hasOwnContext(tokens: Token[], match: PhraseMatch<unknown>): boolean {
  const before = match.firstToken;
  const after = tokens[match.endToken];
  if (CUES_BEFORE.some((cue) => endsWith(tokens, before, cue))) return true;
  const previous = tokens[before - 1];
  if (previous?.value === ':' && LIST_HEADINGS.has(tokens[before - 2]?.lower ?? '')) return true;
  if (after && CUES_AFTER.has(after.lower)) return true;
  if (levelAfter(tokens, match.endToken)) return true;
  if (OWN_LANGUAGE_AFTER.some((cue) => startsWith(tokens, match.endToken, cue))) return true;
  if (after && after.type === 'number' && /^\d{1,2}(\.\d+)*$/.test(after.value)) return true; // a version: "Go 1.22"
  // A list item of its own: "- Go" on its line.
  const itemEnds = after === undefined || after.lineStart || SEPARATORS.has(after.value);
  return previous !== undefined && isListMarker(previous) && itemEnds;
}

// A language the sentence says is the person's own: "Welsh is my first language", "Polish is my mother tongue".
const OWN_LANGUAGE_AFTER = ['first language', 'native language', 'home language', 'mother tongue', 'main language'].map(
  (words) => ['is', 'my', ...words.split(' ')],
);

function startsWith(tokens: Token[], at: number, cue: string[]): boolean {
  return cue.every((word, k) => tokens[at + k]?.lower === word);
}

function endsWith(tokens: Token[], before: number, cue: string[]): boolean {
  if (before < cue.length) return false;
  return cue.every((word, k) => tokens[before - cue.length + k].lower === word);
}
