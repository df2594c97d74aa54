import { monthsToYears, unionMonths, yearOf } from './dates.ts';
import type { CvLine } from './lines.ts';
import type { CvEducationResult, ExperienceLevel } from './schema.ts';
import { JUNIOR_TITLE, SENIOR_TITLE, TOP_TITLE } from './vocabulary.ts';
import type { Job } from './work-history.ts';

/** Years worked, counting months in overlapping jobs once. */
export function totalYears(jobs: Job[]): number {
  return monthsToYears(unionMonths(jobs.map((job) => job.span)));
}

const ORDER: ExperienceLevel[] = ['student', 'junior', 'mid', 'senior', 'expert'];

function atLeast(level: ExperienceLevel, floor: ExperienceLevel): ExperienceLevel {
  return ORDER.indexOf(level) >= ORDER.indexOf(floor) ? level : floor;
}

function atMost(level: ExperienceLevel, ceiling: ExperienceLevel): ExperienceLevel {
  return ORDER.indexOf(level) <= ORDER.indexOf(ceiling) ? level : ceiling;
}

export function latestJob(jobs: Job[]): Job | undefined {
  return [...jobs].sort((a, b) => b.span.end - a.span.end || b.span.start - a.span.start)[0];
}

/**
 * The level from the years worked, then corrected by the latest title, which says what the years alone do not: a
 * career changer's first "Junior Developer" job stays junior whatever they did before; a "Senior" or "Lead" title
 * after some years is senior; a principal, head or director after ten years is expert. Someone still studying with
 * under two years of work is a student.
 */
export function experienceLevel(input: {
  years: number;
  jobs: Job[];
  education: CvEducationResult[];
  lines: CvLine[];
  asOf: number;
}): ExperienceLevel {
  const { years } = input;
  const studying =
    input.education.some((entry) => entry.graduation_year !== null && entry.graduation_year > yearOf(input.asOf)) ||
    input.lines.some((line) => ['header', 'summary'].includes(line.section) && /\bstudent\b/i.test(line.text));
  if (studying && years < 2) return 'student';

  let level: ExperienceLevel = years < 2 ? 'junior' : years < 5 ? 'mid' : years < 12 ? 'senior' : 'expert';
  const title = latestJob(input.jobs)?.title ?? '';
  if (JUNIOR_TITLE.test(title)) return atMost(level, 'junior');
  if (TOP_TITLE.test(title) && years >= 10) level = 'expert';
  if (SENIOR_TITLE.test(title) && years >= 4) level = atLeast(level, 'senior');
  else if (SENIOR_TITLE.test(title) && years >= 2) level = atLeast(level, 'mid');
  return level;
}
