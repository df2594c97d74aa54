import type { LocalContext } from '../stage.ts';
import type { AreaMention } from '../taxonomy/taxonomy.ts';
import { parseText } from '../taxonomy/text-parser.ts';
import { type ComplexityAssessment, type ComplexityInput, challengeTypeFor } from './schema.ts';
import { readScope, type Scope } from './scope.ts';

/** Points at which the level goes up: below 2 is level 1, below 4 level 2, below 7 level 3, above level 4. */
const LEVEL_STEPS = [2, 4, 7];
const MAX_AREAS_LISTED = 6;

/**
 * The offline complexity assessment: the brief's scope in points — kinds of work it calls for, technical components
 * to build, other deliverables, objectives and length — less the wording of an open question. Deterministic.
 */
export function assessComplexity(input: ComplexityInput, { taxonomy }: LocalContext): ComplexityAssessment {
  // The refined brief restates the description (and, from the offline brief analysis, lists its skills), so it is
  // read only for the objectives when the description says little.
  const parsed = parseText([input.title, input.description, ...input.objectives].join('\n\n'));
  const areas = taxonomy.findAreasInText(parsed);
  const scope = readScope(parsed);
  const words = parsed.tokens.filter((token) => token.type === 'word').length;
  const points = scopePoints(areas, scope, input.objectives.length, words);
  const level = levelFor(points);

  const areaNames = areas.slice(0, MAX_AREAS_LISTED).map((mention) => mention.area.name);
  const skillAreas =
    areaNames.length > 0 || level <= 2 ? areaNames : taxonomy.areasForField(input.field).map((area) => area.name);
  return {
    complexity_level: level,
    challenge_type: challengeTypeFor(level),
    reasoning: reasoning(level, areaNames, scope, input.objectives.length),
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
  points -= scope.openQuestionCues >= 2 ? 2.5 : scope.openQuestionCues === 1 ? 1 : 0;
  return Math.round(points * 100) / 100;
}

function levelFor(points: number): number {
  return 1 + LEVEL_STEPS.filter((step) => points >= step).length;
}

function reasoning(level: number, areas: string[], scope: Scope, objectives: number): string {
  const parts: string[] = [];
  if (areas.length > 0) parts.push(`${count(areas.length, 'kind')} of work (${areas.join(', ')})`);
  if (scope.components.length > 0) {
    parts.push(
      `${count(scope.components.length, 'technical component')} (${scope.components.map((component) => component.label).join(', ')})`,
    );
  }
  if (scope.deliverables.length > 0) parts.push(count(scope.deliverables.length, 'other deliverable'));
  parts.push(count(objectives, 'objective'));
  const found = `The brief names ${joinParts(parts)}.`;
  const open = scope.openQuestionCues > 0 ? ' It asks for ideas rather than a finished result.' : '';
  const verdicts: Record<number, string> = {
    1: 'An open question best answered by many perspectives: a community discussion.',
    2: 'A small, contained piece of work: suited to ideas and discussion from the community first.',
    3: 'Several pieces of work a team has to plan and coordinate.',
    4: 'A multi-part effort whose components must be built and integrated by a coordinated team.',
  };
  return `${found}${open} ${verdicts[level]}`;
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
