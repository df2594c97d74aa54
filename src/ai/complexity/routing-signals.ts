import { extractBriefParts, isInstruction } from '../brief/brief-parts.ts';
import { Terms } from '../brief/terms.ts';
import { isListMarker, type ParsedText, type Sentence, type Token } from '../taxonomy/text-parser.ts';

/**
 * What decides between a community discussion and team execution, read from the brief's own wording:
 *
 * - community asks: the brief wants names, slogans, feedback on a concept, answers to an open question ("how might
 *   we…"), ideas, or is still exploring — whatever its length;
 * - team structure: the brief lays out phases, lists several pieces of work, sets a deadline or a budget.
 *
 * Each signal keeps the plain words the reasoning uses ("asks for name ideas", "lays out 3 phases").
 */
export type CommunityAsk = {
  kind: AskKind;
  /** Completes "The brief …": "asks for name ideas". */
  label: string;
  /** The sentence that asks it, as written. */
  sentence: string;
};

export type AskKind = 'names' | 'slogans' | 'feedback' | 'choice' | 'open question' | 'ideas' | 'exploring';

export type TeamStructure = {
  /** Distinct phases, stages or milestones the brief names ("Phase 1", "Phase 2", "Milestone 3"). */
  phases: number;
  /**
   * Pieces of work it lists: items of its bulleted or numbered lists that are not questions, and the longest run of
   * three or more comma-separated items in one "we need…" sentence ("a gallery layout, display cases, and panels").
   */
  listedPieces: number;
  deadline: boolean;
  budget: boolean;
  /** It asks for a quote or a tender: work to be priced and delivered. */
  quote: boolean;
};

const ASKS: { kind: AskKind; label: string; terms: Terms }[] = [
  {
    kind: 'names',
    label: 'asks for name ideas',
    terms: new Terms([
      'names? for',
      'names? ideas?',
      'for a name',
      'for a new name',
      'a new name',
      'naming',
      'what (should|shall|could) we call',
      'what to call',
      'call it',
      'name (our|the|this|it)',
      '(better|new|catchy|good) name',
      '(need|needs|want|wants) a name',
      'renam(e|ing)',
    ]),
  },
  {
    kind: 'slogans',
    label: 'asks for a slogan or tagline',
    terms: new Terms(['slogans?', 'hashtags?', 'taglines?', 'straplines?', 'mottos?', 'catchphrases?', 'jingles?']),
  },
  {
    kind: 'feedback',
    label: 'asks for feedback on a concept',
    terms: new Terms([
      'feedback on',
      'honest feedback',
      'your feedback',
      'what do you think',
      'what you think',
      'thoughts on',
      'your thoughts',
      'opinions? on',
      'your opinions?',
      'your views',
      'views on',
      'would you (use|buy|join|come|pay|sign)',
      'first impressions?',
      'gut reactions?',
    ]),
  },
  {
    kind: 'open question',
    label: 'asks an open question',
    terms: new Terms([
      'how (might|can|could|should|do) we',
      'how would you',
      'what (would|could|can|should) (we|you)',
      'what would (make|help)',
      'in what ways',
      'has anyone',
      'have you (seen|tried)',
    ]),
  },
  {
    kind: 'choice',
    label: 'asks people to choose between options',
    terms: new Terms(['help us (choose|pick|decide)', '(do|would) you prefer', 'which (one|option|version|design)']),
  },
  {
    kind: 'ideas',
    label: 'asks for ideas and suggestions',
    terms: new Terms([
      'ideas?',
      'suggestions?',
      'brainstorm*',
      'open to (any|all|suggestions|ideas)',
      'share your',
      'any thoughts',
      'hear (from|your)',
      'tips',
      'inspiration',
    ]),
  },
  {
    kind: 'exploring',
    label: 'is still exploring, with no fixed plan',
    terms: new Terms([
      'explor(e|ing)',
      'thinking (of|about)',
      'considering',
      'no plans? yet',
      'not sure',
      'wondering',
      'curious',
      'early (stage|stages|days)',
      'before we commit',
    ]),
  },
];

const QUOTE = new Terms(['quote for', '(send|give) us a quote', 'tender', 'statement of work', 'scope of work']);

const PHASE = /\b(phase|stage|sprint|milestone|step)\s+(\d+|one|two|three|four|five|six|[ivx]+)\b/gi;
/** Phases written as headings without a number ("Discovery phase:") are counted by their word. */
const PHASE_WORD = /\b(\w+)\s+(phase|stage)\s*[:–—-]/gi;

