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
      'mother tongue|first language|home language|bilingual|native or bilingual proficiency|C2',
  ],
  [
    'advanced',
    'advanced|advanced user of|proficient in|proficient with|proficient|proficiency in|strong in|' +
      'strong knowledge of|strong background in|strong experience in|strong experience with|' +
      'strong skills in|solid knowledge of|solid experience in|solid experience with|' +
      'highly skilled in|very good knowledge of|fluent|fluent in|full professional proficiency|' +
      'professional working proficiency|excellent|excellent knowledge of|excellent command of|' +
      'good command of|C1',
  ],
  [
    'intermediate',
    'intermediate|good knowledge of|working knowledge of|comfortable with|competent in|competent|' +
      'conversational|upper intermediate|limited working proficiency|B1|B2',
  ],
  [
    'beginner',
    'beginner|beginner in|basic|basic knowledge of|basics of|familiar with|familiarity with|' +
      'some experience with|some knowledge of|exposure to|limited experience with|limited experience in|' +
      'limited knowledge of|elementary|elementary proficiency|pre-intermediate|' +
      'novice|A1|A2',
  ],
];

const LEVEL_OF_PHRASE = new Map<string, Proficiency>(
  CUES.flatMap(([level, phrases]) => phrases.split('|').map((phrase) => [phrase.toLowerCase(), level] as const)),
);
// Longest phrases first, so "basic knowledge of" wins over "basic" at the same place. The gap between words is
// bounded so recheck's automaton check, which takes look-arounds only without unbounded repetition, proves it linear.
const CUE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...LEVEL_OF_PHRASE.keys()]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replaceAll(' ', '\\s{1,8}'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

export const LEVEL_RANK: Record<Proficiency, number> = { beginner: 1, intermediate: 2, advanced: 3, expert: 4 };

export type Cue = {
  index: number;
  end: number;
  level: Proficiency;
  inParentheses: boolean;
  /** A rating on its own ("advanced", "B2"), not one that opens a list ("advanced user of", "expert in"). */
  standalone: boolean;
};

// Ratings CV templates draw: a row of marks ("●●●●○", "★★★☆☆") or a score ("4/5", "8/10").
const MARKS = /[★☆●○■□◆◇⬤◯]{3,}/gu;
const FILLED_MARK = /[★●■◆⬤]/gu;
const SCORE = /(?<![\p{N}/.])(10|[0-9])\s?\/\s?(5|10)(?![\p{N}/])/gu;

function levelOfShare(share: number): Proficiency {
  return share >= 0.9 ? 'expert' : share >= 0.7 ? 'advanced' : share >= 0.4 ? 'intermediate' : 'beginner';
}

function drawnRatings(clause: string): Array<{ index: number; end: number; level: Proficiency }> {
  const marks = [...clause.matchAll(MARKS)].map((match) => ({
    index: match.index,
    end: match.index + match[0].length,
    level: levelOfShare((match[0].match(FILLED_MARK)?.length ?? 0) / [...match[0]].length),
  }));
  const scores = [...clause.matchAll(SCORE)]
    .filter((match) => Number(match[1]) <= Number(match[2]))
    .map((match) => ({
      index: match.index,
      end: match.index + match[0].length,
      level: levelOfShare(Number(match[1]) / Number(match[2])),
    }));
  return [...marks, ...scores];
}

export function findCues(clause: string): Cue[] {
  const worded = [...clause.matchAll(CUE_PATTERN)].map((match) => ({
    index: match.index,
    end: match.index + match[0].length,
    level: LEVEL_OF_PHRASE.get(match[0].toLowerCase().replace(/\s+/g, ' '))!,
    inParentheses: isInParentheses(clause, match.index),
    standalone: !/\s(?:in|with|of|at|to)$/i.test(match[0]),
  }));
  const drawn = drawnRatings(clause).map((rating) => ({
    ...rating,
    inParentheses: isInParentheses(clause, rating.index),
    standalone: true,
  }));
  return [...worded, ...drawn].sort((a, b) => a.index - b.index);
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
  `(?<![\\p{L}\\p{N}.])(\\d{1,2}(?:\\.\\d)?|${NUMBER_WORDS.join('|')})\\s?\\+?\\s?(?:years?|yrs?)(?![\\p{L}])`,
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
// "German – B2", "Java (17 years)", a table row's next cell ("Python | Expert | 8 years"), or only a space where a
// PDF ran a table's cells together ("Python Expert 8 years").
const GAP = /^\s?[(:–—-]?\s?/;
// Between the two facts, also a comma: "Python (3 years, advanced)".
const SECOND_GAP = /^\s?[(:,–—-]?\s?/;
// What may follow a rating or years read after a skill with only a space between: the end of the clause, a closing
// bracket or separator, or the other fact. "Excel advanced formulas" rates nothing.
const FACT_END = /^(?:\s?[),;/|–—-]|$|\s?(?:\d|[ABC][12]\b))/u;

export type TrailingFacts = { level: Proficiency | null; years: number | null };

/**
 * The rating and years written right after the skill that ends at `end`, in either order. `nextSkillAt` is where the
 * next skill of the clause starts: cells run together ("Python Expert Java Advanced") rate each their own skill.
 */
export function factsRightAfter(
  clause: string,
  end: number,
  cues: Cue[],
  years: YearsPhrase[],
  nextSkillAt: number | null,
): TrailingFacts {
  const facts: TrailingFacts = { level: null, years: null };
  let at = end;
  for (let step = 0; step < 2; step++) {
    const gap = (step === 0 ? GAP : SECOND_GAP).exec(clause.slice(at))![0];
    const spaced = gap.trim() === '';
    const from = at + gap.length;
    const cue = facts.level === null ? cues.find((found) => found.index === from && found.standalone) : undefined;
    const phrase = facts.years === null ? years.find((found) => found.index === from) : undefined;
    const found = cue ?? phrase;
    if (!found) break;
    const closes = FACT_END.test(clause.slice(found.end)) || found.end + 1 === nextSkillAt;
    if (spaced && !closes) break;
    if (cue) facts.level = cue.level;
    if (phrase) facts.years = phrase.years;
    at = found.end + (clause[found.end] === ')' ? 1 : 0);
  }
  return facts;
}

/**
 * A line that holds only a rating and/or years ("Expert", "8 years", "C1 · 3 years"): a table whose cells a PDF put
 * on lines of their own, under the skill they rate. Null when the line says anything else.
 */
export function factsOnly(text: string): TrailingFacts | null {
  const cues = findCues(text).filter((cue) => cue.standalone);
  const years = findYearsPhrases(text);
  if (cues.length === 0 && years.length === 0) return null;
  let rest = '';
  let at = 0;
  for (const span of [...cues, ...years].sort((a, b) => a.index - b.index)) {
    rest += text.slice(at, Math.max(at, span.index));
    at = Math.max(at, span.end);
  }
  rest += text.slice(at);
  if (/[\p{L}\p{N}]/u.test(rest)) return null;
  return { level: cues[0]?.level ?? null, years: years[0]?.years ?? null };
}
