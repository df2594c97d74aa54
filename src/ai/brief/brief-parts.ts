import type { Entity, ParsedText, Sentence, Token } from '../taxonomy/text-parser.ts';
import { findStakeholders } from './stakeholders.ts';

/**
 * The parts of a brief, read sentence by sentence: what is wanted (objectives), the limits (constraints), how success
 * is judged, what could go wrong, who is involved, and the rest (context). A sentence is placed by its wording — cue
 * phrases such as "we need", "must", "by <date>", "measured by" — or, in a list, by the heading above it
 * ("Constraints:", "Success looks like:").
 */
export type BriefParts = {
  objectives: string[];
  constraints: string[];
  successCriteria: string[];
  risks: string[];
  stakeholders: string[];
  context: string[];
  /** A constraint names a date the work must meet. */
  hasDeadline: boolean;
  /** A constraint names an amount of money. */
  hasBudget: boolean;
};

type Kind = 'objective' | 'constraint' | 'success' | 'risk' | 'context';

type Cue = { words: string[]; weight: number };

const cues = (weight: number, phrases: string[]): Cue[] => phrases.map((p) => ({ words: p.split(' '), weight }));

const CUES: Record<Kind, Cue[]> = {
  objective: [
    ...cues(2.5, ['we need', 'we want', 'we would like', 'we are looking for', 'looking for', 'our goal', 'the goal']),
    ...cues(2, ['goal is', 'our aim', 'the aim', 'we aim', 'aim to', 'objective', 'we hope to', 'we plan to']),
    ...cues(2, ['we intend', 'we wish', 'help us', 'we require', 'deliverable', 'deliverables', 'we are seeking']),
    ...cues(2, ['that means', 'this means', 'this includes', 'we will need', 'we would love']),
    ...cues(1.5, ['want to', 'wants to', 'would like', 'need a', 'needs a', 'need to', 'needs to']),
    // "We are not looking for a single product": what is not wanted is no objective.
    ...cues(-2.5, ['not looking for', 'not asking for', 'do not want', 'do not need']),
  ],
  constraint: [
    ...cues(2, ['must', 'have to', 'has to', 'budget', 'deadline', 'no later than', 'at most', 'no more than']),
    ...cues(2, ['not exceed', 'comply', 'compliant', 'gdpr', 'is required', 'are required', 'by law', 'continue with']),
    ...cues(1.5, ['within', 'only', 'limited', 'existing', 'legacy', 'restricted', 'maximum', 'minimum', 'constraint']),
    ...cues(1.5, ['run on', 'work on', 'stack', 'on a shoestring', 'part-time', 'volunteer-run', 'capped']),
    ...cues(1, ['cannot', 'can not', 'no budget']),
  ],
  success: [
    ...cues(2, ['success', 'successful', 'succeed', 'measure', 'measured', 'kpi', 'metric', 'target', 'we will know']),
    ...cues(2, ['should be able to', 'be able to', 'result in', 'outcome', 'fewer', 'more than', 'less than']),
    ...cues(1, ['at least', 'per week', 'per month', 'per year', 'percent', 'increase', 'reduce', 'cut', 'raise']),
    ...cues(1, ['double', 'halve', 'drop']),
  ],
  risk: [
    ...cues(2, ['risk', 'concern', 'concerned', 'worry', 'worried', 'afraid', 'might not', 'may not', 'depend on']),
    ...cues(2, ['dependent on', 'uncertain', 'unclear', 'not sure', 'unreliable', 'patchy', 'resistance', 'fail']),
    ...cues(1.5, ['sensitive', 'delay', 'difficult', 'hard to', 'challenge', 'lack', 'shortage', 'turnover']),
  ],
  // How things are now: the background a plan starts from, not what it must deliver.
  context: [
    ...cues(1.5, ['currently', 'at the moment', 'at present', 'right now', 'today', 'show that', 'shows that']),
    ...cues(1.5, ['tell us', 'we are a', 'we are an', 'we run', 'we deliver', 'we collect', 'we offer', 'we give']),
    ...cues(1.5, ['for years', 'years ago', 'every quarter', 'every week', 'a week', 'each year', 'we think']),
  ],
};

/** Headings that say what the list under them is. */
const HEADINGS: [Kind | 'stakeholders', string[]][] = [
  ['objective', ['goal', 'goals', 'objective', 'objectives', 'aim', 'aims', 'deliverable', 'deliverables', 'scope']],
  ['objective', ['requirement', 'requirements', 'need', 'needs', 'want', 'task', 'tasks', 'feature', 'features']],
  ['constraint', ['constraint', 'constraints', 'limitation', 'limitations', 'budget', 'timeline', 'deadline']],
  ['success', ['success', 'criteria', 'kpi', 'kpis', 'metric', 'metrics', 'measure', 'measures', 'outcome']],
  ['success', ['outcomes', 'result', 'results']],
  ['risk', ['risk', 'risks', 'concern', 'concerns', 'challenge', 'challenges', 'assumption', 'assumptions']],
  ['stakeholders', ['stakeholder', 'stakeholders', 'audience', 'users', 'who']],
  ['context', ['background', 'context', 'about', 'problem', 'situation', 'overview', 'introduction']],
];

