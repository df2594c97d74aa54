import { parseJson } from '../../shared/json.ts';
import type { VolunteerSkillRow, VolunteerStatisticsRow, VolunteerWithNameRow } from './volunteers.repository.ts';
import type { VolunteerProfile } from './volunteers.schemas.ts';

type Education = VolunteerProfile['education'][number];
type WorkExperience = VolunteerProfile['work_experience'][number];
type JsonObject = Record<string, unknown>;

/** The CV analysis writes these JSON columns; anything malformed in them is dropped rather than failing the read. */
function objectsIn(text: string): JsonObject[] {
  const value = parseJson<unknown>(text, []);
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is JsonObject => typeof item === 'object' && item !== null && !Array.isArray(item));
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const integer = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);

function toEducation(item: JsonObject): Education {
  return {
    degree: text(item.degree),
    field_of_study: text(item.field_of_study),
    institution: text(item.institution),
    graduation_year: integer(item.graduation_year),
  };
}

function toWorkExperience(item: JsonObject): WorkExperience {
  return {
    job_title: text(item.job_title),
    company: text(item.company),
    start_date: text(item.start_date),
    end_date: text(item.end_date),
    duration_years: number(item.duration_years),
  };
}

/** The CV's jobs, most recent first, as the profile shows them. */
export function workExperienceOf(row: { work_experience: string }): WorkExperience[] {
  return objectsIn(row.work_experience).map(toWorkExperience);
}

/** The profile's education and domains, as the profile shows them. */
export function backgroundOf(row: { education: string; professional_domains: string }) {
  const domains = parseJson<unknown>(row.professional_domains, []);
  return {
    professional_domains: Array.isArray(domains) ? domains.filter((d): d is string => typeof d === 'string') : [],
    education: objectsIn(row.education).map(toEducation),
  };
}

export function toVolunteerSkill(skill: VolunteerSkillRow): VolunteerProfile['skills'][number] {
  return {
    id: skill.id,
    name: skill.name,
    proficiency_level: skill.proficiency_level,
    category: skill.category,
    years_of_experience: skill.years_of_experience,
    source: skill.source,
    evidence: skill.evidence,
  };
}

export function toVolunteerProfile(
  row: VolunteerWithNameRow,
  skills: VolunteerSkillRow[],
  statistics: VolunteerStatisticsRow,
): VolunteerProfile {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    field: row.field,
    bio: row.bio,
    availability_hours_per_week: row.availability_hours_per_week,
    experience_level: row.experience_level,
    years_of_experience: row.years_of_experience,
    ...backgroundOf(row),
    work_experience: workExperienceOf(row),
    reputation_score: row.reputation_score,
    cv:
      row.cv_file_name !== null && row.cv_uploaded_at !== null
        ? { file_name: row.cv_file_name, uploaded_at: row.cv_uploaded_at }
        : null,
    ai_analysis_status: row.ai_analysis_status,
    ai_analysis_step: row.ai_analysis_step,
    ai_analysis_confidence: row.ai_analysis_confidence,
    ai_analysis_error: row.ai_analysis_error,
    ai_analyzed_at: row.ai_analyzed_at,
    validation_status: row.validation_status,
    skills: skills.map(toVolunteerSkill),
    statistics: {
      tasks_completed: Number(statistics.tasks_completed ?? 0),
      hours_contributed: Number(statistics.hours_contributed ?? 0),
      active_assignment_id: statistics.active_assignment_id ?? null,
      ideas_submitted: Number(statistics.ideas_submitted ?? 0),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
