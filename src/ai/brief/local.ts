import {
  asksForADoer,
  type CommunityAsk,
  readCommunityAsks,
  readTeamStructure,
} from '../complexity/routing-signals.ts';
import type { LocalContext } from '../stage.ts';
import type { AreaMention, SkillMention, Taxonomy } from '../taxonomy/taxonomy.ts';
import { type ParsedText, parseText, type Token } from '../taxonomy/text-parser.ts';
import { askingSentences } from './advertising.ts';
import { type BriefParts, extractBriefParts, isInstruction } from './brief-parts.ts';
import { type BriefReading, clip, recommendedApproach, refinedBrief, risks, summary } from './brief-writing.ts';
import { refusalReason, wholeBrief } from './refusal.ts';
import type { BriefAnalysis, BriefInput } from './schema.ts';
import { isGibberish, placeholderText, type QualitySignals, qualitySignals } from './text-quality.ts';

/** What the brief was found to contain, as far as deciding whether it is workable goes. */
type Findings = { parts: BriefParts; skills: SkillMention[]; areas: AreaMention[]; asks: CommunityAsk[]; asked: Asked };

/** Fewer meaningful words than this and there is nothing to plan from. */
const MIN_CONTENT_WORDS = 10;

/** Words that say the brief is about people's own records. */
const PERSONAL_DATA =
  /\b(personal data|patients?|medical|health records?|children|addresses|date of birth|safeguarding|case notes|gdpr|sensitive)\b/i;
// "integrat" is a word's start ("integrate", "integration"): a word that starts there always ends, so no \w* is needed.
const INTEGRATION = /\b(?:existing|legacy|current system|our crm|sync with)\b|\bintegrat/i;

/**
 * The offline brief analysis: decides whether the brief is a workable challenge (spam, unreadable text, too little
 * to act on, no goal), then reads its parts and restates it. Deterministic: the same brief always gives the same
 * answer.
 */
export function analyzeBrief(input: BriefInput, { taxonomy }: LocalContext): BriefAnalysis {
  const title = input.title.trim();
  const description = input.description.trim();
  const whole = wholeBrief(input);
  const body = parseText(description);
  const signals = qualitySignals(whole);
  const bodySignals = qualitySignals(body);
  const skills = taxonomy.findInText(whole);
  const areas = taxonomy.findAreasInText(whole);
  const read = extractBriefParts(body);
  const field = fieldOf(skills, areas, taxonomy);

  const asks = readCommunityAsks(whole);
  const asked = askedFor(whole);
  const rejection = rejectionReason(whole, signals, bodySignals, { parts: read, skills, areas, asks, asked });
  if (rejection !== null) return rejected(title, description, field, rejection);
  // An open call ("Suggestions for a name?") or a short ask the cue words missed: what it asks is its objective.
  const fallback = asks.length > 0 ? asks.map((ask) => ask.sentence) : asked.sentences;
  const parts = read.objectives.length > 0 ? read : { ...read, objectives: [...new Set(fallback)].slice(0, 8) };

  const reading: BriefReading = {
    title,
    parts,
    skills,
    areas,
    personalData: PERSONAL_DATA.test(description),
    integration: INTEGRATION.test(description),
  };
  const wordCount = bodySignals.words;
  return {
    workable: true,
    rejection_reason: null,
    refined_brief: refinedBrief(reading),
    field,
    score: clarityScore(parts, areas, wordCount),
    summary: summary(reading),
    objectives: parts.objectives,
    constraints: parts.constraints,
    success_criteria: parts.successCriteria,
    stakeholders: parts.stakeholders,
    risks: risks(reading),
    recommended_approach: recommendedApproach(reading),
    confidence_score: confidence(parts, areas, wordCount),
  };
}

/**
 * Why the brief cannot be taken on, or null. In this order: text that is not language, or a test post; what the
 * refusal rules refuse (refusal.ts: an unlawful, unethical or deceptive request, a scam, advertising loud or quiet, a
 * job advert that takes applicants elsewhere); then too little to act on — except that a clear community ask (a name,
 * a slogan, feedback, "how might we…"), or a short goal that names its kind of work, is enough whatever its length.
 */
function rejectionReason(
  whole: ParsedText,
  signals: QualitySignals,
  body: QualitySignals,
  found: Findings,
): string | null {
  if (isGibberish(signals))
    return 'The brief is not readable text. Describe the problem you want solved in plain sentences.';
  // Only when nothing is asked: "Replace the lorem ipsum on our home page with real copy" is work.
  const placeholder = placeholderText(whole);
  if (placeholder !== null && found.asked.sentences.length === 0 && found.asks.length === 0)
    return `The brief is a test or placeholder text ("${placeholder}"), not a challenge. Describe the problem you want solved in plain sentences.`;
  const refusal = refusalReason(whole, signals);
  if (refusal !== null) return refusal;
  // An open call must still say what it is about: "Any ideas?" alone does not.
  if (found.asks.length > 0 && concreteNouns(whole, () => true) >= MIN_CONCRETE_NOUNS) return null;
  // A short brief that states what it wants and names the work or things it is about ("We need a one-page flyer for
  // our coffee morning") is a small ask, not too little to act on.
  const namesWork = found.asked.concreteNouns >= MIN_CONCRETE_NOUNS;
  if (body.contentWords < MIN_CONTENT_WORDS && !namesWork) {
    return 'The brief is too short to act on. Describe the problem, what you want delivered and who it is for.';
  }
  // A list of three pieces of work or more ("- a stand for the window, - a price board, …") says what is wanted.
  const listsWork = readTeamStructure(whole.text, whole).listedPieces >= MIN_PIECES_LISTED;
  const saysWhat = found.parts.objectives.length > 0 || found.skills.length > 0 || found.areas.length > 0 || listsWork;
  if (!saysWhat && !namesWork) {
    return 'The brief does not say what is wanted. State the goal or what should be delivered, and what a good result looks like.';
  }
  return null;
}