const MAX_ITEMS = 8;
const MAX_ITEM_LENGTH = 400;

export function extractBriefParts(parsed: ParsedText): BriefParts {
  const parts: BriefParts = {
    objectives: [],
    constraints: [],
    successCriteria: [],
    risks: [],
    stakeholders: [],
    context: [],
    hasDeadline: false,
    hasBudget: false,
  };
  let section: Kind | 'stakeholders' | null = null;
  for (const sentence of parsed.sentences) {
    const tokens = parsed.tokens.slice(sentence.firstToken, sentence.endToken);
    const heading = headingKind(tokens);
    if (heading !== undefined) {
      section = heading;
      continue;
    }
    const words = tokens.filter((token) => token.type === 'word');
    if (words.length < 3) {
      // Too short to list, but "Budget £9,000." or "Deadline: 1 May." still sets a limit.
      parts.hasBudget ||= sentence.entities.some(
        (entity) => isMoney(entity, parsed.tokens) && !isRate(entity, parsed.tokens),
      );
      parts.hasDeadline ||= hasDeadline(tokens, sentence);
      continue;
    }
    const listItem = tokens[0].lineStart && (/^[-*•–—·+]$/.test(tokens[0].value) || /^\d+[.)]?$/.test(tokens[0].value));
    const cued = classify(tokens, sentence, parsed.tokens);
    const kind = listItem && section && section !== 'stakeholders' && cued.score < 3 ? section : cued.kind;
    place(parts, kind, sentence);
    // A measurable objective ("cut waiting times by 30%") is also how success will be judged, and a goal with a date
    // or an amount ("live by 1 March", "for under £5,000") also sets a limit.
    if (kind !== 'success' && kind !== 'context' && cued.scores.success >= 2 && hasMeasurableTarget(tokens, sentence)) {
      add(parts.successCriteria, sentence.text);
    }
    const deadline = hasDeadline(tokens, sentence);
    const budget = sentence.entities.some((entity) => isMoney(entity, parsed.tokens) && !isRate(entity, parsed.tokens));
    if (kind !== 'constraint' && kind !== 'context' && (deadline || budget)) add(parts.constraints, sentence.text);
    if (kind === 'constraint' || deadline || budget) {
      parts.hasDeadline ||= deadline || (kind === 'constraint' && sentence.entities.some((e) => e.type === 'DATE'));
      parts.hasBudget ||= budget;
    }
  }
  parts.stakeholders = findStakeholders(parsed).slice(0, MAX_ITEMS);
  return parts;
}

function place(parts: BriefParts, kind: Kind, sentence: Sentence) {
  if (kind === 'objective') add(parts.objectives, restateObjective(sentence.text));
  else if (kind === 'constraint') add(parts.constraints, sentence.text);
  else if (kind === 'success') add(parts.successCriteria, sentence.text);
  else if (kind === 'risk') add(parts.risks, sentence.text);
  else add(parts.context, sentence.text);
}

function add(list: string[], text: string) {
  const item = clip(endWithStop(text));
  if (list.length < MAX_ITEMS && !list.some((existing) => existing.toLowerCase() === item.toLowerCase()))
    list.push(item);
}

function classify(
  tokens: Token[],
  sentence: Sentence,
  allTokens: Token[],
): { kind: Kind; score: number; scores: Record<Kind, number> } {
  // One weak cue ("reduce", "at least") is not enough to take a sentence out of the background.
  const scores: Record<Kind, number> = { objective: 0, constraint: 0, success: 0, risk: 0, context: 1.2 };
  for (const kind of ['objective', 'constraint', 'success', 'risk', 'context'] as const) {
    for (const cue of CUES[kind]) if (contains(tokens, cue.words)) scores[kind] += cue.weight;
  }
  // An instruction states a goal: "Build a web portal…", "Give coordinators a view…".
  if (isInstruction(tokens)) scores.objective += 2;
  for (const entity of sentence.entities) {
    if (isMoney(entity, allTokens)) scores.constraint += 2;

    if (entity.type === 'PERCENT') scores.success += 1.5;
  }
  if (hasDeadline(tokens, sentence)) scores.constraint += 2;
  const order: Kind[] = ['constraint', 'objective', 'success', 'risk', 'context'];
  const best = order.reduce((a, b) => (scores[b] > scores[a] ? b : a));
  return { kind: best, score: scores[best], scores };
}

/**
 * Verbs a brief opens an instruction with. wink often tags a sentence's first word as a noun ("Plan and run our
 * ball…", "Audit our app…"), so these count whatever their tag.
 */
const WORK_VERBS = new Set(
  (
    'audit review build create design write develop translate produce run set plan prepare fix update migrate ' +
    'research map analyse analyze deliver organise organize install train test draft redesign refurbish evaluate ' +
    'survey interview launch make replace move'
  ).split(' '),
);

