import type { Db } from '../../db/database.ts';
import { loadAssignmentsByIds } from '../assignments/assignments.loader.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { assignmentIdsOfTask } from '../tasks/tasks.repository.ts';
import { loadProfileCards } from '../volunteers/profile-cards.ts';
import type { CardSkill } from '../volunteers/volunteers.schemas.ts';
import type { TaskCandidates } from './matching.schemas.ts';
import {
  type ChosenCandidate,
  findChosenCandidate,
  findMatchableTasks,
  findTaskCandidates,
  isOpenForMatching,
  type MatchableTask,
} from './matching-inputs.ts';
import { explainEmptyCandidates } from './nobody-fits.ts';
import { DEFAULT_MATCH_OPTIONS } from './policy.ts';
import { explainMatch } from './reasoning.ts';
import { type Candidate, matchFactors, rankCandidates, type TaskNeeds } from './scoring.ts';
import { withRelatedSkills } from './skill-family.ts';
import { findOwnedTask } from './task-access.ts';

/** How many candidates the list shows: a company reads a shortlist; find-people searches everyone. */
const CANDIDATES_SHOWN = 20;

/** The candidate's holds on the task's skills, as a card shows them (the evidence included); all counted. */
function cardSkills(task: TaskNeeds, candidate: Candidate): CardSkill[] {
  return matchFactors(task, candidate).matchedSkills.map((skill) => ({
    name: skill.name,
    proficiency_level: skill.proficiency,
    via: skill.via,
    evidence: skill.evidence,
    fits: skill.fits,
    verified: true,
  }));
}

/**
 * The holds of someone who applied or was chosen, as their card shows them: what matching counts, and for a task
 * skill they hold only through a CV not yet validated (needs_review), that hold marked `verified: false`. Matching's
 * rule (such skills count for nothing) is right for inviting on its own, but "holds none of the skills asked for"
 * would be false said of a person whose CV lists them.
 */
export function chosenCardSkills(task: TaskNeeds, chosen: ChosenCandidate): CardSkill[] {
  const counted = cardSkills(task, chosen);
  if (chosen.unchecked.skills.size === 0) return counted;
  const listed = cardSkills(task, {
    ...chosen,
    // The counted hold wins where both name a skill.
    skills: new Map([...chosen.unchecked.skills, ...chosen.skills]),
    evidence: new Map([...(chosen.unchecked.evidence ?? []), ...(chosen.evidence ?? [])]),
  });
  return listed.map((skill) => counted.find((held) => held.name === skill.name) ?? { ...skill, verified: false });
}

/** Why a task takes no invitations (it is filled or done, or its challenge is not running). */
export function closedTaskMessage(task: Pick<MatchableTask, 'status' | 'challengeStatus'>): string {
  if (task.challengeStatus !== 'active' && task.challengeStatus !== 'in_progress') {
    return `This task's challenge is ${task.challengeStatus.replace('_', ' ')}: it takes no invitations.`;
  }
  return task.status === 'completed'
    ? 'This task is completed: it takes no invitations.'
    : 'This task already has its contributor: it takes no more invitations.';
}

/**
 * `GET /api/tasks/{id}/candidates` (the owning company): who matching would rank for the task, with their scores and
 * reasoning, the people already on it, each as a profile card with their holds on the task's skills and the CV
 * evidence, and, when matching has no one to invite, why.
 */
export async function getTaskCandidates(db: Db, caller: AuthUser, taskId: number): Promise<TaskCandidates> {
  await findOwnedTask(db, caller, taskId);
  const [found] = await findMatchableTasks(db, [taskId]);
  const [task] = await withRelatedSkills(db, [found]);
  const open = isOpenForMatching(task);
  const { minimumScore } = DEFAULT_MATCH_OPTIONS;

  const assignmentIds = await assignmentIdsOfTask(db, taskId, null);
  const assignments = await loadAssignmentsByIds(db, assignmentIds);
  const onTask = assignmentIds.flatMap((id) => assignments.get(id) ?? []);
  const people = await Promise.all(onTask.map((assignment) => findChosenCandidate(db, assignment.volunteer_id)));

  // Everyone holding a skill of the task, whatever their hours, so the message can say what stops them.
  const pool = open ? await findTaskCandidates(db, task, 0) : [];
  const ranked = rankCandidates(task, pool, 0);
  const shown = ranked.slice(0, CANDIDATES_SHOWN);

  const skillsById = new Map<number, CardSkill[]>();
  for (const match of shown) skillsById.set(match.candidate.volunteerId, cardSkills(task, match.candidate));
  for (const person of people) {
    if (person) skillsById.set(person.volunteerId, chosenCardSkills(task, person));
  }
  const cards = await loadProfileCards(
    db,
    [...shown.map((match) => match.candidate.volunteerId), ...onTask.map((assignment) => assignment.volunteer_id)],
    (id) => skillsById.get(id) ?? [],
  );

  return {
    task_id: taskId,
    open_for_invitations: open,
    minimum_score: minimumScore,
    candidates: shown.flatMap((match) => {
      const volunteer = cards.get(match.candidate.volunteerId);
      if (!volunteer) return [];
      return [
        {
          volunteer,
          match_score: match.score,
          would_be_invited: match.score >= minimumScore,
          match_reasoning: explainMatch(task, match.score, match.factors),
        },
      ];
    }),
    candidates_total: ranked.length,
    people: onTask.flatMap((assignment) => {
      const volunteer = cards.get(assignment.volunteer_id);
      if (!volunteer) return [];
      const { id, status, match_score, invited_by, invitation_note, decline_reason } = assignment;
      const { invited_at, responded_at, withdrawn_at, completed_at } = assignment;
      const summary = { id, status, match_score, invited_by, invitation_note, decline_reason };
      return [{ volunteer, assignment: { ...summary, invited_at, responded_at, withdrawn_at, completed_at } }];
    }),
    message: open
      ? explainEmptyCandidates({
          task,
          pool,
          eligible: ranked.length,
          invitable: ranked.filter((match) => match.score >= minimumScore).length,
          minimumScore,
          othersOnTask: onTask.length > 0,
        })
      : closedTaskMessage(task),
  };
}
