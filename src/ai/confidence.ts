/**
 * Honest confidence (issue 12, item 7; docs/quality.md, "Honest confidence"). A provider's own confidence says how
 * sure it is of what it wrote, not how much of the input it understood: a model reading three skills out of a CV may
 * still answer 90. So every figure Guild stores for a CV or a brief is the provider's, capped by what the analysis
 * actually got out of the input, and a figure below LOW_CONFIDENCE comes with advice in plain words on what to check.
 *
 * Each cap is the weakest of a few readings (skills, work history; text, goals, tasks), so one thin reading is enough
 * to make the figure low, and every cap only rises as a reading grows.
 */

/** Below this a figure is low: the page says what to check, and a CV's profile is not validated (needs_review). */
export const LOW_CONFIDENCE = 70;

/** What a CV analysis got out of the CV. */
export interface CvReading {
  /** Skills found (those the skill list knows: the others are dropped). */
  skills: number;
  /** Jobs in the work history. */
  jobs: number;
  /** Jobs with a start date. */
  datedJobs: number;
  /** Degrees and courses: a student's history. */
  degrees: number;
}

/** What the analysis of a brief got out of it. */
export interface BriefReading {
  /** Words of the brief's description. */
  words: number;
  objectives: number;
  successCriteria: number;
  /** Tasks planned from the brief, each quoting the part it comes from; null when no plan was made (ideas). */
  tasks: number | null;
}

/** The most confidence a CV analysis may claim for what it got out of the CV. */
export function cvCeiling(reading: CvReading): number {
  const bySkills =
    reading.skills >= 8 ? 100 : reading.skills >= 5 ? 85 : reading.skills >= 3 ? 60 : reading.skills > 0 ? 45 : 25;
  // A student's degrees are the history a CV without jobs can have; without either, little was understood.
  const byHistory = reading.datedJobs > 0 ? 100 : reading.jobs > 0 ? 65 : reading.degrees > 0 ? LOW_CONFIDENCE : 55;
  return Math.min(bySkills, byHistory);
}

/** The most confidence an analysis of a brief may claim for what it got out of the brief. */
export function briefCeiling(reading: BriefReading): number {
  const byText = reading.words >= 120 ? 100 : reading.words >= 60 ? 85 : reading.words >= 30 ? 60 : 45;
  const goals = (reading.objectives > 0 ? 1 : 0) + (reading.successCriteria > 0 ? 1 : 0);
  const byGoals = goals === 2 ? 100 : goals === 1 ? 85 : 60;
  const byTasks = reading.tasks === null || reading.tasks >= 4 ? 100 : reading.tasks >= 2 ? 65 : 45;
  return Math.min(byText, byGoals, byTasks);
}

/** Words of a text, as the brief's reading counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** The figure to store and show: the provider's own, never above what the reading supports. */
export function honestConfidence(reported: number, ceiling: number): number {
  return Math.max(0, Math.min(Math.round(reported), ceiling));
}

export function isLowConfidence(confidence: number | null): boolean {
  return confidence !== null && confidence < LOW_CONFIDENCE;
}

/**
 * What a contributor should check when their CV's figure is low, in plain words: "We found only 3 skills and no work
 * history in your CV — check the skills on your profile and add missing ones, …". Null when the figure is not low.
 */
export function cvAdvice(confidence: number | null, reading: Omit<CvReading, 'degrees'>): string | null {
  if (!isLowConfidence(confidence)) return null;
  const found: string[] = [];
  if (reading.skills < 5) found.push(reading.skills === 0 ? 'no skills' : `only ${count(reading.skills, 'skill')}`);
  if (reading.jobs === 0) found.push('no work history');
  else if (reading.datedJobs === 0) found.push('no dates for your jobs');
  if (found.length === 0) {
    return 'The analysis was unsure of what it read in your CV: check the skills and work history on your profile, and correct or add what is missing.';
  }
  const history = reading.jobs === 0 || reading.datedJobs === 0;
  return (
    `We found ${joined(found)} in your CV — check the skills on your profile and add missing ones` +
    (history ? ', and make sure your CV lists your jobs with when each began and ended (month and year).' : '.')
  );
}

/**
 * What a company should check when the figure of its brief's analysis is low: the short text, the missing goals, the
 * few tasks. Null when the figure is not low.
 */
export function briefAdvice(confidence: number | null, reading: BriefReading): string | null {
  if (!isLowConfidence(confidence)) return null;
  const found: string[] = [];
  if (reading.words < 60) found.push(`the brief is short (${count(reading.words, 'word')})`);
  if (reading.objectives === 0 && reading.successCriteria === 0)
    found.push('it states no objectives or success criteria');
  else if (reading.successCriteria === 0) found.push('it states no success criteria');
  if (reading.tasks !== null && reading.tasks < 4)
    found.push(`only ${count(reading.tasks, 'task')} could be taken from it`);
  const check =
    reading.tasks === null
      ? 'Check the refined brief and the analysis below against what you need'
      : 'Check the tasks against what you need and correct, add or remove them';
  if (found.length === 0) return `The analysis was unsure of what it read in the brief. ${check}.`;
  return `${capitalised(joined(found))}. ${check}; a longer brief that says what a good result looks like is understood better.`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function joined(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
