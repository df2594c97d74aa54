import type { Db } from '../../db/database.ts';
import { findMatchableTaskRows, type MatchableTaskRow } from '../tasks/matchable-tasks.repository.ts';
import { OPEN_CHALLENGE_STATUSES, OPEN_TASK_STATUSES } from '../tasks/tasks.state.ts';
import {
  type CandidateSkillRow,
  findCandidateSkillRows,
  findTaskCandidateRows,
  findVolunteerCandidateRows,
  findVolunteerFactsRow,
  findVolunteerUncheckedSkillRows,
  type TaskCandidateRow,
} from '../volunteers/candidates.repository.ts';
import { DEFAULT_TASK_HOURS } from './policy.ts';
import type { Candidate, TaskNeeds } from './scoring.ts';

/**
 * What matching reads, in scoring's types: the tasks and contributors modules return rows (they own the queries and
 * know nothing of matching), and this file turns them into tasks to fill and candidates to score.
 */

/** A task as matching reads it, with what decides whether it still looks for people. */
export type MatchableTask = TaskNeeds & { status: string; challengeStatus: string; challengeTitle: string };

export function isOpenForMatching(task: MatchableTask): boolean {
  return (
    (OPEN_TASK_STATUSES as readonly string[]).includes(task.status) &&
    (OPEN_CHALLENGE_STATUSES as readonly string[]).includes(task.challengeStatus)
  );
}

function toMatchableTask(row: MatchableTaskRow): MatchableTask {
  return {
    id: row.id,
    challengeId: row.challenge_id,
    title: row.title,
    status: row.status,
    estimatedHours: row.estimated_hours,
    requiredExperienceLevel: row.required_experience_level,
    challengeStatus: row.challenge_status,
    challengeTitle: row.challenge_title,
    skills: row.skills,
  };
}

/** Tasks by id, in id order, with their challenge and required skills. */
export async function findMatchableTasks(db: Db, taskIds: readonly number[]): Promise<MatchableTask[]> {
  return (await findMatchableTaskRows(db, taskIds)).map(toMatchableTask);
}

/** The estimated hours of the task a contributor holds (none held: 0). */
function heldTaskHours(row: Pick<CandidateSkillRow, 'held_assignment_id' | 'held_task_estimate'>): number {
  return row.held_assignment_id === null ? 0 : (row.held_task_estimate ?? DEFAULT_TASK_HOURS);
}

/**
 * The fields of work a contributor's stored professional domains name (none when unreadable or not a list). Few
 * distinct lists exist among thousands of candidates, so each is parsed once per read (`parsed`).
 */
function fieldsOf(domains: string, parsed: Map<string, ReadonlySet<string>>): ReadonlySet<string> {
  let fields = parsed.get(domains);
  if (!fields) {
    let list: unknown = [];
    try {
      list = JSON.parse(domains);
    } catch {
      // An unreadable list says nothing of the person's field: none.
    }
    fields = new Set(Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : []);
    parsed.set(domains, fields);
  }
  return fields;
}

/** Folds skill rows into one candidate per contributor, in the order the rows first name them. */
function toCandidates(rows: ReadonlyArray<TaskCandidateRow & { evidence?: string | null }>): Candidate[] {
  const byVolunteer = new Map<number, Candidate & { skills: Map<number, string>; evidence?: Map<number, string> }>();
  const parsed = new Map<string, ReadonlySet<string>>();
  for (const row of rows) {
    let candidate = byVolunteer.get(row.volunteer_id);
    if (!candidate) {
      candidate = {
        volunteerId: row.volunteer_id,
        userId: row.user_id,
        experienceLevel: row.experience_level,
        availabilityHours: row.availability_hours_per_week,
        heldTaskHours: heldTaskHours(row),
        reputation: row.reputation_score,
        skills: new Map(),
        fields: fieldsOf(row.professional_domains, parsed),
      };
      byVolunteer.set(row.volunteer_id, candidate);
    }
    candidate.skills.set(row.skill_id, row.proficiency_level);
    // Most rows carry none (and matching's candidate rows never do): a map only where there is evidence.
    if (row.evidence) (candidate.evidence ??= new Map()).set(row.skill_id, row.evidence);
  }
  return [...byVolunteer.values()];
}

/** The ids of the task's skills and of the narrower skills that satisfy them. */
function satisfyingSkillIds(task: Pick<TaskNeeds, 'skills'>): number[] {
  const ids = task.skills.flatMap((skill) => [skill.id, ...(skill.narrower ?? []).map((narrower) => narrower.id)]);
  return [...new Set(ids)];
}