/** Nouns that name nothing in particular: "some help with a few things at our place", "any ideas?". */
const VAGUE_NOUNS = new Set(
  (
    'help thing things stuff something anything bit bits place issue issues matter matters way ways lot lots touch ' +
    'time idea ideas suggestion suggestions thought thoughts question questions feedback opinion opinions name names ' +
    'hi hello thanks'
  ).split(' '),
);
const MIN_CONCRETE_NOUNS = 2;
const MIN_PIECES_LISTED = 3;

/** What the brief asks for: the sentences that ask ("we need…", "help us…", an instruction, a question that asks a
 * doer for work: "Who can tune the reeds…?"), and how many distinct concrete nouns they name. */
type Asked = { sentences: string[]; concreteNouns: number };

function askedFor(parsed: ParsedText): Asked {
  const asking = new Set(askingSentences(parsed).map((sentence) => sentence.index));
  for (const sentence of parsed.sentences) {
    const tokens = parsed.tokens.slice(sentence.firstToken, sentence.endToken);
    if (isInstruction(tokens) || asksForADoer(tokens)) asking.add(sentence.index);
  }
  return {
    sentences: [...asking].sort((a, b) => a - b).map((index) => parsed.sentences[index].text.trim()),
    concreteNouns: concreteNouns(parsed, (token) => asking.has(token.sentence)),
  };
}

/** Distinct nouns, among the tokens `where` picks, that name something in particular. */
function concreteNouns(parsed: ParsedText, where: (token: Token) => boolean): number {
  const nouns = parsed.tokens.filter(
    (token) =>
      where(token) && (token.pos === 'NOUN' || token.pos === 'PROPN') && !token.stop && !VAGUE_NOUNS.has(token.lower),
  );
  return new Set(nouns.map((token) => token.lemma)).size;
}

function rejected(title: string, description: string, field: string, reason: string): BriefAnalysis {
  return {
    workable: false,
    rejection_reason: clip(reason, 500),
    refined_brief: clip(`${title}\n\n${description}`.replace(/[ \t]+/g, ' '), 5000),
    field,
    score: 1,
    summary: clip(`"${title}" could not be taken on as a challenge. ${reason}`, 600),
    objectives: [],
    constraints: [],
    success_criteria: [],
    stakeholders: [],
    risks: [],
    recommended_approach:
      'Resubmit the brief with the problem, what should be delivered, for whom, and what a good result looks like.',
    confidence_score: 85,
  };
}

/**
 * The field the skills and kinds of work point to, each weighted by how strongly the text names it; ties go to the
 * taxonomy's order of fields. "general" when nothing points anywhere.
 */
function fieldOf(skills: SkillMention[], areas: AreaMention[], taxonomy: Taxonomy): string {
  const weights = new Map<string, number>();
  const credit = (fields: readonly string[], weight: number) => {
    for (const field of fields) weights.set(field, (weights.get(field) ?? 0) + weight / fields.length);
  };
  for (const mention of skills) if (mention.skill.category !== 'soft') credit(mention.skill.fields, mention.mentions);
  for (const mention of areas) credit(mention.area.fields, mention.score);
  let best = 'general';
  let bestWeight = 0;
  for (const field of taxonomy.fields) {
    const weight = weights.get(field) ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [field, weight];
  }
  return best;
}

/** 1–10: clarity (objectives, success criteria), scope (kinds of work), detail (length, limits, people). */
function clarityScore(parts: BriefParts, areas: AreaMention[], words: number): number {
  let points = Math.min(parts.objectives.length, 3) * 0.8;
  points += parts.successCriteria.length >= 2 ? 2 : parts.successCriteria.length === 1 ? 1.2 : 0;
  points += parts.constraints.length >= 2 ? 1.5 : parts.constraints.length === 1 ? 1 : 0;
  points += parts.stakeholders.length > 0 ? 1 : 0;
  points += Math.min(areas.length, 3) * 0.5;
  points += words >= 120 ? 1.3 : words >= 60 ? 0.8 : 0;
  points += parts.risks.length > 0 ? 0.5 : 0;
  return Math.max(1, Math.min(10, Math.round(1 + points)));
}

/** How much the text gave to go on: each part found and each line of detail adds to the certainty. */
function confidence(parts: BriefParts, areas: AreaMention[], words: number): number {
  const found = [parts.objectives, parts.constraints, parts.successCriteria, parts.stakeholders, areas].filter(
    (list) => list.length > 0,
  ).length;
  return Math.min(95, Math.round(40 + 7 * found + Math.min(20, words / 10)));
}
