import type { Taxonomy, TaxonomySkill } from '../src/ai/taxonomy/taxonomy.ts';
import { DEFAULT_MATCH_OPTIONS } from '../src/modules/matching/policy.ts';
import {
  type Candidate,
  invitedOf,
  isCoreSkill,
  type MatchFactors,
  matchFactors,
  rankCandidates,
  scoreOf,
  type TaskNeeds,
} from '../src/modules/matching/scoring.ts';
import { neighbourSkillsOf } from '../src/modules/matching/skill-neighbours.ts';
import type { BriefResult, PlannedTaskView } from './briefs.ts';
import type { CvResult } from './cvs.ts';
import { type LabelledSkill, normaliseSkillName, type SkillLabelMatcher } from './skill-labels.ts';

/** Every contributor gets the same time and no track record, so only skills and experience tell them apart. */
const AVAILABILITY_HOURS = 20;
const REPUTATION = 0;

export type TaskInvitations = {
  briefId: string;
  task: string;
  requiredSkills: string[];
  invited: Array<{ cv: string; score: number; fits: boolean }>;
  /** Contributors whose labelled skills meet one of the task's core required skills (`fitsTask`). */
  fitting: string[];
  fittingEligible: string[];
  /** The fitting contributors matching leaves out, each with why (`whyNotEligible`). */
  fittingLeftOut: Array<{ cv: string; why: LeftOutReason }>;
  /**
   * The same pairs by the issue's own wording, a labelled skill meeting *any* required skill of the task (supporting
   * and soft ones included), and how many of them are eligible: printed beside the core-skill figure so that the
   * change of definition is visible, not only its result.
   */
  fittingAnySkill: number;
  fittingAnySkillEligible: number;
};

/**
 * Why matching leaves out a contributor whose labels fit the task, in matching's own order of checks: the analysis
 * gave them none of the task's skills (nor a narrower one) under the taxonomy's ids; only a supporting or soft one;
 * a core one below the proficiency the task's level asks; too few free hours; or a score under the minimum.
 */
export type LeftOutReason = 'no skill held' | 'supporting skill only' | 'below the level' | 'hours' | 'score';

export function whyNotEligible(task: TaskNeeds, factors: MatchFactors, minimumScore: number): LeftOutReason | null {
  if (factors.matchedSkills.length === 0) return 'no skill held';
  if (!factors.matchedSkills.some((skill) => skill.fits)) {
    const core = new Set(task.skills.filter(isCoreSkill).map((skill) => skill.name));
    return factors.matchedSkills.some((skill) => core.has(skill.name)) ? 'below the level' : 'supporting skill only';
  }
  if (factors.freeHours < factors.neededHours) return 'hours';
  return scoreOf(factors) < minimumScore ? 'score' : null;
}

/** Stable numbers for skills, one per taxonomy skill (or per normalised name for a skill the taxonomy lacks). */
class SkillIds {
  readonly #ids = new Map<string, number>();
  readonly #taxonomy: Taxonomy;
  constructor(taxonomy: Taxonomy) {
    this.#taxonomy = taxonomy;
  }
  key(name: string): string {
    return this.#taxonomy.resolve(name)?.name ?? normaliseSkillName(name);
  }
  id(name: string): number {
    const key = this.key(name);
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#ids.size + 1;
      this.#ids.set(key, id);
    }
    return id;
  }
  known(name: string): number | undefined {
    return this.#ids.get(this.key(name));
  }
}

type WithNarrower = { narrowerOf?: (skill: TaxonomySkill) => readonly TaxonomySkill[] };

function toCandidate(cv: CvResult, index: number, ids: SkillIds): Candidate {
  const skills = new Map<number, string>();
  const evidence = new Map<number, string>();
  for (const skill of cv.analysis?.skills ?? []) {
    const id = ids.id(skill.name);
    skills.set(id, skill.proficiency_level);
    const excerpt = (skill as { evidence?: string | null }).evidence;
    if (excerpt) evidence.set(id, excerpt);
  }
  return {
    volunteerId: index + 1,
    userId: index + 1,
    experienceLevel: cv.analysis?.experience_level ?? null,
    availabilityHours: AVAILABILITY_HOURS,
    heldTaskHours: 0,
    reputation: REPUTATION,
    skills,
    evidence,
    fields: new Set(cv.analysis?.professional_domains ?? []),
  };
}

/**
 * The task as matching sees it. Narrower skills (when the taxonomy has `narrowerOf` and matching reads them) are
 * listed as far as some contributor holds them, as the matching job does with the database's skills.
 */
