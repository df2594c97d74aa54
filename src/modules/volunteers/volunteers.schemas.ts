import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

const VolunteerSkill = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    proficiency_level: Type.String({ description: 'beginner | intermediate | advanced | expert' }),
    category: Nullable(Type.String({ description: 'technical | soft | domain | language | tool' })),
    years_of_experience: Nullable(Type.Number()),
    source: Type.String({ description: 'cv_analysis | manual' }),
    evidence: Nullable(
      Type.String({
        maxLength: 300,
        description:
          'The CV excerpt the skill was read from (at most 300 characters, word for word): the line or clause where ' +
          'the CV shows it best. Null for skills added by hand.',
      }),
    ),
  },
  { $id: 'VolunteerSkill' },
);

export const VolunteerProfile = Type.Object(
  {
    id: Type.Integer(),
    user_id: Type.Integer(),
    name: Type.String(),
    field: Type.String(),
    bio: Nullable(Type.String()),
    availability_hours_per_week: Type.Integer(),
    experience_level: Nullable(Type.String({ description: 'student | junior | mid | senior | expert' })),
    years_of_experience: Nullable(Type.Number()),
    professional_domains: Type.Array(Type.String()),
    education: Type.Array(
      Type.Object({
        degree: Nullable(Type.String()),
        field_of_study: Nullable(Type.String()),
        institution: Nullable(Type.String()),
        graduation_year: Nullable(Type.Integer()),
      }),
    ),
    work_experience: Type.Array(
      Type.Object({
        job_title: Nullable(Type.String()),
        company: Nullable(Type.String()),
        start_date: Nullable(Type.String()),
        end_date: Nullable(Type.String()),
        duration_years: Nullable(Type.Number()),
      }),
    ),
    reputation_score: Type.Integer(),
    cv: Nullable(Type.Object({ file_name: Type.String(), uploaded_at: Timestamp })),
    ai_analysis_status: Type.String({ description: 'none | pending | processing | completed | failed' }),
    ai_analysis_confidence: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    ai_analysis_error: Nullable(Type.String({ description: 'Why the last CV analysis failed, for the contributor' })),
    ai_analyzed_at: Nullable(Timestamp),
    validation_status: Type.String({ description: 'pending | passed | needs_review | failed' }),
    skills: Type.Array(VolunteerSkill),
    statistics: Type.Object({
      tasks_completed: Type.Integer(),
      hours_contributed: Type.Number(),
      active_assignment_id: Nullable(Type.Integer()),
      ideas_submitted: Type.Integer(),
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'VolunteerProfile' },
);
export type VolunteerProfile = Static<typeof VolunteerProfile>;

const AvailabilityHours = Type.Integer({ minimum: 0, maximum: 168, description: 'Hours per week, 0 to 168' });
const ProfileField = Type.String({ maxLength: 255, description: 'Profession or field of work' });
const Bio = Nullable(Type.String({ maxLength: 2000 }));

export const CompleteVolunteerProfileBody = Type.Object(
  {
    availability_hours_per_week: AvailabilityHours,
    field: ProfileField,
    bio: Type.Optional(Bio),
  },
  { $id: 'CompleteVolunteerProfileBody' },
);
export type CompleteVolunteerProfileBody = Static<typeof CompleteVolunteerProfileBody>;

/** The same fields as complete-profile, all optional (docs/contract.md §4). */
export const UpdateVolunteerProfileBody = Type.Partial(CompleteVolunteerProfileBody, {
  $id: 'UpdateVolunteerProfileBody',
});
export type UpdateVolunteerProfileBody = Static<typeof UpdateVolunteerProfileBody>;
