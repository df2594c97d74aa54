import { findOpenInviteeIds } from '../../modules/assignments/assignments.repository.ts';
import {
  findMatchableTasks,
  findOwnSkillCandidates,
  findVolunteerCandidate,
  isOpenForMatching,
} from '../../modules/matching/matching-inputs.ts';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../../modules/matching/policy.ts';
import { rankingOf, rankLazily } from '../../modules/matching/ranking.ts';
import { scoreCandidate, type TaskNeeds, weeklyHoursNeeded, worksInFieldOf } from '../../modules/matching/scoring.ts';
import { broaderSkillIds, withRelatedSkills } from '../../modules/matching/skill-family.ts';
import { findOpenTaskIdsSharingSkills } from '../../modules/tasks/matchable-tasks.repository.ts';
import { inviteBest, type MatchingDeps } from './invitations.ts';

/**
 * `task.match`: finds contributors for one open task and tops its open invitations up to `invitationsPerTask` with
 * the best scoring at least `minimumScore`. Runs after decomposition and again after a decline; whoever already has
 * an assignment on the task (declined included) is never a candidate again, so a re-run invites the next best.
 * Idempotent: a task that already holds enough open invitations costs one read of them. Returns the new assignment ids.
 */
export async function matchTask(deps: MatchingDeps, taskId: number, options: MatchOptions = DEFAULT_MATCH_OPTIONS) {
  const { db } = deps;
  const [found] = await findMatchableTasks(db, [taskId]);
  if (!found || !isOpenForMatching(found)) return [];
  const invitees = await findOpenInviteeIds(db, found.id);
  if (invitees.length >= options.invitationsPerTask) return [];
  const [task] = await withRelatedSkills(db, [found]);
  const candidates = await findOwnSkillCandidates(db, task, weeklyHoursNeeded(task.estimatedHours));
  const ranking = rankLazily(task, candidates, options.minimumScore);
  return inviteBest(deps, task, ranking, options.invitationsPerTask, await tradeInvited(deps, task, invitees));
}

/** Whether one of `invitees` (holding an open invitation to the task) works in the field of its work (`worksInFieldOf`). */
async function tradeInvited(deps: MatchingDeps, task: TaskNeeds, invitees: readonly number[]): Promise<boolean> {
  for (const volunteerId of invitees) {
    const invitee = await findVolunteerCandidate(deps.db, volunteerId);
    if (invitee && worksInFieldOf(task, invitee)) return true;
  }
  return false;
}

/**
 * `volunteer.match`: after a contributor's skills changed (a CV analysis completed), scores just them against the
 * open tasks sharing one of their counted skills that still have room for an invitation, and invites them wherever
 * they reach `minimumScore`; where they work outside the field of the task's work, the task's whole round decides
 * (`matchTask`: they wait while people of the trade are asked). Returns the new assignment ids.
 */
export async function matchVolunteer(
  deps: MatchingDeps,
  volunteerId: number,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
) {
  const { db } = deps;
  const candidate = await findVolunteerCandidate(db, volunteerId);
  if (!candidate) return [];
  // A task needing a broader skill than one they hold ("SQL" for their "PostgreSQL") may fit them too.
  const held = [...candidate.skills.keys()];
  const skillIds = [...held, ...(await broaderSkillIds(db, held))];
  const taskIds = await findOpenTaskIdsSharingSkills(db, volunteerId, skillIds, options.invitationsPerTask);
  const invited: number[] = [];
  for (const task of await withRelatedSkills(db, await findMatchableTasks(db, taskIds))) {
    const match = scoreCandidate(task, candidate);
    if (!match || match.score < options.minimumScore) continue;
    // An outsider to the work is invited only by a round of the whole task, where the trade's people come first.
    if (!match.ownField) {
      invited.push(...(await matchTask(deps, task.id, options)));
      continue;
    }
    invited.push(...(await inviteBest(deps, task, rankingOf([match]), options.invitationsPerTask)));
  }
  return invited;
}
