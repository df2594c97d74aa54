import {
  DEFAULT_FITTING_PROFICIENCY,
  DEFAULT_TASK_HOURS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_SHORTFALL_PENALTY,
  FACTOR_POINTS,
  MINIMUM_FITTING_PROFICIENCY,
  NEIGHBOUR_EVIDENCE_SHARE,
  NEIGHBOURS_COUNTED,
  NOMINAL_TASK_WEEKS,
  PROFICIENCIES,
  PROFICIENCY_WEIGHT,
  REPUTATION_CAP,
  SKILL_EVIDENCE_SHARE,
  SUPPORTING_CATEGORIES,
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
  skills: ReadonlyArray<RequiredSkill>;
  /**
   * Skills next to the required ones in the taxonomy (their parent, its other children), as far as anyone holds them:
   * a contributor who holds one beside a required skill is more likely to do the work, so it raises their score,
   * but it makes nobody fit alone. Worked out once per task, never per candidate.
   */
  neighbours?: ReadonlySet<number>;
};

/**
 * A skill a task needs. `narrower` are the taxonomy's narrower skills that satisfy it ("PostgreSQL" for "SQL",
 * "TIG Welding" for "Welding"), as far as anyone holds them; `category` tells a supporting skill ("soft") apart.
 */
export type RequiredSkill = {
  id: number;
  name: string;
  category?: string | null;
  narrower?: ReadonlyArray<{ id: number; name: string }>;
  /** The least proficiency the company asked for in this skill; unset, the task's experience level decides. */
  level?: string | null;
  /**
   * False for a supporting skill (the report at the end of an audit, a schedule, a budget): it adds to the score of
   * someone who fits but makes nobody fit alone. Unset means core, as for tasks planned before the flag existed.
   */
  core?: boolean;
  /** The fields of work the skill belongs to (the taxonomy's `fields`: "health", "data"…); unset or empty: unknown. */
  fields?: readonly string[];
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
  /** The CV excerpt each skill was read from, where the analysis kept one. */
  evidence?: ReadonlyMap<number, string>;
  /**
   * The fields of work their CV places them in (the analysis's professional domains, named as the taxonomy's fields);
   * unset or empty when unknown (a profile without an analysed CV).
   */
  fields?: ReadonlySet<string>;
};

/**
 * An eligible contributor's score; the reasoning is written from `factors` only for those invited. `ownField`
 * (`worksInFieldOf`) orders the ranking before the score.
 */
export type Match = { candidate: Candidate; score: number; ownField: boolean; factors: MatchFactors };

/** The facts behind a score, each factor with the points it earned (unrounded) — what the reasoning explains. */
export type MatchFactors = {
  matchedSkills: MatchedSkill[];
  missingSkills: string[];
  /** How many neighbouring skills (the task's fields of work) counted towards the skill points. */
  neighbourSkills: number;
  requiredLevel: string | null;
  actualLevel: string | null;
  freeHours: number;
  neededHours: number;
  reputation: number;
  points: { skills: number; experience: number; availability: number; reputation: number };
};

/** A required skill the contributor holds, directly or through a narrower one. */
export type MatchedSkill = {
  /** The task's skill. */
  name: string;
  proficiency: string;
  /** The narrower skill the contributor holds instead ("PostgreSQL" for "SQL"); null when held as named. */
  via: string | null;
  /** Where their CV shows it, when known. */
  evidence: string | null;
  /** Held at the proficiency the task's level asks for, and a core skill of the task (not merely a supporting one). */
  fits: boolean;
};

/** Hours a week the task asks of its assignee: its estimate spread over a nominal task length. */
export function weeklyHoursNeeded(estimatedHours: number | null): number {
  return (estimatedHours ?? DEFAULT_TASK_HOURS) / NOMINAL_TASK_WEEKS;
}

