import { findDateRanges, formatMonth, type MonthSpan, monthsToYears, spanMonths } from './dates.ts';
import type { CvLine } from './lines.ts';
import type { CvWorkResult } from './schema.ts';
import { FREELANCE_WORDS, ORGANISATION_WORDS, ROLE_WORDS } from './vocabulary.ts';

/**
 * Jobs from the experience section: each date range on a short line anchors a job; its title and employer are on
 * that line or on the header lines next to it (before it in most CVs, after it in date-first layouts); its block
 * runs to the next job, so what a job's bullets mention can be credited with that job's years.
 */
export type Job = {
  title: string;
  company: string;
  span: MonthSpan;
  /** Lines (CvLine.index) from the job's header to its last bullet. */
  firstLine: number;
  lastLine: number;
  /** The lines naming the title, employer and dates. */
  headerLines: number[];
};

export const SELF_EMPLOYED = 'Self-employed';

const MAX_HEADER_WORDS = 14;
const PART_SEPARATOR = /\s[—–-]\s|\s?[|·•]\s?|,\s|\s(?:at|@)\s/i;

export function findJobs(lines: CvLine[], asOf: number): Job[] {
  const inExperience = lines.filter((line) => line.section === 'experience');
  // Without an experience heading, jobs may be anywhere outside the sections that hold other dated things.
  const candidates = inExperience.length
    ? inExperience
    : lines.filter((line) => ['header', 'summary', 'other'].includes(line.section));
  const anchors = candidates.flatMap((line) => {
    const span = findDateRanges(line.text, asOf)[0];
    if (!span) return [];
    const rest = withoutSpan(line.text, span);
    return wordCount(rest) <= MAX_HEADER_WORDS && !rest.endsWith('.') ? [{ line, span, rest }] : [];
  });
  if (anchors.length === 0) return [];

  const anchorLines = new Set(anchors.map((anchor) => anchor.line.index));
  const isHeaderLike = (line: CvLine | undefined, section: string): line is CvLine =>
    line !== undefined &&
    line.section === section &&
    !line.bullet &&
    !anchorLines.has(line.index) &&
    wordCount(line.text) <= 12 &&
    !/[.!?]$/.test(line.text);
  const before = (anchor: (typeof anchors)[number], floor: number) => {
    const found: CvLine[] = [];
    for (let i = anchor.line.index - 1; i > floor && found.length < 2; i--) {
      if (!isHeaderLike(lines[i], anchor.line.section)) break;
      found.unshift(lines[i]);
    }
    return found;
  };
  // Date-first layouts (a table with the dates in the left column) put the header after the dates: decided once,
  // from the first job, so one job's bullets are never read as the next job's header.
  const first = anchors[0];
  const below = lines[first.line.index + 1];
  const datesFirst =
    wordCount(first.rest) === 0 &&
    before(first, -1).length === 0 &&
    isHeaderLike(below, first.line.section) &&
    ROLE_WORDS.test(below.text);

  const jobs: Job[] = [];
  let floor = -1;
  for (const anchor of anchors) {
    let header: CvLine[] = [];
    if (wordCount(anchor.rest) === 0) {
      const next = lines[anchor.line.index + 1];
      if (!datesFirst) header = before(anchor, floor);
      // A date line with nothing above it that could name the job: the job is named below it.
      const namedBelow = isHeaderLike(next, anchor.line.section) && (datesFirst || ROLE_WORDS.test(next.text));
      if (header.length === 0 && namedBelow) header = [next];
    }
    const parts = [anchor.rest, ...header.map((line) => line.text)].flatMap(splitParts);
    const { title, company } = titleAndCompany(parts);
    const firstLine = Math.min(anchor.line.index, ...header.map((line) => line.index));
    const headerLines = [anchor.line.index, ...header.map((line) => line.index)];
    jobs.push({ title, company, span: anchor.span, firstLine, lastLine: firstLine, headerLines });
    floor = Math.max(anchor.line.index, ...header.map((line) => line.index));
  }
  // A job's block ends where the next one's header starts, or at the end of its section.
  for (const [position, job] of jobs.entries()) {
    const next = jobs[position + 1];
    job.lastLine = next ? next.firstLine - 1 : lastLineOfSection(lines, job.firstLine);
  }
  return jobs.filter((job) => job.title !== '');
}

function lastLineOfSection(lines: CvLine[], from: number): number {
  let last = from;
  while (last + 1 < lines.length && lines[last + 1].section === lines[from].section) last++;
  return last;
}

function withoutSpan(text: string, span: MonthSpan): string {
  const joined = (text.slice(0, span.index) + ' ' + text.slice(span.index + span.length))
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ');
  return trimSeparators(joined);
}

const SEPARATOR_CHARACTERS = new Set(' |,;:()–—-');

/** Trims separators from both ends by walking in from each (a `[…]+$` pattern rescans every inner run). */
function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && SEPARATOR_CHARACTERS.has(text[start])) start++;
  while (end > start && SEPARATOR_CHARACTERS.has(text[end - 1])) end--;
  return text.slice(start, end);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length;
}

function splitParts(text: string): string[] {
  return text
    .split(PART_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => /\p{L}{2,}/u.test(part));
}

/** The part naming a role is the title; the employer is the part with a legal form or kind of organisation. */
function titleAndCompany(parts: string[]): { title: string; company: string } {
  const titleIndex = Math.max(
    0,
    parts.findIndex((part) => ROLE_WORDS.test(part)),
  );
  const title = parts[titleIndex] ?? '';
  const others = parts.filter((_, index) => index !== titleIndex);
  const organisation = others.find((part) => ORGANISATION_WORDS.test(part));
  const company =
    organisation ?? (FREELANCE_WORDS.test(title) ? SELF_EMPLOYED : (parts[titleIndex + 1] ?? others[0] ?? ''));
  return { title: clean(title), company: clean(company.replace(/\s?\([^()]*\)/g, '')) };
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export function toWorkExperience(jobs: Job[]): CvWorkResult[] {
  return [...jobs]
    .sort((a, b) => b.span.end - a.span.end || b.span.start - a.span.start)
    .map((job) => ({
      job_title: job.title,
      company: job.company,
      start_date: formatMonth(job.span.start),
      end_date: job.span.ongoing ? null : formatMonth(job.span.end),
      duration_years: monthsToYears(spanMonths(job.span)),
    }));
}
