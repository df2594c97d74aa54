import type { LocalContext } from '../stage.ts';
import type { AreaMention } from '../taxonomy/taxonomy.ts';
import { parseText } from '../taxonomy/text-parser.ts';
import { type CommunityAsk, readCommunityAsks, readTeamStructure, type TeamStructure } from './routing-signals.ts';
import { type ComplexityAssessment, type ComplexityInput, challengeTypeFor } from './schema.ts';
import { readScope, type Scope } from './scope.ts';

/** Points at which the level goes up: below 2 is level 1, below 4 level 2, below 7 level 3, above level 4. */
const LEVEL_STEPS = [2, 4, 7];
const MAX_AREAS_LISTED = 6;

/** How far each kind of community ask pulls a brief towards a discussion. */
const ASK_WEIGHTS: Record<CommunityAsk['kind'], number> = {
  names: 2,
  slogans: 2,
  feedback: 2,
  choice: 2,
  'open question': 2,
  ideas: 1.5,
  exploring: 1,
};
const MAX_ASK_POINTS = 4;

type Signals = { asks: CommunityAsk[]; structure: TeamStructure };

/**
 * The offline complexity assessment, in points: the brief's scope (kinds of work, technical components to build,
 * other deliverables, objectives, length) plus the structure of team work it lays out (phases, listed pieces of work,
 * a deadline, a budget), less the pull of a community ask (names, slogans, feedback, an open question, ideas,
 * exploring). The level follows the points and the type follows the level (docs/contract.md §6.2), so the routing and
 * the level always agree; the reasoning names the signals that decided. Deterministic.
 */
export function assessComplexity(input: ComplexityInput, { taxonomy }: LocalContext): ComplexityAssessment {
  // The refined brief restates the description (and, from the offline brief analysis, lists its skills), so it is
  // read only for the objectives when the description says little.
  const parsed = parseText([input.title, input.description, ...input.objectives].join('\n\n'));
  const areas = taxonomy.findAreasInText(parsed);
  const scope = readScope(parsed);
  const signals: Signals = {
    asks: readCommunityAsks(parsed),
    structure: readTeamStructure(`${input.title}\n${input.description}`, parsed),
  };
  const words = parsed.tokens.filter((token) => token.type === 'word').length;
  const points =
    scopePoints(areas, scope, input.objectives.length, words) +
    structurePoints(signals.structure) -
    askPoints(signals.asks);
  const level = workWithoutAsk(signals) ? Math.max(levelFor(points), TEAM_LEVEL) : levelFor(points);

  const areaNames = areas.slice(0, MAX_AREAS_LISTED).map((mention) => mention.area.name);
  const skillAreas =
    areaNames.length > 0 || level <= 2 ? areaNames : taxonomy.areasForField(input.field).map((area) => area.name);
  return {
    complexity_level: level,
    challenge_type: challengeTypeFor(level),
    reasoning: reasoning(level, signals, areaNames, scope),
    skill_areas: skillAreas,
    confidence_score: confidence(points, words),
  };
}

/** An area named by a single passing word counts half: "a landing page" in a campaign brief is not a web build. */
const CLEAR_AREA_SCORE = 1.5;

function scopePoints(areas: AreaMention[], scope: Scope, objectives: number, words: number): number {
  const clear = areas.filter((mention) => mention.score >= CLEAR_AREA_SCORE).length;
  let points = Math.min(clear + 0.5 * (areas.length - clear), 5);
  points += Math.min(scope.components.length, 5) * 0.8;
  points += Math.min(scope.deliverables.length, 4) * 0.4;
  points += Math.min(objectives, 4) * 0.3;
  points += words >= 250 ? 1 : words >= 150 ? 0.5 : 0;
  return points;
}

/**
 * Phases, a list of pieces of work, a deadline and a budget: what a team plans by. Weighed so that phases, or three
 * pieces of work asked for, make team work even when the kinds of work are few.
 */
function structurePoints(structure: TeamStructure): number {
  let points = structure.phases >= 2 ? 3 + Math.min(structure.phases - 2, 2) * 0.5 : structure.phases * 0.5;
  points += structure.listedPieces >= 3 ? 3 : structure.listedPieces === 2 ? 1 : 0;
  points += (structure.deadline ? 1.5 : 0) + (structure.budget ? 1.5 : 0) + (structure.quote ? 1.5 : 0);
  return points;
}

function askPoints(asks: CommunityAsk[]): number {
  return Math.min(
    asks.reduce((sum, ask) => sum + ASK_WEIGHTS[ask.kind], 0),
    MAX_ASK_POINTS,
  );
}

/** The lowest level that is team execution (docs/contract.md §6: levels 3–4). */
const TEAM_LEVEL = 3;
/** Pieces of work it takes, with nothing asked of the crowd, to call a brief work to be done. */
const PIECES_OF_WORK = 3;