/**
 * The kinds of community ask the text makes, each once with the first sentence that makes it. A question that opens
 * with "how", "what", "which", "why"… is an open question whoever it addresses ("How can small museums attract
 * teenagers?").
 */
export function readCommunityAsks(parsed: ParsedText): CommunityAsk[] {
  const asks: CommunityAsk[] = [];
  const sentenceOf = (token: number) => parsed.sentences[parsed.tokens[token].sentence].text.trim();
  for (const { kind, label, terms } of ASKS) {
    const hit = terms.hits(parsed.tokens)[0];
    const question = kind === 'open question' ? openQuestion(parsed) : undefined;
    if (hit) asks.push({ kind, label, sentence: sentenceOf(hit.first) });
    else if (question) asks.push({ kind, label, sentence: question.text.trim() });
  }
  return asks;
}

function openQuestion(parsed: ParsedText) {
  return parsed.sentences.find((sentence) => {
    const tokens = parsed.tokens.slice(sentence.firstToken, sentence.endToken);
    const first = tokens.find((token) => token.type === 'word');
    if (tokens.at(-1)?.value !== '?' || first === undefined) return false;
    if (asksForADoer(tokens)) return false;
    if (QUESTION_WORDS.has(first.lower)) return true;
    // "Should we charge…?", "Would parents still come…?": a choice put to the readers, not a request for work.
    return OPINION_OPENERS.has(first.lower) && tokens.some((token) => PEOPLE_ASKED.has(token.lower));
  });
}

/** `text` is the brief as written (phases are read from its lines), `parsed` the same text parsed. */
export function readTeamStructure(text: string, parsed: ParsedText): TeamStructure {
  const parts = extractBriefParts(parsed);
  return {
    phases: countPhases(text),
    listedPieces: countListedPieces(parsed.tokens) + inlinePieces(parsed),
    deadline: parts.hasDeadline,
    budget: parts.hasBudget,
    quote: QUOTE.has(parsed.tokens),
  };
}

function countPhases(text: string): number {
  const names = new Set<string>();
  for (const match of text.matchAll(PHASE)) names.add(`${match[1]} ${match[2]}`.toLowerCase());
  for (const match of text.matchAll(PHASE_WORD)) names.add(`${match[1]} ${match[2]}`.toLowerCase());
  return names.size;
}

/** A list item is a line that starts with a marker; one that ends with a question mark is a question, not work. */
function countListedPieces(tokens: Token[]): number {
  let pieces = 0;
  for (let i = 0; i < tokens.length; i++) {
    const marker = listMarkerLength(tokens, i);
    if (marker === 0) continue;
    let end = i + marker;
    while (end < tokens.length && !tokens[end].lineStart) end++;
    const words = tokens.slice(i + marker, end).filter((token) => token.type === 'word').length;
    if (words >= 2 && tokens[end - 1].value !== '?') pieces++;
  }
  return pieces;
}

/** "-", "•" or "1." / "2)" at the start of a line: how many tokens the marker takes, 0 when there is none. */
function listMarkerLength(tokens: Token[], at: number): number {
  if (isListMarker(tokens[at])) return 1;
  const numbered =
    tokens[at].lineStart && /^\d{1,2}$/.test(tokens[at].value) && /^[.)]$/.test(tokens[at + 1]?.value ?? '');
  return numbered ? 2 : 0;
}

/** A sentence that asks for work to be delivered (an instruction counts too: "Audit our app, write a report…"). */
const WORK_REQUEST = new Terms([
  '(we|i) (need|want|require)',
  "(we|i) (would|'d) like",
  "(we|i) (are|'re|am|'m) (looking|asking) for",
  '(we|i) (also|still|really|urgently|now|just) (need|want|require)',
  // Informal notes drop the "we": "need someone to choreograph…", "looking for somebody to…".
  'need (someone|somebody)',
  'looking for (someone|somebody)',
  'needs',
  'requires',
  'quote for',
  'deliverables',
  // What the work asked means, spelled out: "That means taking down all holds, washing them, setting…",
  // "It should cover the licence conditions, …".
  '(that|this|which) (means|involves|includes)',
  '(it|this|that) (should|must|will) (cover|include)',
]);
/**
 * Wanting to know or to hear is asking for answers, not for work: "We would like to know how many people use it", and
 * the same restated as an objective, "Know roughly how many people use it".
 */
const WANT_TO_KNOW = new Terms([
  "(we|i) (would|'d) like to (know|hear|learn)",
  '(we|i) (want|need) to (know|hear|learn)',
]);
const KNOWING = new Set(['know', 'hear', 'learn']);

