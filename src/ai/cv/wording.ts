import type { Proficiency } from './schema.ts';

/**
 * The words people use to rate themselves ("expert in", "familiar with", "fluent", "B2") and to say how long they
 * used something ("6 years of PostgreSQL", "Java (17 years)"), found within one clause of a CV. Phrases are
 * separated by '|'; where several start at one place, the longest wins.
 */
const CUES: Array<[Proficiency, string]> = [
  [
    'expert',
    'expert in|expert with|expert at|expert|expertise in|mastery of|deep knowledge of|' +
      'deep expertise in|extensive experience in|extensive experience with|native|native speaker|' +
      'mother tongue|bilingual|C2',
  ],
  [
    'advanced',
    'advanced|advanced user of|proficient in|proficient with|proficient|proficiency in|strong in|' +
      'strong knowledge of|strong background in|strong experience in|strong experience with|' +
      'strong skills in|solid knowledge of|solid experience in|solid experience with|' +
      'highly skilled in|very good knowledge of|fluent|fluent in|full professional proficiency|' +
      'professional working proficiency|C1',
  ],
  [
    'intermediate',
    'intermediate|good knowledge of|working knowledge of|comfortable with|competent in|competent|' +
      'conversational|limited working proficiency|B1|B2',
  ],
  [
    'beginner',
    'beginner|beginner in|basic|basic knowledge of|basics of|familiar with|familiarity with|' +
      'some experience with|some knowledge of|exposure to|learning|currently learning|elementary|A1|A2',
  ],
];

const LEVEL_OF_PHRASE = new Map<string, Proficiency>(
  CUES.flatMap(([level, phrases]) => phrases.split('|').map((phrase) => [phrase.toLowerCase(), level] as const)),
);
// Longest phrases first, so "basic knowledge of" wins over "basic" at the same place.
const CUE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...LEVEL_OF_PHRASE.keys()]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replaceAll(' ', '\\s+'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

export const LEVEL_RANK: Record<Proficiency, number> = { beginner: 1, intermediate: 2, advanced: 3, expert: 4 };

export type Cue = { index: number; end: number; level: Proficiency; inParentheses: boolean };

export function findCues(clause: string): Cue[] {
  return [...clause.matchAll(CUE_PATTERN)].map((match) => ({
    index: match.index,
    end: match.index + match[0].length,
    level: LEVEL_OF_PHRASE.get(match[0].toLowerCase().replace(/\s+/g, ' '))!,
    inParentheses: isInParentheses(clause, match.index),
  }));
}

function isInParentheses(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return before.lastIndexOf('(') > before.lastIndexOf(')');
}

const NUMBER_WORDS = (
  'one two three four five six seven eight nine ten ' +
  'eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
).split(' ');
const YEARS_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}.])(\\d{1,2}(?:\\.\\d)?|${NUMBER_WORDS.join('|')})\\s*\\+?\\s*(?:years?|yrs?)(?![\\p{L}])`,
  'giu',
);

export type YearsPhrase = { index: number; end: number; years: number };

export function findYearsPhrases(clause: string): YearsPhrase[] {
  return [...clause.matchAll(YEARS_PATTERN)].map((match) => {
    const word = match[1].toLowerCase();
    const spelled = NUMBER_WORDS.indexOf(word);
    return {
      index: match.index,
      end: match.index + match[0].length,
      years: spelled >= 0 ? spelled + 1 : Number(word),
    };
  });
}

// Words that may stand between "N years" and the skill they count: "6 years of PostgreSQL", "5+ years of
// professional experience with Python and Django".
const YEARS_CONNECTORS = new Set(
  'of in with using experience professional commercial hands-on working industry production the and or &'.split(' '),
);

/** Whether `between` (the text from a years phrase to a skill, other skills cut out) only links the two. */
export function linksYearsToSkill(between: string): boolean {
  const words = between
    .toLowerCase()
    .split(/[\s,/]+/)
    .filter(Boolean);
  return words.every((word) => YEARS_CONNECTORS.has(word));
}

// What may stand between a skill and the rating or years written right after it: "AWS (advanced)", "Python: expert",
// "German – B2", "Java (17 years)".
const RIGHT_AFTER = /^\s*(?:\(\s*|[-–—:]\s*)/;

/** Years written right after the skill that ends at `end`. */
export function yearsRightAfter(clause: string, end: number): number | null {
  const gap = RIGHT_AFTER.exec(clause.slice(end));
  if (!gap) return null;
  const phrase = findYearsPhrases(clause).find((found) => found.index === end + gap[0].length);
  return phrase?.years ?? null;
}

/** The rating written right after the skill that ends at `end`. */
export function cueRightAfter(clause: string, end: number, cues: Cue[]): Cue | null {
  const gap = RIGHT_AFTER.exec(clause.slice(end));
  if (!gap) return null;
  return cues.find((cue) => cue.index === end + gap[0].length) ?? null;
}
