import type { ExperienceLevel } from './schema.ts';

/**
 * Hours, difficulty and experience of a task, from the wording of its piece and the brief's signals. A base per
 * complexity level grows with the scale the piece names ("ten pages", "interviews with 15 people", "250 guests"), a
 * little with the brief's budget, and is capped by its deadline ("in three weeks": a volunteer gives about eight
 * hours a week). Always within 4–40 hours.
 */
export type BriefSignals = { budgetFactor: number; hoursCap: number };

export type Estimate = { hours: number; complexity: number; experience: ExperienceLevel };

const MIN_HOURS = 4;
const MAX_HOURS = 40;
const BASE_HOURS: Record<number, number> = { 1: 6, 2: 8, 3: 10, 4: 14 };
const BASE_COMPLEXITY: Record<number, number> = { 1: 3, 2: 4, 3: 5, 4: 6 };
const HOURS_PER_WEEK = 8;
const URGENT_CAP = 16;
/** The weight of a piece's scale: ten of something is half as much work again as one. */
const SCALE_WEIGHT = 0.15;
const MAX_SCALE = 2.2;
const LONG_PIECE_WORDS = 25;

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dozen: 12,
  couple: 2,
  few: 3,
  several: 4,
};

const HARD = [
  /\bintegrat|\bsync/i,
  /\bsecur|\bsafeguard/i,
  /\bsensitive|\bpersonal data|\bgdpr|\bconsent/i,
  /\bcomplian|\bregulat|\blegal/i,
  /\bmigrat|\boffline/i,
  /\bmodel\b|\bpredict|\bforecast|\bmachine learning/i,
  /\bstrateg|\barchitect/i,
  /\bevaluat|\baudit|\banaly[sz]/i,
  /\bclinical|\bmedical|\bstructural|\belectrical/i,
];
const EASY = [/\bsimple\b|\bbasic\b/i, /\bshort\b|\bsmall\b|\bquick\b|\bone-page\b/i, /\blist\b|\btemplate|\bdraft\b/i];

export function readSignals(brief: string): BriefSignals {
  const budget = budgetAmount(brief);
  // A budget says something of the size of the undertaking, not the price of volunteers' hours: a small nudge.
  const budgetFactor = budget === null ? 1 : clamp(1 + 0.1 * Math.log10(budget / 2_000), 0.8, 1.25);
  let hoursCap = MAX_HOURS;
  // Bounded, so that no run of spaces or word is read from each of the words before it.
  const within =
    /\b(?:in|within|over|during)\s{1,2}(?:the\s{1,2}next\s{1,2})?(\w{1,20})\s{1,2}(weeks?|months?)\b/i.exec(brief);
  if (within) {
    const count = toNumber(within[1]) ?? 1;
    const weeks = /^month/i.test(within[2]) ? count * 4 : count;
    hoursCap = clamp(weeks * HOURS_PER_WEEK, MIN_HOURS * 2, MAX_HOURS);
  }
  if (/\b(?:urgent(?:ly)?|asap|as soon as possible)\b/i.test(brief)) hoursCap = Math.min(hoursCap, URGENT_CAP);
  return { budgetFactor, hoursCap };
}

export function estimate(piece: string, level: number, signals: BriefSignals): Estimate {
  const scale = Math.max(1, ...quantities(piece));
  const scaleFactor = Math.min(MAX_SCALE, 1 + SCALE_WEIGHT * Math.log2(scale));
  const lengthFactor = piece.split(/\s+/).length > LONG_PIECE_WORDS ? 1.2 : 1;
  const hours = clamp(
    Math.round(BASE_HOURS[level] * scaleFactor * lengthFactor * signals.budgetFactor),
    MIN_HOURS,
    Math.max(MIN_HOURS, signals.hoursCap),
  );
  const hard = HARD.filter((words) => words.test(piece)).length;
  const easy = EASY.filter((words) => words.test(piece)).length;
  const complexity = clamp(
    BASE_COMPLEXITY[level] + Math.min(hard, 3) - Math.min(easy, 2) + (scale >= 100 ? 1 : 0),
    1,
    10,
  );
  return { hours, complexity, experience: experienceFor(piece, complexity) };
}

function experienceFor(piece: string, complexity: number): ExperienceLevel {
  if (/\b(?:expert|specialist|chartered|qualified|certified|accredited|licensed|registered)\b/i.test(piece))
    return complexity >= 8 ? 'expert' : 'senior';
  if (/\b(?:senior|experienced|seasoned)\b/i.test(piece)) return 'senior';
  if (/\b(?:junior|student|beginner|entry-level|trainee)\b/i.test(piece)) return 'junior';
  if (complexity <= 3) return 'junior';
  if (complexity <= 5) return 'mid';
  if (complexity <= 7) return 'senior';
  return 'expert';
}

/** Counts a piece names: "ten pages", "about 15 mentees", "2,000 items"; not years, percentages or money. */
function quantities(piece: string): number[] {
  const found: number[] = [];
  for (const match of piece.matchAll(/(?<![£$€\d.,])(\d{1,3}(?:,\d{3}){1,6}|\d{1,20})\b/g)) {
    // Not a percentage ("15%", "2.5 %"); read here, as a lookahead in the pattern it was re-read at every digit.
    PERCENT_AFTER.lastIndex = match.index + match[0].length;
    if (PERCENT_AFTER.test(piece)) continue;
    const value = Number(match[1].replaceAll(',', ''));
    if (!(value >= 1900 && value <= 2100)) found.push(value);
  }
  for (const word of piece.toLowerCase().split(/[^a-z]+/)) {
    const value = NUMBER_WORDS[word];
    if (value) found.push(value);
  }
  return found;
}

const PERCENT_AFTER = /[\d.,]*\s?%/y;

/** An amount of money: "£2,500", "$3.5k", "€ 40 m". */
const AMOUNT = /[£$€]\s?(\d[\d,]*(?:\.\d+)?)\s*(k|m)?\b/gi;
const BUDGET_WORD = /\bbudget\b/gi;

/**
 * The first amount the brief calls its budget: "budget" up to 60 characters of the same sentence before it, or up to 40
 * after it. Each amount's surroundings are read apart (one character more than the words can take, so that "\b" sees
 * the character before or after): one pattern for both read every digit run and space after "£" many times over.
 */
function budgetAmount(brief: string): number | null {
  for (const match of brief.matchAll(AMOUNT)) {
    const end = match.index + match[0].length;
    const before = brief.slice(Math.max(0, match.index - 67), match.index);
    const after = brief.slice(end, end + 47);
    const words = (text: string) => [...text.matchAll(BUDGET_WORD)];
    const saidBefore = words(before).some(
      (word) => before.length - (word.index + word[0].length) <= 60 && !before.slice(word.index).includes('.'),
    );
    const saidAfter = words(after).some((word) => word.index <= 40 && !after.slice(0, word.index).includes('.'));
    if (!saidBefore && !saidAfter) continue;
    const value = Number(match[1].replaceAll(',', ''));
    const unit = (match[2] ?? '').toLowerCase();
    return value * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1);
  }
  return null;
}

function toNumber(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word.toLowerCase()] ?? null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
