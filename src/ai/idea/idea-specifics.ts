import { clip, joinWords } from '../brief/brief-writing.ts';
import { parseText } from '../taxonomy/text-parser.ts';
import { contentTerms } from './idea-signals.ts';

/**
 * What makes the offline feedback about this idea rather than any idea (issue 12, item 6): which of the company's
 * judging criteria and which of the brief's core needs it takes up or leaves out, the signs that it could be done,
 * and what a reviewer would ask for that it does not say.
 */

/** What the specifics read from the idea, computed once by local.ts. */
export type IdeaFacts = {
  terms: Set<string>;
  concreteCues: string[];
  stakeholders: string[];
  numbers: boolean;
};

export type CriterionCheck = { criterion: string; met: boolean; through: string[] };

/** Words that say a criterion is about money; an idea that names a cost or a number answers it. */
const COST_WORDS = new Set(['cost', 'budget', 'cheap', 'price', 'afford', 'affordable', 'money', 'spend', 'fund']);
const COST_CUES = new Set(['budget', 'cost', 'free', 'low-cost']);
const TIME_CUES = new Set(['week', 'month', 'phase', 'within', 'schedule', 'first', 'start with', 'pilot', 'trial']);
const PEOPLE_CUES = new Set(['volunteers', 'partner', 'partner with', 'run by', 'led by', 'rota', 'we could ask']);

/** The company's criteria, one per line (list marks and numbering dropped; `;` also separates), at most eight. */
export function criteriaOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[\n;]+/)
    .map((line) => line.replace(/^[\s*•\-–\d.)]+/, '').trim())
    .filter((line) => line.length > 0)
    .slice(0, 8)
    .map((line) => clip(line, 80));
}

export function checkCriteria(criteria: readonly string[], idea: IdeaFacts): CriterionCheck[] {
  return criteria.map((criterion) => {
    const terms = [...contentTerms(parseText(criterion))];
    const through = terms.filter((term) => idea.terms.has(term));
    const aboutCost = terms.some((term) => COST_WORDS.has(term));
    const namesCost = idea.concreteCues.some((cue) => COST_CUES.has(cue)) || (aboutCost && idea.numbers);
    if (aboutCost && namesCost && !through.some((term) => COST_WORDS.has(term))) through.push('a cost');
    return { criterion, met: through.length > 0, through: [...new Set(through)].slice(0, 3) };
  });
}

/** What a reviewer would ask for that the idea does not say: a cost, a timeline, who runs it, a measure. */
export function missingPieces(idea: IdeaFacts): string[] {
  const cues = new Set(idea.concreteCues);
  const missing: string[] = [];
  if (![...COST_CUES].some((cue) => cues.has(cue)) && !idea.numbers) missing.push('what it would cost');
  if (![...TIME_CUES].some((cue) => cues.has(cue))) missing.push('a first step or timeline');
  if (![...PEOPLE_CUES].some((cue) => cues.has(cue)) && idea.stakeholders.length === 0) {
    missing.push('who would run it');
  }
  if (!idea.numbers) missing.push('how its success would be measured');
  return missing;
}

/** The signs that it could be done, in the idea's own words ("pilot", "rota", "£600"…), at most four. */
export function feasibilitySigns(idea: IdeaFacts): string[] {
  return idea.concreteCues.slice(0, 4);
}

/**
 * The assessment that opens the feedback: how it answers the brief, what it shows it could be done with, how it
 * fares against the criteria, and its main gap — never the idea's own sentences.
 */
export function assessment(options: {
  alignment: number;
  sharedCore: string[];
  missedCore: string[];
  signs: string[];
  criteria: CriterionCheck[];
  missing: string[];
}): string {
  const { alignment, sharedCore, missedCore, signs, criteria, missing } = options;
  const fit =
    alignment >= 60
      ? `A direct answer to the brief (it takes up ${joinWords(sharedCore.slice(0, 3))})`
      : sharedCore.length > 0
        ? `A partial answer to the brief (it touches ${joinWords(sharedCore.slice(0, 2))} but not ${joinWords(missedCore.slice(0, 2)) || 'its core'})`
        : 'An answer only loosely tied to the brief';
  const how =
    signs.length > 0 ? ` with concrete signs it could be done (${joinWords(signs)})` : ' without a plan to start';
  const met = criteria.filter((check) => check.met).length;
  const judged = criteria.length > 0 ? `; it meets ${met} of the ${criteria.length} judging criteria` : '';
  const gap = missing.length > 0 ? ` but does not say ${missing.slice(0, 2).join(' or ')}` : '';
  return clip(`${fit}${how}${judged}${gap}.`, 600);
}