function toTaskNeeds(task: PlannedTaskView, id: number, ids: SkillIds, taxonomy: Taxonomy & WithNarrower): TaskNeeds {
  const skills = task.requiredSkills.map((name) => {
    const known = taxonomy.resolve(name);
    const narrower = known && taxonomy.narrowerOf ? taxonomy.narrowerOf(known) : [];
    return {
      id: ids.id(name),
      name: known?.name ?? name,
      category: known?.category ?? null,
      core: !task.supportingSkills.includes(name),
      fields: known?.fields ?? [],
      narrower: narrower.flatMap((skill) => {
        const held = ids.known(skill.name);
        return held === undefined ? [] : [{ id: held, name: skill.name }];
      }),
    };
  });
  // Neighbours as the matching job finds them, as far as some contributor holds them (narrower ones already count).
  const own = new Set(skills.flatMap((skill) => [skill.id, ...skill.narrower.map((narrower) => narrower.id)]));
  const neighbours = new Set(
    neighbourSkillsOf(taxonomy, skills)
      .flatMap((skill) => ids.known(skill.name) ?? [])
      .filter((id) => !own.has(id)),
  );
  return {
    id,
    challengeId: id,
    title: task.title,
    estimatedHours: task.estimatedHours,
    requiredExperienceLevel: task.requiredExperienceLevel,
    skills,
    neighbours,
  };
}

/**
 * The task's skills that can make someone fit, by matching's own rule (`isCoreSkill`): a supporting skill (the report
 * at the end of an audit) or a soft one ("Leadership") makes nobody fit alone, so a contributor who holds only such a
 * skill is not a fitting pair either.
 */
function fittingSkills(task: PlannedTaskView, taxonomy: Taxonomy, skills: 'core' | 'any'): string[] {
  if (skills === 'any') return task.requiredSkills;
  return task.requiredSkills.filter((name) =>
    isCoreSkill({ core: !task.supportingSkills.includes(name), category: taxonomy.resolve(name)?.category }),
  );
}

/**
 * Whether a contributor's labelled skills fit a task: one of them (by its name or an alias) is one of the task's
 * core required skills (or, with `skills: 'any'`, any of its required skills) or a narrower one.
 */
export function fitsTask(
  task: PlannedTaskView,
  labels: readonly LabelledSkill[],
  taxonomy: Taxonomy,
  matcher: SkillLabelMatcher,
  skills: 'core' | 'any' = 'core',
): boolean {
  return fittingSkills(task, taxonomy, skills).some((required) =>
    labels.some(
      (held) =>
        matcher.same(required, held) ||
        [held.name, ...held.aliases].some((name) => matcher.matches(name, { name: required, aliases: [] })),
    ),
  );
}

/**
 * Invites contributors (the analysed CV set) to every task of the team briefs with the real scoring, and checks each
 * invitation against the CV labels (`fitsTask`).
 */
export function evaluateInvitations(
  briefs: readonly BriefResult[],
  cvs: readonly CvResult[],
  taxonomy: Taxonomy,
  matcher: SkillLabelMatcher,
): TaskInvitations[] {
  const ids = new SkillIds(taxonomy);
  const readable = cvs.filter((cv) => cv.analysis !== null);
  const candidates = readable.map((cv, index) => toCandidate(cv, index, ids));
  const results: TaskInvitations[] = [];
  let taskId = 0;
  for (const brief of briefs) {
    for (const task of brief.tasks) {
      const needs = toTaskNeeds(task, ++taskId, ids, taxonomy);
      const ranked = rankCandidates(needs, candidates, DEFAULT_MATCH_OPTIONS.minimumScore);
      const fits = (index: number) => fitsTask(task, readable[index]!.label.skills, taxonomy, matcher);
      const fitting = readable.flatMap((_, index) => (fits(index) ? [index] : []));
      const eligible = new Set(ranked.map((match) => match.candidate.volunteerId - 1));
      const fittingAny = readable.flatMap((cv, index) =>
        fitsTask(task, cv.label.skills, taxonomy, matcher, 'any') ? [index] : [],
      );
      results.push({
        briefId: brief.label.id,
        task: task.title,
        requiredSkills: task.requiredSkills,
        invited: invitedOf(ranked, DEFAULT_MATCH_OPTIONS.invitationsPerTask).map((match) => ({
          cv: readable[match.candidate.volunteerId - 1]!.label.id,
          score: match.score,
          fits: fits(match.candidate.volunteerId - 1),
        })),
        fitting: fitting.map((index) => readable[index]!.label.id),
        fittingEligible: fitting.filter((index) => eligible.has(index)).map((index) => readable[index]!.label.id),
        fittingLeftOut: fitting.flatMap((index) => {
          if (eligible.has(index)) return [];
          const why = whyNotEligible(
            needs,
            matchFactors(needs, candidates[index]!),
            DEFAULT_MATCH_OPTIONS.minimumScore,
          );
          return why === null ? [] : [{ cv: readable[index]!.label.id, why }];
        }),
        fittingAnySkill: fittingAny.length,
        fittingAnySkillEligible: fittingAny.filter((index) => eligible.has(index)).length,
      });
    }
  }
  return results;
}
