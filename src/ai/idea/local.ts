import { clip, joinWords } from '../brief/brief-writing.ts';
import { findStakeholders } from '../brief/stakeholders.ts';
import { isGibberish, qualitySignals, spamVerdict } from '../brief/text-quality.ts';
import type { LocalContext } from '../stage.ts';
import { type ParsedText, parseText } from '../taxonomy/text-parser.ts';
import { contentTerms, findCues, hasNumbers, isContentWord } from './idea-signals.ts';
import {
  assessment,
  type CriterionCheck,
  checkCriteria,
  criteriaOf,
  feasibilitySigns,
  missingPieces,
} from './idea-specifics.ts';
import type { IdeaInput, IdeaScores, IdeaScoring } from './schema.ts';

/** Below this many meaningful words an idea is hard to judge. */
const SHORT_IDEA_TERMS = 12;
const REPEATED = 2;
const FREQUENT_TERMS = 8;
/** How many of an idea's terms it takes to be plainly about the challenge. */
const FULL_OVERLAP_TERMS = 6;

/** Alignment and impact weigh most: an idea is first of all an answer to this challenge. */
const WEIGHTS: IdeaScores = { alignment: 0.35, impact: 0.25, feasibility: 0.25, innovation: 0.15 };

type Reading = {
  idea: ParsedText;
  shared: string[];
  /** Shared terms that are what the challenge is about: its title's, and the ones its text keeps returning to. */
  sharedCore: string[];
  /** Core terms of the challenge the idea never uses. */
  missedCore: string[];
  cues: Record<'concrete' | 'grand' | 'fresh' | 'benefit', number>;
  concreteCues: string[];
  terms: Set<string>;
  stakeholders: string[];
  ideaTerms: number;
  numbers: boolean;
};

/**
 * The offline idea scoring: spam signals first (advertising, unreadable text, nothing in common with the challenge),
 * then four scores from the idea's wording — alignment from the terms it shares with the challenge (lemmatised, stop
 * words removed), feasibility from concrete steps and resources, innovation from fresh angles and new vocabulary,
 * impact from the change it promises and for whom — and feedback written from the same signals. Deterministic.
 */
export function scoreIdea(input: IdeaInput, { taxonomy }: LocalContext): IdeaScoring {
  const { challenge, idea } = input;
  const challengeText = [challenge.title, challenge.description, challenge.refined_brief ?? ''].join('\n\n');
  const challengeParsed = parseText(challengeText);
  const ideaParsed = parseText(`${idea.title}\n\n${idea.description}`);

  const challengeTerms = contentTerms(challengeParsed);
  const ideaTerms = contentTerms(ideaParsed);
  const shared = [...ideaTerms].filter((term) => challengeTerms.has(term));
  const challengeAreas = new Set(taxonomy.findAreasInText(challengeParsed).map((mention) => mention.area.id));
  const sharedAreas = taxonomy.findAreasInText(ideaParsed).filter((mention) => challengeAreas.has(mention.area.id));

  const core = coreTerms(challenge.title, challengeParsed);
  const found = findCues(ideaParsed);
  const reading: Reading = {
    idea: ideaParsed,
    shared,
    sharedCore: [...ideaTerms].filter((term) => core.has(term)),
    missedCore: [...core].filter((term) => !ideaTerms.has(term)),
    cues: {
      concrete: found.concrete.length,
      grand: found.grand.length,
      fresh: found.fresh.length,
      benefit: found.benefit.length,
    },
    concreteCues: found.concrete,
    terms: ideaTerms,
    stakeholders: findStakeholders(ideaParsed),
    ideaTerms: ideaTerms.size,
    numbers: hasNumbers(ideaParsed),
  };
  const titleTerms = [...contentTerms(parseText(challenge.title))];
  const scores: IdeaScores = {
    alignment: alignment(shared.length, ideaTerms.size, titleTerms, ideaTerms, sharedAreas.length),
    feasibility: feasibility(reading),
    innovation: innovation(reading),
    impact: impact(reading),
  };

  const spamReason = spamReasonFor(reading, idea.description);
  if (spamReason !== null) {
    return {
      is_spam: true,
      spam_reason: spamReason,
      summary: clip(`Not scored as an idea: ${spamReason}`, 600),
      strengths: [],
      weaknesses: [spamReason],
      suggestions: [`Submit a proposal that answers "${challenge.title.trim()}" in your own words.`],
      scores,
      ai_score: 0,
    };
  }
  const ai = (Object.keys(WEIGHTS) as (keyof IdeaScores)[]).reduce((sum, key) => sum + WEIGHTS[key] * scores[key], 0);
  const criteria = checkCriteria(criteriaOf(challenge.judging_criteria), reading);
  const missing = missingPieces(reading);
  return {
    is_spam: false,
    spam_reason: null,
    summary: assessment({
      alignment: scores.alignment,
      sharedCore: reading.sharedCore,
      missedCore: reading.missedCore,
      signs: feasibilitySigns(reading),
      criteria,
      missing,
    }),
    ...feedback(scores, reading, challenge.title, { criteria, missing }),
    scores,
    ai_score: Math.round(ai * 10) / 10,
  };
}

function spamReasonFor(reading: Reading, description: string): string | null {
  const signals = qualitySignals(reading.idea);
  const verdict = spamVerdict(signals);
  if (verdict.spam) return `The idea reads as advertising: it ${joinWords(verdict.reasons.slice(0, 3))}.`;
  if (isGibberish(signals)) return 'The idea is not readable text.';
  if (reading.sharedCore.length === 0 && description.trim().length > 0) {
    return 'The idea does not address the challenge: it has nothing in common with what the challenge asks.';
  }
  return null;
}

