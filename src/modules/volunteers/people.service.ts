import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageOf, PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { PROFICIENCIES } from '../matching/policy.ts';
import { findSkillFamily } from '../matching/skill-family.ts';
import { isCheckedSkill } from './checked-skills.ts';
import {
  findVolunteerById,
  isInvitedOrAssignedBy,
  searchVolunteerIds,
  selectSkillsAmong,
  type VolunteerByIdRow,
} from './people.repository.ts';
import { completedTasksOf, headlineOf, loadProfileCards } from './profile-cards.ts';
import { backgroundOf, toVolunteerSkill, workExperienceOf } from './volunteers.mapper.ts';
import { skillsOfVolunteer, statisticsOfVolunteer } from './volunteers.repository.ts';
import type { CardSkill, PublicVolunteerProfile, VolunteerCard, VolunteerSearchQuery } from './volunteers.schemas.ts';
import { type StoredCv, storedCvOf } from './volunteers.service.ts';

const CV_NOT_DISCLOSED_MESSAGE =
  "You can download a contributor's CV only while they are invited to or assigned on one of your tasks.";

/** An active contributor's profile row; 404 for an unknown id or a deactivated account. */
async function activeVolunteer(db: Db, id: number): Promise<VolunteerByIdRow> {
  const row = await findVolunteerById(db, id);
  if (row?.is_active !== 1) throw AppError.notFound('Contributor');
  return row;
}

/**
 * Whether the caller may see the contributor's contact details and CV: the contributor themself, or a company while
 * the contributor holds an open invitation or an active assignment on one of its tasks (docs/api.md, People).
 */
async function mayDisclose(db: Db, caller: AuthUser, row: VolunteerByIdRow): Promise<boolean> {
  if (caller.id === row.user_id) return true;
  const companyId = await companyIdOf(db, caller);
  return companyId !== null && isInvitedOrAssignedBy(db, companyId, row.id);
}

/** `GET /api/volunteers/{id}`: any signed-in user reads a contributor's profile; contact details as `mayDisclose`. */
export async function getPublicProfile(db: Db, caller: AuthUser, id: number): Promise<PublicVolunteerProfile> {
  const row = await activeVolunteer(db, id);
  const [skills, statistics, completed, disclosed] = await Promise.all([
    skillsOfVolunteer(db, id),
    statisticsOfVolunteer(db, id),
    completedTasksOf(db, [id]),
    mayDisclose(db, caller, row),
  ]);
  return {
    id: row.id,
    name: row.name,
    headline: headlineOf(row),
    field: row.field,
    bio: row.bio,
    availability_hours_per_week: row.availability_hours_per_week,
    experience_level: row.experience_level,
    years_of_experience: row.years_of_experience,
    ...backgroundOf(row),
    work_experience: workExperienceOf(row),
    reputation_score: row.reputation_score,
    skills: skills.map((skill) => ({
      ...toVolunteerSkill(skill),
      verified: isCheckedSkill(skill, row.validation_status),
    })),
    statistics: {
      tasks_completed: Number(statistics.tasks_completed ?? 0),
      hours_contributed: Number(statistics.hours_contributed ?? 0),
      ideas_submitted: Number(statistics.ideas_submitted ?? 0),
    },
    completed_tasks: completed.get(id) ?? [],
    contact: disclosed ? { email: row.email } : null,
    cv:
      disclosed && row.cv_file_name !== null && row.cv_uploaded_at !== null
        ? { file_name: row.cv_file_name, uploaded_at: row.cv_uploaded_at, download_url: `/api/volunteers/${id}/cv` }
        : null,
    created_at: row.created_at,
  };
}

/** `GET /api/volunteers/{id}/cv` for a company: only while the contributor is invited to or assigned on its task. */
export async function cvOfVolunteerForCompany(db: Db, caller: AuthUser, id: number): Promise<StoredCv> {
  const row = await activeVolunteer(db, id);
  if (!(await mayDisclose(db, caller, row))) throw AppError.forbidden(CV_NOT_DISCLOSED_MESSAGE);
  return storedCvOf(row);
}

function proficiencyRank(level: string): number {
  return (PROFICIENCIES as readonly string[]).indexOf(level);
}

/**
 * `GET /api/volunteers?skill=…&min_level=…` (companies): contributors holding the skill or a narrower one at
 * `min_level` or above, as matching counts skills, best hold first. A skill Guild does not know is a 422 rather
 * than an empty page: "nobody" would be the wrong answer to a misspelt skill.
 */
export async function searchVolunteers(
  db: Db,
  query: VolunteerSearchQuery,
  page: PageRequest,
): Promise<PageOf<VolunteerCard>> {
  const asked = query.skill.trim();
  const family = asked === '' ? null : await findSkillFamily(db, asked);
  if (!family) {
    throw AppError.field(
      'skill',
      `Guild knows no skill called "${asked}". Try another name for it (skills are searched by their names and aliases).`,
    );
  }
  const floor = proficiencyRank(query.min_level ?? PROFICIENCIES[0]);
  const proficiencies = PROFICIENCIES.slice(floor);
  const { ids, total } = await searchVolunteerIds(db, { skillIds: family.ids, proficiencies }, page);
  if (ids.length === 0) return { data: [], total };

  const held = new Map<number, CardSkill[]>();
  for (const skill of await selectSkillsAmong(db, ids, family.ids)) {
    const list = held.get(skill.volunteer_id) ?? [];
    list.push({
      name: family.name,
      proficiency_level: skill.proficiency_level,
      via: family.viaById.get(skill.skill_id) ?? null,
      evidence: skill.evidence,
      fits: proficiencyRank(skill.proficiency_level) >= floor,
      // The search finds counted skills only (people.repository.ts), as matching does.
      verified: true,
    });
    held.set(skill.volunteer_id, list);
  }
  const byRank = (a: CardSkill, b: CardSkill) =>
    proficiencyRank(b.proficiency_level) - proficiencyRank(a.proficiency_level);
  const cards = await loadProfileCards(db, ids, (id) => (held.get(id) ?? []).sort(byRank));
  return { data: ids.flatMap((id) => cards.get(id) ?? []), total };
}