/**
 * The sentence opens with a capitalised verb: "Build a web portal…", "Plan and run our charity ball…", or with a
 * polite "Please" before the verb: "Please audit six months of click data, …" asks for work as plainly.
 */
export function isInstruction(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => token.type === 'word');
  const [first, second] = words;
  if (!first || !/^[A-Z]/.test(first.value)) return false;
  if (first.lower === 'please') return second !== undefined && (second.pos === 'VERB' || WORK_VERBS.has(second.lower));
  return first.pos === 'VERB' || WORK_VERBS.has(first.lower);
}

function headingKind(tokens: Token[]): Kind | 'stakeholders' | null | undefined {
  const words = tokens.filter((token) => token.type === 'word');
  const last = tokens[tokens.length - 1];
  const ownLine = tokens[0].lineStart && (tokens.length === words.length || last.value === ':');
  if (words.length === 0 || words.length > 4 || !ownLine) return undefined;
  const lemmas = new Set(words.flatMap((token) => [token.lower, token.lemma]));
  for (const [kind, names] of HEADINGS) if (names.some((name) => lemmas.has(name))) return kind;
  return last.value === ':' ? null : undefined;
}

function contains(tokens: Token[], words: string[]): boolean {
  for (let i = 0; i + words.length <= tokens.length; i++) {
    if (words.every((word, k) => tokens[i + k].lower === word || tokens[i + k].lemma === word)) return true;
  }
  return false;
}

const CURRENCY_SYMBOLS = new Set(['£', '$', '€']);

/** An amount of money: wink's MONEY ("850 dollars"), or a number after a currency sign, which wink leaves bare. */
function isMoney(entity: Entity, tokens: Token[]): boolean {
  if (entity.type === 'MONEY') return true;
  return entity.type === 'CARDINAL' && CURRENCY_SYMBOLS.has(tokens[entity.firstToken - 1]?.value ?? '');
}

/** How many words back from a date a "before" may open its clause. */
const CLAUSE_REACH = 5;

/** "£1 a session", "£12 per hour": a price, not a budget. */
function isRate(entity: Entity, tokens: Token[]): boolean {
  return ['a', 'an', 'per', 'each'].includes(tokens[entity.lastToken + 1]?.lower ?? '');
}

const DEADLINE_DATE = /\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|fall|winter|end of/;

/** A date the work must meet: "by 31 March", "before the summer", "until June", "deadline: May". */
function hasDeadline(tokens: Token[], sentence: Sentence): boolean {
  return sentence.entities.some((entity) => {
    if (entity.type !== 'DATE') return false;
    // "by the end of April": the article stands between the cue and the date.
    let before = entity.firstToken - sentence.firstToken - 1;
    if (tokens[before]?.lower === 'the') before--;
    const previous = tokens[before];
    const own = entity.value.toLowerCase();
    // "by 1 September", "by March 2027", "by the summer" — not "by Wednesday", which is how a week goes.
    if (!DEADLINE_DATE.test(own)) return false;
    if (['by', 'before', 'until'].some((word) => previous?.lower === word || own.startsWith(`${word} `))) return true;
    // "before our contracts renew in January": "before" opens the clause the date ends.
    const clause = tokens.slice(Math.max(0, before - CLAUSE_REACH), before + 1);
    if (clause.some((token) => token.lower === 'before')) return true;
    return tokens.some((token) => token.lower === 'due' || token.lower === 'deadline');
  });
}

function hasMeasurableTarget(tokens: Token[], sentence: Sentence): boolean {
  return (
    sentence.entities.some((entity) => ['PERCENT', 'MONEY', 'CARDINAL'].includes(entity.type)) ||
    tokens.some((token) => token.type === 'number')
  );
}

/** Lead-ins that say "this is a goal" and add nothing once the sentence sits under "Objectives". */
const OBJECTIVE_LEAD_INS = [
  /^(we|i)\s+(really\s+|urgently\s+|also\s+)?(need|want|would like|'d like|are looking for|am looking for|are seeking|hope|plan|intend|wish|aim|require)(\s+to)?\s+/i,
  /^(our|the)\s+(main\s+|primary\s+|key\s+|overall\s+)?(goal|aim|objective|ambition|mission)\s+(is|are|will be)\s+(to\s+)?/i,
  /^(please\s+)?help\s+us\s+(to\s+)?/i,
  /^(ideally|also|additionally|finally|first|second|third|then),?\s+/i,
];

function restateObjective(text: string): string {
  let restated = text;
  for (const leadIn of OBJECTIVE_LEAD_INS) restated = restated.replace(leadIn, '');
  if (restated.split(/\s+/).length < 3) return text;
  return restated.charAt(0).toUpperCase() + restated.slice(1);
}

function endWithStop(text: string): string {
  const trimmed = text.trim().replace(/[;,:]$/, '');
  return /[.!?…)"]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function clip(text: string): string {
  if (text.length <= MAX_ITEM_LENGTH) return text;
  const cut = text.slice(0, MAX_ITEM_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}
