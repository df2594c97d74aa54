import { isListMarker, type ParsedText, parseText, type Token } from './text-parser.ts';

/**
 * Finds known phrases (skill names and aliases, area triggers) in parsed text, as whole tokens, longest first.
 *
 * - `any-case` phrases match in any letter case, and a final word may be plural ("APIs", "dashboards").
 * - `exact-case` phrases are also ordinary lower-case words ("React", "Excel", "Slack"): matched only as written,
 *   and at the start of a sentence only as `contextual` ones are.
 * - `contextual` phrases are ordinary words or single letters ("C", "R", "Go", "Swift", "Spark"): matched only as
 *   written and only in a skills context — after "in", "with", "using"…, before "developer", "code", "scripts"…, as
 *   an item of a list, or next to another skill ("Python, R and SQL"). So "Go to market" and "Plan C" find nothing.
 */
export type MatchMode = 'any-case' | 'exact-case' | 'contextual';

export type PhraseEntry<T> = { phrase: string; target: T; mode: MatchMode };

export type PhraseMatch<T> = { target: T; firstToken: number; endToken: number; start: number };

type Candidate<T> = { words: string[]; exact: string[]; gluedAt: boolean[]; target: T; mode: MatchMode };

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

export class PhraseMatcher<T> {
  readonly #byFirstWord = new Map<string, Candidate<T>[]>();

  constructor(entries: readonly PhraseEntry<T>[]) {
    for (const entry of entries) {
      const tokens = parseText(entry.phrase).tokens;
      if (tokens.length === 0) continue;
      const candidate: Candidate<T> = {
        words: tokens.map((token) => token.lower),
        exact: tokens.map((token) => token.value),
        gluedAt: tokens.map((token) => token.glued),
        target: entry.target,
        mode: entry.mode,
      };
      const list = this.#byFirstWord.get(candidate.words[0]) ?? [];
      list.push(candidate);
      this.#byFirstWord.set(candidate.words[0], list);
    }
    // Longest first, so that "React Native" wins over "React" and "go to market" over "Go".
    for (const list of this.#byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  #candidates(token: Token): Candidate<T>[] {
    const own = this.#byFirstWord.get(token.lower) ?? [];
    const initial = /^[A-Z]\.$/.test(token.value) ? (this.#byFirstWord.get(token.lower[0]) ?? []) : [];
    return initial.length === 0 ? own : [...own, ...initial];
  }

  match(text: string | ParsedText): PhraseMatch<T>[] {
    const { tokens } = typeof text === 'string' ? parseText(text) : text;
    const found: (PhraseMatch<T> & { mode: MatchMode })[] = [];
    let i = 0;
    while (i < tokens.length) {
      const candidate = this.#candidates(tokens[i]).find((c) => matchesAt(tokens, i, c));
      if (!candidate) {
        i++;
        continue;
      }
      const end = i + candidate.words.length;
      // At the start of a sentence a capital says nothing: "React to feedback" needs the context "C" would.
      const mode = candidate.mode === 'exact-case' && startsSentence(tokens, i) ? 'contextual' : candidate.mode;
      found.push({ target: candidate.target, firstToken: i, endToken: end, start: tokens[i].start, mode });
      i = end;
    }
    const confirmed = confirmContextual(tokens, found);
    return found.filter((_, k) => confirmed[k]).map(({ mode: _mode, ...match }) => match);
  }
}

function matchesAt<T>(tokens: Token[], at: number, candidate: Candidate<T>): boolean {
  const n = candidate.words.length;
  if (at + n > tokens.length) return false;
  for (let k = 0; k < n; k++) {
    const token = tokens[at + k];
    const last = k === n - 1;
    const initial = last && n === 1 && isInitial(token, candidate.exact[k]);
    const plural = last && candidate.mode === 'any-case' && isPlural(token, candidate.words[k]);
    if (token.lower !== candidate.words[k] && !plural && !initial) return false;
    if (candidate.mode !== 'any-case' && token.value !== candidate.exact[k] && !initial) return false;
    // Inside the phrase, pieces written together must be written together ("Node.js", not "Node. js").
    if (k > 0 && candidate.gluedAt[k] && !token.glued) return false;
  }
  return !joinedBefore(tokens, at) && !joinedAfter(tokens, at + n);
}

/** wink reads a capital letter and a full stop as an initial: "with R." and "in C." end in the token "R.". */
function isInitial(token: Token, letter: string): boolean {
  return /^[A-Z]$/.test(letter) && token.value === `${letter}.`;
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

/** The phrase's last token is the head of a longer term ("C#", "C++", "C-suite", "Go-to-market"). */
function joinedAfter(tokens: Token[], end: number): boolean {
  const next = tokens[end];
  if (!next?.glued) return false;
  if (next.value === '+' || next.value === '#') return true;
  if ((next.type === 'word' || next.type === 'number') && !next.value.startsWith("'")) return true;
  return JOINERS.has(next.value) && tokens[end + 1]?.glued === true && isWordLike(tokens[end + 1]);
}

/** Which matches stand: every unambiguous one, and the contextual ones a skills context confirms. */
function confirmContextual<T>(tokens: Token[], found: (PhraseMatch<T> & { mode: MatchMode })[]): boolean[] {
  const confirmed = found.map((match) => match.mode !== 'contextual' || hasOwnContext(tokens, match));
  // A list is as much a skills context as its surest item: "C, R and Go" after "Skills:", or "Python, R and SQL".
  let changed = true;
  while (changed) {
    changed = false;
    for (let k = 0; k < found.length; k++) {
      if (confirmed[k]) continue;
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
  const between = tokens.slice(left.endToken, right.firstToken);
  return (
    between.length <= MAX_SEPARATORS && between.every((token) => SEPARATORS.has(token.lower) || isListMarker(token))
  );
}

function hasOwnContext(tokens: Token[], match: PhraseMatch<unknown>): boolean {
  const before = match.firstToken;
  const after = tokens[match.endToken];
  if (CUES_BEFORE.some((cue) => endsWith(tokens, before, cue))) return true;
  const previous = tokens[before - 1];
  if (previous?.value === ':' && LIST_HEADINGS.has(tokens[before - 2]?.lower ?? '')) return true;
  if (after && CUES_AFTER.has(after.lower)) return true;
  if (after && after.type === 'number' && /^\d{1,2}(\.\d+)*$/.test(after.value)) return true; // a version: "Go 1.22"
  // A list item of its own: "- Go" on its line.
  const itemEnds = after === undefined || after.lineStart || SEPARATORS.has(after.value);
  return previous !== undefined && isListMarker(previous) && itemEnds;
}

function endsWith(tokens: Token[], before: number, cue: string[]): boolean {
  if (before < cue.length) return false;
  return cue.every((word, k) => tokens[before - cue.length + k].lower === word);
}