/**
 * A brief that asks the crowd for no names, views, ideas or answers and sets out three pieces of work or more wants the
 * work done, however short it is: "Sauna needs its own circuit: supply from the board, cable in a trench, an isolator,
 * the certificate", or a shop's bare list of jobs. Points alone would call it small, and so a discussion; but a
 * discussion of work nobody asked opinions on gives the company nothing.
 */
function workWithoutAsk({ asks, structure }: Signals): boolean {
  return asks.length === 0 && structure.listedPieces >= PIECES_OF_WORK;
}

function levelFor(points: number): number {
  return 1 + LEVEL_STEPS.filter((step) => points >= step).length;
}

/** What made it community or team, in the brief's terms, then what it found of the scope, then the verdict. */
function reasoning(level: number, signals: Signals, areas: string[], scope: Scope): string {
  const asks = askWords(signals.asks);
  const structure = structureWords(signals.structure);
  const sentences: string[] = [];
  if (level < 3) {
    if (asks.length > 0) sentences.push(`The brief ${joinParts(asks)}.`);
    if (structure.length === 0) sentences.push('It lays out no phases, deliverables, deadline or budget.');
    else if (asks.length > 0)
      sentences.push(`It also ${joinParts(structure)}, but what it wants is ideas, not a plan.`);
    else sentences.push(`It ${joinParts(structure)}, but the work is small and contained.`);
  } else {
    sentences.push(
      structure.length > 0 ? `The brief ${joinParts(structure)}.` : 'The brief sets out work to be delivered.',
    );
    if (workWithoutAsk(signals)) sentences.push('It asks for no ideas or views: it wants the work done.');
    if (asks.length > 0) sentences.push(`It also ${joinParts(asks)}, but the work itself is set out.`);
  }
  // A discussion's scope is what it is about; deliverables and components only size team work.
  const scopeFound = level < 3 ? scopeWords(areas, { components: [], deliverables: [] }) : scopeWords(areas, scope);
  if (scopeFound.length > 0) sentences.push(`It names ${joinParts(scopeFound)}.`);
  const verdicts: Record<number, string> = {
    1: 'An open question best answered by many perspectives: a community discussion.',
    2: 'A small, contained ask: suited to ideas and discussion from the community.',
    3: 'Several pieces of work a team has to plan and coordinate: team execution.',
    4: 'A multi-part effort whose parts must be built and fitted together by a coordinated team: team execution.',
  };
  sentences.push(verdicts[level]);
  return sentences.join(' ');
}

/** Ideas are implied by names, slogans and feedback, so they are named only when nothing more specific is asked. */
const SPECIFIC_ASKS = new Set<CommunityAsk['kind']>(['names', 'slogans', 'feedback', 'choice']);
const QUOTE_MAX = 90;

function askWords(asks: CommunityAsk[]): string[] {
  const specific = asks.some((ask) => SPECIFIC_ASKS.has(ask.kind));
  return asks
    .filter((ask) => !(specific && ask.kind === 'ideas'))
    .map((ask) => (ask.kind === 'open question' ? `asks an open question ("${quote(ask.sentence)}")` : ask.label));
}

function quote(sentence: string): string {
  if (sentence.length <= QUOTE_MAX) return sentence;
  const cut = sentence.slice(0, QUOTE_MAX);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function structureWords(structure: TeamStructure): string[] {
  const found: string[] = [];
  if (structure.phases > 0) found.push(`lays out ${count(structure.phases, 'phase')}`);
  if (structure.listedPieces > 0) found.push(`lists ${count(structure.listedPieces, 'piece')} of work`);
  if (structure.deadline) found.push('sets a deadline');
  if (structure.budget) found.push('gives a budget');
  if (structure.quote) found.push('asks for a quote');
  return found;
}

function scopeWords(areas: string[], scope: Scope): string[] {
  const found: string[] = [];
  if (areas.length > 0) found.push(`${count(areas.length, 'kind')} of work (${areas.join(', ')})`);
  if (scope.components.length > 0) {
    const labels = scope.components.map((component) => component.label).join(', ');
    found.push(`${count(scope.components.length, 'technical component')} to build (${labels})`);
  }
  if (scope.deliverables.length > 0) {
    found.push(`${count(scope.deliverables.length, 'deliverable')} (${scope.deliverables.join(', ')})`);
  }
  return found;
}

/** Far from a step between levels, the level is clear; near one, it could have gone either way. */
function confidence(points: number, words: number): number {
  const margin = Math.min(...LEVEL_STEPS.map((step) => Math.abs(points - step)));
  const detail = words >= 80 ? 10 : words >= 40 ? 5 : 0;
  return Math.max(40, Math.min(95, Math.round(55 + 15 * Math.min(margin, 2) + detail)));
}

function count(n: number, noun: string): string {
  const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  return `${words[n] ?? n} ${noun}${n === 1 ? '' : 's'}`;
}

function joinParts(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