function asksToKnow(parsed: ParsedText, { firstToken, endToken }: Sentence): boolean {
  const first = parsed.tokens.slice(firstToken, endToken).find((token) => token.type === 'word');
  return (first !== undefined && KNOWING.has(first.lower)) || WANT_TO_KNOW.has(parsed.tokens, firstToken, endToken);
}
const QUESTION_WORDS = new Set(['what', 'how', 'why', 'who', 'when', 'where', 'which', 'whether']);
const OPINION_OPENERS = new Set(['should', 'would', 'could', 'is', 'are', 'do', 'does']);
const PEOPLE_ASKED = new Set(['we', 'you', 'people', 'parents', 'anyone', 'residents', 'members', 'customers']);
const SEPARATORS = new Set([',', ';', ':']);
const CONJUNCTIONS = new Set(['and', 'or', 'plus', 'then']);
const MIN_INLINE_PIECES = 3;

/**
 * "We need a designer to create the layout, display cases for the firearms, and panel text": three pieces; "Audit
 * the app, write a report and fix the critical issues": three. A sentence is cut at commas, semicolons and colons, and
 * at "and"/"or" before a verb; a piece is a verb with what follows, or two words or more that are not a question.
 */
function inlinePieces(parsed: ParsedText): number {
  let most = 0;
  for (const sentence of parsed.sentences) {
    const tokens = parsed.tokens.slice(sentence.firstToken, sentence.endToken);
    const doer = asksForADoer(tokens);
    if (tokens.at(-1)?.value === '?' && !doer) continue;
    const asked =
      doer || isInstruction(tokens) || WORK_REQUEST.has(parsed.tokens, sentence.firstToken, sentence.endToken);
    if (!asked || asksToKnow(parsed, sentence)) continue;
    // After a colon, single nouns are items too: "…in October: venue, catering, auction and sponsorship".
    const colon = tokens.findIndex((token) => token.value === ':');
    const pieces = segments(tokens).filter((segment) => {
      const words = segment.filter((token) => token.type === 'word');
      const [first, second] = words;
      // "what would you…" asks; "how to carry wheelchair users safely", "what to do after an accident" name a topic,
      // and "Who can inspect the roof, …" opens a request for work.
      const asking = QUESTION_WORDS.has(first?.lower ?? '') && second?.lower !== 'to' && !doer;
      if (!first || asking) return false;
      const listed = colon >= 0 && segment[0].start > tokens[colon].start && first.pos === 'NOUN';
      return first.pos === 'VERB' || listed || words.length >= 2;
    });
    if (pieces.length >= MIN_INLINE_PIECES) most = Math.max(most, pieces.length);
  }
  return most;
}

function segments(tokens: Token[]): Token[][] {
  const cut: Token[][] = [[]];
  tokens.forEach((token, i) => {
    const beforeVerb = CONJUNCTIONS.has(token.lower) && tokens[i + 1]?.pos === 'VERB';
    if (SEPARATORS.has(token.value) || beforeVerb) cut.push([]);
    else if (!CONJUNCTIONS.has(token.lower) || cut.at(-1)!.length > 0) cut.at(-1)!.push(token);
  });
  return cut.filter((segment) => segment.length > 0);
}

/** Modals that ask someone to do something when a doer follows: "Can anyone…?", "Could you…?", "Would someone…?". */
const DOER_MODALS = new Set(['can', 'could', 'will', 'would']);
const DOERS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'you']);
/**
 * What a reader is asked to give a view by, not work: "Would you use…?", "Could anyone recommend…?", "Can you tell us…?",
 * "Would you be interested…?" stay questions to the crowd.
 */
const VIEW_VERBS = new Set(
  (
    'use buy join come go attend visit pay sign prefer like want choose pick vote recommend suggest tell share think ' +
    'imagine say see tolerate mind consider be have know explain advise'
  ).split(' '),
);

/**
 * A question that asks a doer for work: "Can anyone make our magazine searchable?", "Could someone run the scans…?",
 * "Who can fit a new boiler?". Such a question commissions the work it names; it is not an open question to the crowd.
 */
export function asksForADoer(tokens: readonly Token[]): boolean {
  if (tokens.at(-1)?.value !== '?') return false;
  const words = tokens.filter((token) => token.type === 'word');
  const [first, second, third] = words;
  if (!first || !second || !third) return false;
  if (first.lower === 'who' && DOER_MODALS.has(second.lower)) return !VIEW_VERBS.has(third.lower);
  return DOER_MODALS.has(first.lower) && DOERS.has(second.lower) && !VIEW_VERBS.has(third.lower);
}