/** Weekly hours left once the tasks a contributor holds are counted the same way. */
function freeWeeklyHours(candidate: Candidate): number {
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

function proficiencyRank(proficiency: string): number {
  return (PROFICIENCIES as readonly string[]).indexOf(proficiency);
}

/** The least proficiency that makes a held skill count as a fit for a task of this level. */
export function fittingProficiency(requiredLevel: string | null): string {
  return (requiredLevel && MINIMUM_FITTING_PROFICIENCY[requiredLevel]) || DEFAULT_FITTING_PROFICIENCY;
}

/** The contributor's best hold on one required skill: the skill itself, or the best of its narrower skills. */
function holdOn(
  skill: RequiredSkill,
  candidate: Candidate,
): { id: number; proficiency: string; via: string | null } | null {
  let best: { id: number; proficiency: string; via: string | null } | null = null;
  const direct = candidate.skills.get(skill.id);
  if (direct !== undefined) best = { id: skill.id, proficiency: direct, via: null };
  for (const narrower of skill.narrower ?? []) {
    const proficiency = candidate.skills.get(narrower.id);
    if (proficiency === undefined) continue;
    if (best === null || proficiencyRank(proficiency) > proficiencyRank(best.proficiency)) {
      best = { id: narrower.id, proficiency, via: narrower.name };
    }
  }
  return best;
}

/**
 * Whether the contributor works in the field of the work they would be invited for: one of the task's core skills
 * that they hold at the proficiency its level asks (directly or through a narrower skill) belongs to a field of work
 * their CV places them in. An auditor whose CV shows "data analytics on journals" holds Data analysis, but a data
 * analyst does that work for a living; a recruiter calls the people of the trade first. True when either side is
 * unknown (a profile without an analysed CV, a skill without fields), so that nobody is put back for what is not known.
 * It orders the ranking only (`compareMatches`): it changes neither who is eligible nor the score.
 */
export function worksInFieldOf(task: TaskNeeds, candidate: Candidate): boolean {
  if (!candidate.fields || candidate.fields.size === 0) return true;
  const taskFloor = proficiencyRank(fittingProficiency(task.requiredExperienceLevel));
  for (const skill of task.skills) {
    if (!isCoreSkill(skill)) continue;
    const hold = holdOn(skill, candidate);
    if (hold === null || proficiencyRank(hold.proficiency) < (skill.level ? proficiencyRank(skill.level) : taskFloor))
      continue;
    if (!skill.fields || skill.fields.length === 0) return true;
    for (const field of skill.fields) if (candidate.fields.has(field)) return true;
  }
  return false;
}

/** Whether holding the skill can make someone fit: a core skill of the task, and not a soft skill ("Teamwork"). */
export function isCoreSkill(skill: Pick<RequiredSkill, 'core' | 'category'>): boolean {
  return skill.core !== false && !SUPPORTING_CATEGORIES.has(skill.category ?? '');
}

/** The proficiencies of the neighbouring skills a contributor holds, best first, at most `NEIGHBOURS_COUNTED`. */
function neighboursHeld(task: TaskNeeds, candidate: Candidate): string[] {
  if (!task.neighbours || task.neighbours.size === 0) return [];
  const held: string[] = [];
  for (const [id, proficiency] of candidate.skills) if (task.neighbours.has(id)) held.push(proficiency);
  return held.sort((a, b) => proficiencyRank(b) - proficiencyRank(a)).slice(0, NEIGHBOURS_COUNTED);
}

export function matchFactors(task: TaskNeeds, candidate: Candidate): MatchFactors {
  return factorsWith(task, candidate, neighboursHeld(task, candidate));
}

/** The factors of a candidate credited with these neighbouring skills (their proficiencies, best first). */
function factorsWith(task: TaskNeeds, candidate: Candidate, neighbours: readonly string[]): MatchFactors {
  const matchedSkills: MatchedSkill[] = [];
  const missingSkills: string[] = [];
  const taskFloor = proficiencyRank(fittingProficiency(task.requiredExperienceLevel));
  let unexplained = 1;
  for (const skill of task.skills) {
    const hold = holdOn(skill, candidate);
    if (hold === null) {
      missingSkills.push(skill.name);
      continue;
    }
    const floor = skill.level ? proficiencyRank(skill.level) : taskFloor;
    matchedSkills.push({
      name: skill.name,
      proficiency: hold.proficiency,
      via: hold.via,
      evidence: candidate.evidence?.get(hold.id) ?? null,
      fits: proficiencyRank(hold.proficiency) >= floor && isCoreSkill(skill),
    });
    unexplained *= 1 - SKILL_EVIDENCE_SHARE * (PROFICIENCY_WEIGHT[hold.proficiency] ?? 0);
  }
  for (const proficiency of neighbours)
    unexplained *= 1 - NEIGHBOUR_EVIDENCE_SHARE * (PROFICIENCY_WEIGHT[proficiency] ?? 0);
  const freeHours = freeWeeklyHours(candidate);
  const neededHours = weeklyHoursNeeded(task.estimatedHours);
  return {
    matchedSkills,
    missingSkills,
    neighbourSkills: neighbours.length,
    requiredLevel: task.requiredExperienceLevel,
    actualLevel: candidate.experienceLevel,
    freeHours,
    neededHours,
    reputation: candidate.reputation,
    points: {
      skills: FACTOR_POINTS.skills * (1 - unexplained),
      experience: FACTOR_POINTS.experience * experienceFit(task.requiredExperienceLevel, candidate.experienceLevel),
      availability: FACTOR_POINTS.availability * availabilityHeadroom(freeHours, neededHours),
      reputation: FACTOR_POINTS.reputation * reputationShare(candidate.reputation),
    },
  };
}

/**
 * Scores one contributor for one task, or answers null when they are not eligible: no required skill (or a narrower
 * one) held at the proficiency the task's level asks for — a supporting skill like "Communication" alone does not
 * count — or fewer free weekly hours than the task needs. (Profile, active account, counted skill sources and "not
 * already on the task" are settled by the candidate query.)
 */
export function scoreCandidate(task: TaskNeeds, candidate: Candidate): Match | null {
  const factors = matchFactors(task, candidate);
  if (!isEligible(factors)) return null;
  return { candidate, score: scoreOf(factors), ownField: worksInFieldOf(task, candidate), factors };
}

/** The proficiency that weighs most: what an unread neighbouring skill is assumed to be held at. */
const STRONGEST_PROFICIENCY = PROFICIENCIES.reduce((best, proficiency) =>
  (PROFICIENCY_WEIGHT[proficiency] ?? 0) > (PROFICIENCY_WEIGHT[best] ?? 0) ? proficiency : best,
);

/**
 * The highest score a candidate can reach once their neighbouring skills are known, or null when they are not
 * eligible (eligibility does not depend on neighbours): their score as if they held as many neighbours as count, each
 * at the strongest proficiency. Neighbours only ever lower the unexplained share of the skill points, through the
 * same operations in the same order, so no set of neighbours they really hold can score above it; this lets matching
 * read the neighbours of only those who could still rank among the invited (ranking.ts).
 */
export function scoreCeiling(task: TaskNeeds, candidate: Candidate): number | null {
  const counted = Math.min(NEIGHBOURS_COUNTED, task.neighbours?.size ?? 0);
  const factors = factorsWith(task, candidate, Array<string>(counted).fill(STRONGEST_PROFICIENCY));
  return isEligible(factors) ? scoreOf(factors) : null;
}

/** Whether the factors make a candidate at all: a fitting required skill, and the free weekly hours the task needs. */
function isEligible(factors: MatchFactors): boolean {
  return factors.matchedSkills.some((skill) => skill.fits) && factors.freeHours >= factors.neededHours;
}

/** What the ranking orders by (`compareMatches`): a match, or a candidate with their score ceiling. */
export type RankKey = Pick<Match, 'score' | 'candidate' | 'ownField'>;

/** The score 0–100: the factors' points added up and rounded. */
export function scoreOf(factors: MatchFactors): number {
  const { skills, experience, availability, reputation } = factors.points;
  return Math.min(100, Math.round(skills + experience + availability + reputation));
}

/**
 * Whether `match` waits instead of taking one of the task's places in an invitation round whose best candidate is
 * `best`: someone outside the field of the work (`worksInFieldOf`) is not invited beside people who work in it. On
 * the development set an outsider who fills a spare place beside them is as often wrong as right (134 of 303), while
 * people of the trade are right 0.87 of the time; a recruiter calls the trade and leaves the place open rather than
 * ask the wrong person. Outsiders stay eligible: a round whose best is an outsider (nobody of the trade is left to
 * ask, say after their declines) invites them as before.
 */
export function waitsBeside(best: Pick<RankKey, 'ownField'>, match: Pick<RankKey, 'ownField'>): boolean {
  return best.ownField && !match.ownField;
}

/** The matches one invitation round asks, from a ranking best first: the first `places` that do not wait. */
export function invitedOf<T extends Pick<RankKey, 'ownField'>>(ranked: readonly T[], places: number): T[] {
  const best = ranked[0];
  return best === undefined ? [] : ranked.filter((match) => !waitsBeside(best, match)).slice(0, places);
}

/** The eligible candidates scoring at least `minimumScore`, best first (`compareMatches`). */
export function rankCandidates(task: TaskNeeds, candidates: readonly Candidate[], minimumScore: number): Match[] {
  const ranked: Match[] = [];
  for (const candidate of candidates) {
    const match = scoreCandidate(task, candidate);
    if (match && match.score >= minimumScore) ranked.push(match);
  }
  return ranked.sort(compareMatches);
}

/**
 * Best first: those who work in the field of the work (`worksInFieldOf`) before those who do not, then by score;
 * equal scores go to the more reputable, then to the earlier profile, so the order is stable. Only the field, the
 * score and the candidate are read, so a score ceiling can be compared with a match the same way (ranking.ts).
 */
export function compareMatches(a: RankKey, b: RankKey): number {
  return (
    Number(b.ownField) - Number(a.ownField) ||
    b.score - a.score ||
    b.candidate.reputation - a.candidate.reputation ||
    a.candidate.volunteerId - b.candidate.volunteerId
  );
}
