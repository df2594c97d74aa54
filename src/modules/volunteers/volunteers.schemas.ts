import { type Static, Type } from 'typebox';
import { Nullable, PageQuery, Timestamp } from '../../http/schemas.ts';
import { PROFICIENCIES } from '../matching/policy.ts';

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
    ai_analysis_step: Nullable(
      Type.String({
        description:
          'While the CV is analysed, the step the analysis is at, in order: reading | understanding | matching; ' +
          'null while no analysis runs',
      }),
    ),
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

// ---- Contributors as others see them (issue 12, item 2) ----

const CardSkill = Type.Object(
  {
    name: Type.String({ description: 'The skill asked for (by the task, or by the search).' }),
    proficiency_level: Type.String({ description: 'beginner | intermediate | advanced | expert' }),
    via: Nullable(
      Type.String({
        description: 'The narrower skill the contributor holds instead ("PostgreSQL" for "SQL"), or null.',
      }),
    ),
    evidence: Nullable(
      Type.String({ description: 'The CV excerpt the skill was read from; null for skills added by hand.' }),
    ),
    fits: Type.Boolean({
      description:
        'Held at the level asked for: for a task, the proficiency its experience level asks of matching; for the ' +
        'search, `min_level`.',
    }),
    verified: Type.Boolean({
      description:
        'False for a skill read from a CV whose analysis has not passed validation (low confidence: needs_review): ' +
        'the contributor lists it, but it is not yet checked and matching does not count it. Shown only on the ' +
        'cards of people who applied to or are on the task; candidates and search results hold counted skills only.',
    }),
  },
  { $id: 'CardSkill' },
);
export type CardSkill = Static<typeof CardSkill>;

const CompletedTask = Type.Object(
  {
    task_id: Type.Integer(),
    title: Type.String(),
    challenge_id: Type.Integer(),
    challenge_title: Type.String(),
    completed_at: Nullable(Timestamp),
  },
  { $id: 'CompletedTask' },
);

export const VolunteerCard = Type.Object(
  {
    id: Type.Integer({ description: 'The contributor profile id (GET /api/volunteers/{id}).' }),
    name: Type.String(),
    headline: Type.String({
      description:
        'One line: the latest job of the CV ("Structural engineer at Arup"), else the experience level and field.',
    }),
    field: Type.String(),
    experience_level: Nullable(Type.String({ description: 'student | junior | mid | senior | expert' })),
    availability_hours_per_week: Type.Integer(),
    reputation_score: Type.Integer(),
    skills: Type.Array(CardSkill, {
      description: 'The skills relevant to the task (or the search) the contributor holds, with the CV evidence.',
    }),
    tasks_completed: Type.Integer({ description: 'Tasks completed on Guild (on challenges everyone may see).' }),
    completed_tasks: Type.Array(CompletedTask, { description: 'The latest three of them.' }),
  },
  { $id: 'VolunteerCard' },
);
export type VolunteerCard = Static<typeof VolunteerCard>;

/** A skill as another user reads it on a contributor's profile: whether it is checked yet, beside the rest. */
const PublicVolunteerSkill = Type.Object(
  {
    ...VolunteerSkill.properties,
    verified: Type.Boolean({
      description:
        'False for a skill read from a CV whose analysis has not passed validation (needs_review): the contributor ' +
        'lists it, but it is not yet checked and matching does not count it.',
    }),
  },
  { $id: 'PublicVolunteerSkill' },
);

export const PublicVolunteerProfile = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    headline: VolunteerCard.properties.headline,
    field: Type.String(),
    bio: Nullable(Type.String()),
    availability_hours_per_week: Type.Integer(),
    experience_level: Nullable(Type.String({ description: 'student | junior | mid | senior | expert' })),
    years_of_experience: Nullable(Type.Number()),
    professional_domains: Type.Array(Type.String()),
    education: VolunteerProfile.properties.education,
    work_experience: VolunteerProfile.properties.work_experience,
    reputation_score: Type.Integer(),
    skills: Type.Array(PublicVolunteerSkill),
    statistics: Type.Object({
      tasks_completed: Type.Integer(),
      hours_contributed: Type.Number(),
      ideas_submitted: Type.Integer(),
    }),
    completed_tasks: Type.Array(CompletedTask, { description: 'Every task completed on Guild, newest first.' }),
    contact: Nullable(
      Type.Object(
        { email: Type.String() },
        {
          description:
            'Contact details: shown to the contributor themself, and to a company while the contributor holds an open ' +
            'invitation or an accepted, in-progress or submitted assignment on one of its tasks; null otherwise.',
        },
      ),
    ),
    cv: Nullable(
      Type.Object(
        { file_name: Type.String(), uploaded_at: Timestamp, download_url: Type.String() },
        {
          description:
            'The CV on file, under the same rule as `contact` (null without a CV, or when the reader may not ' +
            'download it): `download_url` is GET /api/volunteers/{id}/cv.',
        },
      ),
    ),
    created_at: Timestamp,
  },
  { $id: 'PublicVolunteerProfile' },
);
export type PublicVolunteerProfile = Static<typeof PublicVolunteerProfile>;

export const VolunteerSearchQuery = Type.Object({
  ...PageQuery,
  skill: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'A skill name or alias (case-insensitive); holding a narrower skill counts ("PostgreSQL" for "SQL").',
  }),
  min_level: Type.Optional(
    Type.Enum([...PROFICIENCIES], { description: 'The least proficiency held (default beginner: anyone).' }),
  ),
});
export type VolunteerSearchQuery = Static<typeof VolunteerSearchQuery>;
const SkillName = Type.String({ minLength: 1, maxLength: 100, description: 'A skill name or alias, any case' });

/** `PATCH /volunteers/profile/skills`: skills to take off and skills to add (or re-level), in one change. */
export const EditSkillsBody = Type.Object(
  {
    add: Type.Optional(
      Type.Array(
        Type.Object({
          name: SkillName,
          proficiency_level: Type.Union(
            ['beginner', 'intermediate', 'advanced', 'expert'].map((level) => Type.Literal(level)),
            { description: 'beginner | intermediate | advanced | expert' },
          ),
        }),
        { maxItems: 50, description: 'Skills to add, or to set to this level; they become your own (`manual`)' },
      ),
    ),
    remove: Type.Optional(
      Type.Array(SkillName, {
        maxItems: 50,
        description: 'Skills to take off your profile; a new CV analysis does not add them back',
      }),
    ),
  },
  { $id: 'EditSkillsBody' },
);
export type EditSkillsBody = Static<typeof EditSkillsBody>;
