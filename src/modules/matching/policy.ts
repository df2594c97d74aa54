/**
 * The matching rules in numbers (docs/contract.md §6 step 4). They live together so that one file says how contributors
 * are chosen; `MatchOptions` lets a caller (a test, a future setting) change the two a deployment might tune.
 */
export type MatchOptions = {
  /** How many open invitations a task keeps: matching tops up to this many, never beyond. */
  invitationsPerTask: number;
  /** The lowest score (0–100) that earns an invitation. */
  minimumScore: number;
};

export const DEFAULT_MATCH_OPTIONS: MatchOptions = Object.freeze({ invitationsPerTask: 3, minimumScore: 60 });

/**
 * A task's `estimated_hours` are spread over a nominal four-week task, so a 40-hour task asks 10 hours a week of
 * whoever takes it, and weighs as much on their availability while they hold it.
 */
export const NOMINAL_TASK_WEEKS = 4;

/** Hours assumed for a task without an estimate (the middle of the 4–40 hours decomposition gives). */
export const DEFAULT_TASK_HOURS = 20;

/** Maximum points of each factor; they add up to 100. */
export const FACTOR_POINTS = { skills: 50, experience: 20, availability: 15, reputation: 15 } as const;

/**
 * What holding a required skill is worth, by the contributor's proficiency in it. Beginner is worth little: it is
 * what a CV shows for a skill met only in studies or named with "basic knowledge of".
 */
export const PROFICIENCY_WEIGHT: Readonly<Record<string, number>> = {
  beginner: 0.3,
  intermediate: 0.7,
  advanced: 0.85,
  expert: 1,
};

/**
 * How much of the skills points one fully held skill earns. Skills combine like independent pieces of evidence
 * (1 − Π(1 − share × weight)): the first fitting skill earns most, each further one less, so a recruiter's "holds
 * the key skill" is a fit, and holding every skill is the best fit, without a task's long skill list turning a
 * specialist into a poor match.
 */
export const SKILL_EVIDENCE_SHARE = 0.85;

/**
 * What a neighbouring skill held (one of the same field of work as a core required skill: skill-neighbours.ts) adds,
 * as a share like `SKILL_EVIDENCE_SHARE`, and how many count: three such skills at expert level take a contributor
 * holding the key skill from 36 to about 45 of the skill points, enough to rank someone who does this kind of work
 * above someone whose CV names the skill once, and never enough to make a fit of anyone without a core skill.
 */
export const NEIGHBOUR_EVIDENCE_SHARE = 0.25;
export const NEIGHBOURS_COUNTED = 3;

/** Proficiencies from least to most. */
export const PROFICIENCIES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

/**
 * The least proficiency at which a held skill makes a contributor fit for a task, by the experience the task asks
 * for: a junior task takes a beginner, an expert task wants someone advanced. A task with no level asks for
 * intermediate, like a mid-level one.
 */
export const MINIMUM_FITTING_PROFICIENCY: Readonly<Record<string, (typeof PROFICIENCIES)[number]>> = {
  junior: 'beginner',
  mid: 'intermediate',
  senior: 'intermediate',
  expert: 'advanced',
};
export const DEFAULT_FITTING_PROFICIENCY = 'intermediate';

/**
 * Skill categories that never make someone fit on their own: "Communication" or "Teamwork" shared with a task says
 * nothing about whether the person can do its work. They still add to the score of someone who fits.
 */
export const SUPPORTING_CATEGORIES: ReadonlySet<string> = new Set(['soft']);

/** Experience levels from least to most experienced (contributor profile and task use the same words). */
export const EXPERIENCE_LEVELS = ['student', 'junior', 'mid', 'senior', 'expert'] as const;

/** Each level a contributor is below the task's required level costs this share of the experience points. */
export const EXPERIENCE_SHORTFALL_PENALTY = 0.35;

/** Share of the experience points given when the contributor's level is not known. */
export const UNKNOWN_EXPERIENCE_FIT = 0.5;

/**
 * Reputation counts on a log scale up to this many points: the first contributions matter most, and a long record
 * cannot outweigh missing skills.
 */
export const REPUTATION_CAP = 1000;

/** From this many points, reputation is named among the strengths. */
export const NOTABLE_REPUTATION = 100;