/** A challenge's core: the words of its title and the words its text uses again and again. */
function coreTerms(title: string, challenge: ParsedText): Set<string> {
  const counts = new Map<string, number>();
  for (const token of challenge.tokens) {
    if (isContentWord(token)) counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1);
  }
  const frequent = [...counts]
    .filter(([, count]) => count >= REPEATED)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, FREQUENT_TERMS)
    .map(([term]) => term);
  return new Set([...contentTerms(parseText(title)), ...frequent]);
}

function alignment(shared: number, ideaTerms: number, titleTerms: string[], terms: Set<string>, areas: number) {
  const overlap = Math.min(1, shared / Math.min(FULL_OVERLAP_TERMS, Math.max(1, ideaTerms)));
  const title = titleTerms.length === 0 ? 0 : titleTerms.filter((term) => terms.has(term)).length / titleTerms.length;
  return score(100 * (0.6 * overlap + 0.3 * title + 0.1 * Math.min(1, areas)));
}

function feasibility({ cues, numbers, ideaTerms }: Reading): number {
  const detail = ideaTerms >= 30 ? 12 : ideaTerms >= SHORT_IDEA_TERMS ? 4 : -12;
  return score(35 + 8 * Math.min(cues.concrete, 5) + (numbers ? 8 : 0) + detail - 12 * Math.min(cues.grand, 3));
}

function innovation({ cues, shared, ideaTerms }: Reading): number {
  // Some words of its own: an idea that only repeats the challenge adds nothing; one with nothing in common misses.
  const ownShare = ideaTerms === 0 ? 0 : 1 - shared.length / ideaTerms;
  const own = ownShare >= 0.3 && ownShare <= 0.85 ? 15 : 5;
  return score(30 + 9 * Math.min(cues.fresh, 5) + own - 5 * Math.min(cues.grand, 2));
}

function impact({ cues, numbers, stakeholders, ideaTerms }: Reading): number {
  const detail = ideaTerms >= SHORT_IDEA_TERMS ? 5 : -10;
  const people = stakeholders.length > 0 ? 10 : 0;
  return score(30 + 7 * Math.min(cues.benefit, 5) + (numbers ? 12 : 0) + people + detail);
}

function feedback(
  scores: IdeaScores,
  reading: Reading,
  challengeTitle: string,
  specifics: { criteria: CriterionCheck[]; missing: string[] },
) {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const suggestions: string[] = [];
  // The specific points first: the lists keep six of each.
  for (const check of specifics.criteria) {
    if (check.met) {
      strengths.push(`It addresses the judging criterion "${check.criterion}" (${joinWords(check.through)}).`);
    } else {
      weaknesses.push(`It does not address the judging criterion "${check.criterion}".`);
      suggestions.push(`Say how the idea meets "${check.criterion}".`);
    }
  }
  const signs = feasibilitySigns(reading);
  if (signs.length > 0) strengths.push(`Signs it could be done: ${joinWords(signs.map((sign) => `"${sign}"`))}.`);
  if (reading.missedCore.length > 0 && scores.alignment < 80) {
    weaknesses.push(`It leaves out what the brief keeps returning to: ${joinWords(reading.missedCore.slice(0, 3))}.`);
  }
  if (specifics.missing.length > 0) {
    weaknesses.push(`It does not say ${specifics.missing.join(', nor ')}.`);
  }
  const who = reading.stakeholders.slice(0, 2).map((group) => group.toLowerCase());
  if (scores.alignment >= 60) {
    strengths.push(`It answers the challenge directly (${joinWords(reading.shared.slice(0, 4))}).`);
  } else if (scores.alignment < 40) {
    weaknesses.push('It is only loosely connected to what the challenge asks.');
    suggestions.push(`Say how the idea tackles "${challengeTitle.trim()}" specifically.`);
  }
  if (scores.feasibility >= 60) strengths.push('It is concrete: it says how it would start and with what.');
  else if (scores.feasibility < 45) {
    weaknesses.push('It gives no concrete first step, resources or timeline.');
    suggestions.push('Describe a small first step, such as a pilot, who would run it and what it would cost.');
  }
  if (scores.impact >= 60) {
    strengths.push(
      who.length > 0 ? `It would make a clear difference for ${joinWords(who)}.` : 'Its benefit is clear.',
    );
  } else if (scores.impact < 45) {
    weaknesses.push('The difference it would make is not stated.');
    suggestions.push('Estimate what it would change and for how many people, with a number.');
  }
  if (scores.innovation >= 60) strengths.push('It brings a fresh angle to the problem.');
  else if (scores.innovation < 40) {
    weaknesses.push('It is close to what is usually tried.');
    suggestions.push('Explain what is new about it compared with what has been done before.');
  }
  if (reading.cues.grand > 0) weaknesses.push('It promises more than a first version could deliver.');
  if (reading.ideaTerms < SHORT_IDEA_TERMS) {
    weaknesses.push('It is very short, which makes it hard to judge.');
    suggestions.push('Add detail on how it would work in practice.');
  }
  return { strengths: strengths.slice(0, 6), weaknesses: weaknesses.slice(0, 6), suggestions: suggestions.slice(0, 6) };
}

function score(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}
