/**
 * Dates as CVs write them: "Mar 2020", "March 2020", "03/2020", "2020-03", "2020", and ranges between two of them
 * or up to "present". A month is counted as an integer (year × 12 + month − 1) so spans and overlaps are arithmetic.
 */
export type MonthSpan = {
  start: number;
  /** Last month, inclusive; for an ongoing range, the month of `asOf`. */
  end: number;
  ongoing: boolean;
  /** Only years were given ("2015 – 2018"): the span counts whole years between them. */
  yearsOnly: boolean;
  /** Where the range sits in the text it was found in. */
  index: number;
  length: number;
};

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_NAME =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const YEAR = '(?:19|20)\\d\\d';
// Whitespace runs are bounded (no date is written with more) so recheck can prove RANGE linear: its automaton
// check takes look-arounds only in a pattern without unbounded repetition.
const SPACE = '\\s{1,8}';
const OPTIONAL_SPACE = '\\s{0,8}';
// One date, most specific form first so "03/2020" is not read as the year alone.
const DATE = `(?:(?:${MONTH_NAME})\\.?,?${SPACE}${YEAR}|(?:0?[1-9]|1[0-2])[/.]${YEAR}|${YEAR}[-/.](?:0[1-9]|1[0-2])(?!\\d)|${YEAR})`;
const ONGOING = 'present|current|currently|now|today|to date|date|ongoing';
const EXPECTED = `(?:expected|exp\\.|anticipated)${SPACE}`;
const RANGE = new RegExp(
  `(?<![\\d/.-])(${DATE})${OPTIONAL_SPACE}(?:[-–—]{1,3}|\\bto\\b|\\buntil\\b|\\btill\\b|\\bthrough\\b)${OPTIONAL_SPACE}(?:${EXPECTED})?(${DATE}|${ONGOING})(?![\\d/])` +
    `|\\bsince${SPACE}(${DATE})`,
  'gi',
);
const SINGLE_YEAR = new RegExp(`(?<![\\d/.-])(${YEAR})(?![\\d/.-]?\\d)`, 'g');

/** The month a date names; a bare year names its January (and says so, for spans between bare years). */
function parseMonth(text: string): { month: number; yearOnly: boolean } | null {
  const value = text.trim().toLowerCase();
  const named = /^([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(value);
  if (named && MONTHS[named[1]]) return { month: toMonth(Number(named[2]), MONTHS[named[1]]), yearOnly: false };
  const monthFirst = /^(\d{1,2})[/.](\d{4})$/.exec(value);
  if (monthFirst) return { month: toMonth(Number(monthFirst[2]), Number(monthFirst[1])), yearOnly: false };
  const yearFirst = /^(\d{4})[-/.](\d{2})$/.exec(value);
  if (yearFirst) return { month: toMonth(Number(yearFirst[1]), Number(yearFirst[2])), yearOnly: false };
  if (/^\d{4}$/.test(value)) return { month: toMonth(Number(value), 1), yearOnly: true };
  return null;
}

function toMonth(year: number, month: number): number {
  return year * 12 + (month - 1);
}

/** The month of an ISO date ("2026-11-21"). */
export function monthOfDate(isoDate: string): number {
  const [year, month] = isoDate.split('-').map(Number);
  return toMonth(year, month);
}

export function formatMonth(month: number): string {
  const year = Math.floor(month / 12);
  return `${year}-${String((month % 12) + 1).padStart(2, '0')}`;
}

export function yearOf(month: number): number {
  return Math.floor(month / 12);
}

/** Date ranges in a line. A range ending after `asOf` (a contract's planned end) is counted up to `asOf`. */
export function findDateRanges(text: string, asOf: number): MonthSpan[] {
  const spans: MonthSpan[] = [];
  for (const match of text.matchAll(RANGE)) {
    const startText = match[1] ?? match[3];
    const start = parseMonth(startText);
    if (!start) continue;
    const endText = match[1] ? match[2] : 'present';
    const end = parseMonth(endText);
    const ongoing = end === null;
    const endMonth = end ? end.month : asOf;
    if (endMonth < start.month || start.month > asOf) continue;
    spans.push({
      start: start.month,
      end: Math.min(endMonth, asOf),
      ongoing,
      yearsOnly: start.yearOnly && (end?.yearOnly ?? true),
      index: match.index,
      length: match[0].length,
    });
  }
  return spans;
}

/** The last year named in a range ("2010 – 2014", "Sep 2023 – expected May 2027"), without clamping to today. */
export function rangeEndYear(text: string): number | null {
  let last: number | null = null;
  for (const match of text.matchAll(RANGE)) {
    const end = match[2] ? parseMonth(match[2]) : null;
    if (end) last = yearOf(end.month);
  }
  return last;
}

/** Four-digit years standing alone ("2019", "(2022)"), in order of appearance. */
export function findYears(text: string): number[] {
  return [...text.matchAll(SINGLE_YEAR)].map((match) => Number(match[1]));
}

/** Months covered by one span; a years-only span counts the years between its ends ("2015 – 2018" is 3 years). */
export function spanMonths(span: Pick<MonthSpan, 'start' | 'end' | 'yearsOnly' | 'ongoing'>): number {
  const inclusive = span.end - span.start + 1;
  return span.yearsOnly && !span.ongoing ? Math.max(1, inclusive - 1) : inclusive;
}

/** Months covered by several spans, counting overlaps once. */
export function unionMonths(spans: ReadonlyArray<Pick<MonthSpan, 'start' | 'end' | 'yearsOnly' | 'ongoing'>>): number {
  const sorted = spans
    .map((span) => ({ start: span.start, end: span.start + spanMonths(span) - 1 }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let total = 0;
  let current: { start: number; end: number } | null = null;
  for (const span of sorted) {
    if (current && span.start <= current.end + 1) {
      current.end = Math.max(current.end, span.end);
      continue;
    }
    if (current) total += current.end - current.start + 1;
    current = { ...span };
  }
  if (current) total += current.end - current.start + 1;
  return total;
}

export function monthsToYears(months: number): number {
  return Math.round((months / 12) * 10) / 10;
}
