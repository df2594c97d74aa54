import {
  DEFAULT_TASK_HOURS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_SHORTFALL_PENALTY,
  FACTOR_POINTS,
  NOMINAL_TASK_WEEKS,
  PROFICIENCY_WEIGHT,
  REPUTATION_CAP,
  UNKNOWN_EXPERIENCE_FIT,
} from './policy.ts';

/** What matching needs to know of a task. */
export type TaskNeeds = {
  id: number;
  challengeId: number;
  title: string;
  estimatedHours: number | null;
  requiredExperienceLevel: string | null;
  /** The task's required skills as taxonomy ids, with the names people see. */
  skills: ReadonlyArray<{ id: number; name: string }>;
};

/** What matching needs to know of a contributor. */
export type Candidate = {
  volunteerId: number;
  userId: number;
  experienceLevel: string | null;
  availabilityHours: number;
  /** Estimated hours of the tasks they hold (accepted, in progress or submitted). */
  heldTaskHours: number;
  reputation: number;
  /** Proficiency by skill id, for the skills that count: manual ones, and CV ones once the analysis passed. */
  skills: ReadonlyMap<number, string>;
};

/** An eligible contributor's score; the reasoning is written from `factors` only for those invited. */
export type Match = { candidate: Candidate; score: number; factors: MatchFactors };

/** The facts behind a score, each factor with the points it earned (unrounded) — what the reasoning explains. */
export type MatchFactors = {
  matchedSkills: Array<{ name: string; proficiency: string }>;
  missingSkills: string[];
  requiredLevel: string | null;
  actualLevel: string | null;
  freeHours: number;
  neededHours: number;
  reputation: number;
  points: { skills: number; experience: number; availability: number; reputation: number };
};

/** Hours a week the task asks of its assignee: its estimate spread over a nominal task length. */
export function weeklyHoursNeeded(estimatedHours: number | null): number {
  return (estimatedHours ?? DEFAULT_TASK_HOURS) / NOMINAL_TASK_WEEKS;
}

/** Weekly hours left once the tasks a contributor holds are counted the same way. */
export function freeWeeklyHours(candidate: Candidate): number {
  return candidate.availabilityHours - candidate.heldTaskHours / NOMINAL_TASK_WEEKS;
}

function levelRank(level: string | null): number {
  return level === null ? -1 : (EXPERIENCE_LEVELS as readonly string[]).indexOf(level);
}

/** 1 when the contributor meets the required level (or none is asked), less for each level short of it. */
export function experienceFit(required: string | null, actual: string | null): number {
  const requiredRank = levelRank(required);
  if (requiredRank < 0) return 1;
  const actualRank = levelRank(actual);
  if (actualRank < 0) return UNKNOWN_EXPERIENCE_FIT;
  const shortfall = requiredRank - actualRank;
  return shortfall <= 0 ? 1 : Math.max(0, 1 - EXPERIENCE_SHORTFALL_PENALTY * shortfall);
}

/** Full marks from twice the hours needed; exactly enough hours earns half. */
function availabilityHeadroom(freeHours: number, neededHours: number): number {
  if (neededHours <= 0) return 1;
  return Math.min(1, Math.max(0, freeHours / (2 * neededHours)));
}

function reputationShare(reputation: number): number {
  return Math.min(1, Math.log1p(Math.max(0, reputation)) / Math.log1p(REPUTATION_CAP));
}

export function matchFactors(task: TaskNeeds, candidate: Candidate): MatchFactors {
  const matchedSkills: MatchFactors['matchedSkills'] = [];
  const missingSkills: string[] = [];
  let coverage = 0;
  for (const skill of task.skills) {
    const proficiency = candidate.skills.get(skill.id);
    if (proficiency === undefined) {
      missingSkills.push(skill.name);
      continue;
    }
    matchedSkills.push({ name: skill.name, proficiency });
    coverage += PROFICIENCY_WEIGHT[proficiency] ?? 0;
  }
  const freeHours = freeWeeklyHours(candidate);
  const neededHours = weeklyHoursNeeded(task.estimatedHours);
  return {
    matchedSkills,
    missingSkills,
    requiredLevel: task.requiredExperienceLevel,
    actualLevel: candidate.experienceLevel,
    freeHours,
    neededHours,
    reputation: candidate.reputation,
    points: {
      skills: task.skills.length === 0 ? 0 : (FACTOR_POINTS.skills * coverage) / task.skills.length,
      experience: FACTOR_POINTS.experience * experienceFit(task.requiredExperienceLevel, candidate.experienceLevel),
      availability: FACTOR_POINTS.availability * availabilityHeadroom(freeHours, neededHours),
      reputation: FACTOR_POINTS.reputation * reputationShare(candidate.reputation),
    },
  };
}

/**
 * Scores one contributor for one task, or answers null when they are not eligible: none of the task's skills among
 * theirs, or fewer free weekly hours than the task needs. (Profile, active account, counted skill sources and "not
 * already on the task" are settled by the candidate query.)
 */
export function scoreCandidate(task: TaskNeeds, candidate: Candidate): Match | null {
  const factors = matchFactors(task, candidate);
  if (factors.matchedSkills.length === 0) return null;
  if (factors.freeHours < factors.neededHours) return null;
  const { skills, experience, availability, reputation } = factors.points;
  const score = Math.min(100, Math.round(skills + experience + availability + reputation));
  return { candidate, score, factors };
}

/** The eligible candidates scoring at least `minimumScore`, best first. */
export function rankCandidates(task: TaskNeeds, candidates: readonly Candidate[], minimumScore: number): Match[] {
  const ranked: Match[] = [];
  for (const candidate of candidates) {
    const match = scoreCandidate(task, candidate);
    if (match && match.score >= minimumScore) ranked.push(match);
  }
  return ranked.sort(compareMatches);
}

/** Best first; equal scores go to the more reputable, then to the earlier profile, so the order is stable. */
export function compareMatches(a: Match, b: Match): number {
  return (
    b.score - a.score ||
    b.candidate.reputation - a.candidate.reputation ||
    a.candidate.volunteerId - b.candidate.volunteerId
  );
}
