import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import type { TaskInterest } from '../tasks/task-interests.schemas.ts';
import { listApplicants } from '../tasks/task-interests.service.ts';
import { loadProfileCards } from '../volunteers/profile-cards.ts';
import type { CardSkill, VolunteerCard } from '../volunteers/volunteers.schemas.ts';
import { chosenCardSkills } from './candidates.service.ts';
import { findChosenCandidate, findMatchableTasks } from './matching-inputs.ts';
import { rankCandidates } from './scoring.ts';
import { withRelatedSkills } from './skill-family.ts';

/** How many applicants the people page shows, newest first (a task draws a handful; the API pages through all). */
const APPLICANTS_SHOWN = 50;

export type TaskApplicant = {
  application: TaskInterest;
  /**
   * The applicant's card as the task's candidates are shown: their holds on its skills, with the CV's words, those
   * of a CV not yet validated marked `verified: false`.
   */
  volunteer: VolunteerCard;
  /** How matching would score them for the task (0–100); null when they hold none of its skills. */
  match_score: number | null;
};

/**
 * The applicants of a task beside its candidates (issue 13, item 1), for the owning company only (404 otherwise,
 * through `listApplicants`): each application with its note, the applicant's profile card and match score.
 */
export async function getTaskApplicants(
  db: Db,
  caller: AuthUser,
  taskId: number,
): Promise<{ applicants: TaskApplicant[]; total: number }> {
  const { data, total } = await listApplicants(db, caller, taskId, { page: 1, perPage: APPLICANTS_SHOWN, offset: 0 });
  if (data.length === 0) return { applicants: [], total };
  const [task] = await withRelatedSkills(db, await findMatchableTasks(db, [taskId]));
  const candidates = await Promise.all(data.map((application) => findChosenCandidate(db, application.volunteer.id)));
  const skills = new Map<number, CardSkill[]>();
  const scores = new Map<number, number>();
  for (const candidate of candidates) {
    if (!candidate) continue;
    skills.set(candidate.volunteerId, chosenCardSkills(task, candidate));
    const [match] = rankCandidates(task, [candidate], 0);
    if (match) scores.set(candidate.volunteerId, match.score);
  }
  const cards = await loadProfileCards(
    db,
    data.map((application) => application.volunteer.id),
    (id) => skills.get(id) ?? [],
  );
  const applicants = data.flatMap((application) => {
    const volunteer = cards.get(application.volunteer.id);
    return volunteer ? [{ application, volunteer, match_score: scores.get(volunteer.id) ?? null }] : [];
  });
  return { applicants, total };
}