/**
 * The candidates for a task as the ranking first needs them: contributors holding one of its skills (or a narrower
 * one), without an assignment on it, with at least `minimumWeeklyHours` a week before their own load is subtracted;
 * with their holds on the task's skills only, without evidence. `completeCandidates` adds the rest for those a ranking
 * reaches (ranking.ts).
 */
export async function findOwnSkillCandidates(
  db: Db,
  task: Pick<TaskNeeds, 'id' | 'skills'>,
  minimumWeeklyHours: number,
): Promise<Candidate[]> {
  const skillIds = satisfyingSkillIds(task);
  return toCandidates(await findTaskCandidateRows(db, { taskId: task.id, skillIds, minimumWeeklyHours }));
}

/**
 * Candidates of `findOwnSkillCandidates` with what scoring and reasoning read besides their holds on the task's
 * skills: their neighbouring skills among the task's (which raise their scores: scoring's `neighbours`) and the CV
 * evidence of those holds. New candidates; the given ones are left as they are.
 */
export async function completeCandidates(
  db: Db,
  task: Pick<TaskNeeds, 'neighbours'>,
  candidates: readonly Candidate[],
): Promise<Candidate[]> {
  if (candidates.length === 0) return [];
  const neighbourIds = task.neighbours ?? new Set<number>();
  const complete = new Map(
    candidates.map((candidate) => [
      candidate.volunteerId,
      { own: candidate.skills, skills: new Map(candidate.skills), evidence: new Map<number, string>() },
    ]),
  );
  for (const row of await findCandidateSkillRows(db, [...complete.keys()])) {
    const candidate = complete.get(row.volunteer_id);
    if (!candidate) continue;
    if (neighbourIds.has(row.skill_id)) candidate.skills.set(row.skill_id, row.proficiency_level);
    else if (row.evidence && candidate.own.has(row.skill_id)) candidate.evidence.set(row.skill_id, row.evidence);
  }
  return candidates.map((candidate) => {
    const { skills, evidence } = complete.get(candidate.volunteerId)!;
    return { ...candidate, skills, evidence };
  });
}

/**
 * Every candidate for a task, complete (`findOwnSkillCandidates`, then `completeCandidates` for all of them): for a
 * company's view of everyone who could take it. Matching itself completes only those it may invite (ranking.ts).
 */
export async function findTaskCandidates(
  db: Db,
  task: Pick<TaskNeeds, 'id' | 'skills' | 'neighbours'>,
  minimumWeeklyHours: number,
): Promise<Candidate[]> {
  return completeCandidates(db, task, await findOwnSkillCandidates(db, task, minimumWeeklyHours));
}

/** One contributor as a candidate (their counted skills), or null when they have none or are not active. */
export async function findVolunteerCandidate(db: Db, volunteerId: number): Promise<Candidate | null> {
  return toCandidates(await findVolunteerCandidateRows(db, volunteerId))[0] ?? null;
}

/** A contributor a company chose or who applied: a candidate to score, and what their card shows. */
export type ChosenCandidate = Candidate & {
  name: string;
  active: boolean;
  /** The skills they list that matching does not count yet (CV not validated), with the CV's words. */
  unchecked: Pick<Candidate, 'skills' | 'evidence'>;
};

/**
 * A contributor a company chose, as a candidate to score: their counted skills (possibly none: the company may invite
 * someone matching would not), with name and whether the account is active, and their not yet checked CV skills
 * apart. Null for an unknown profile.
 */
export async function findChosenCandidate(db: Db, volunteerId: number): Promise<ChosenCandidate | null> {
  const facts = await findVolunteerFactsRow(db, volunteerId);
  if (!facts) return null;
  const [counted] = toCandidates(await findVolunteerCandidateRows(db, volunteerId));
  const [unchecked] = toCandidates(await findVolunteerUncheckedSkillRows(db, volunteerId));
  return {
    volunteerId: facts.volunteer_id,
    userId: facts.user_id,
    experienceLevel: facts.experience_level,
    availabilityHours: facts.availability_hours_per_week,
    heldTaskHours: heldTaskHours(facts),
    reputation: facts.reputation_score,
    skills: counted?.skills ?? new Map(),
    evidence: counted?.evidence ?? new Map(),
    name: facts.name,
    active: facts.is_active === 1,
    unchecked: { skills: unchecked?.skills ?? new Map(), evidence: unchecked?.evidence ?? new Map() },
  };
}
