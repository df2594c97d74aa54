import { type Static, Type } from 'typebox';
import { Nullable } from '../../http/schemas.ts';

/** Proficiencies a required skill may be asked at (the contributor profile's words), least first. */
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
/** The experience a task asks for (the analysis uses the same words). */
export const TASK_EXPERIENCE_LEVELS = ['junior', 'mid', 'senior', 'expert'] as const;

export const TASK_TITLE_MAX = 255;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_SKILLS_MAX = 12;
export const TASK_HOURS_MAX = 1000;

const RequiredSkillInput = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "A skill of Guild's taxonomy, by name or alias, any case (e.g. 'Python', 'structural design')",
  }),
  level: Type.Optional(
    Type.Unsafe<(typeof SKILL_LEVELS)[number] | null>({
      type: ['string', 'null'],
      enum: [...SKILL_LEVELS, null],
      description:
        "The least proficiency a contributor must hold it at; absent or null: the task's experience level decides",
    }),
  ),
  core: Type.Optional(
    Type.Boolean({
      description:
        'False for a supporting skill: holding it adds to the match score but makes nobody fit alone. Absent: a ' +
        'skill the task already has keeps its flag, a new one is core',
    }),
  ),
});

/** Every field of a task the company may set; which are required depends on the route. */
const taskFields = {
  title: Type.String({ minLength: 1, maxLength: TASK_TITLE_MAX }),
  description: Nullable(Type.String({ maxLength: TASK_DESCRIPTION_MAX })),
  required_skills: Type.Array(RequiredSkillInput, {
    minItems: 1,
    maxItems: TASK_SKILLS_MAX,
    description: 'The skills the task needs, most important first; they replace the current ones',
  }),
  required_experience_level: Type.Enum([...TASK_EXPERIENCE_LEVELS], {
    description: 'The experience the task asks for: junior, mid, senior or expert',
  }),
  estimated_hours: Nullable(Type.Number({ minimum: 1, maximum: TASK_HOURS_MAX, description: 'Hours of work' })),
  expected_output: Nullable(Type.String({ maxLength: 1000, description: 'What the contributor hands over' })),
  acceptance_criteria: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
    maxItems: 12,
    description: 'Checkable conditions for accepting the work',
  }),
  position: Type.Integer({
    minimum: 1,
    maximum: 1000,
    description: 'Its place in its workstream: 1 is first; past the end is last',
  }),
};

/** `POST /workstreams/{id}/tasks`: a title and skills; the rest optional (experience level `mid`, last place). */
export const CreateTaskBody = Type.Object(
  {
    title: taskFields.title,
    required_skills: taskFields.required_skills,
    description: Type.Optional(taskFields.description),
    required_experience_level: Type.Optional(taskFields.required_experience_level),
    estimated_hours: Type.Optional(taskFields.estimated_hours),
    expected_output: Type.Optional(taskFields.expected_output),
    acceptance_criteria: Type.Optional(taskFields.acceptance_criteria),
    position: Type.Optional(taskFields.position),
  },
  { $id: 'CreateTaskBody' },
);
export type CreateTaskBody = Static<typeof CreateTaskBody>;

/** `PATCH /tasks/{id}`: any of the fields; absent ones keep their values. `workstream_id` moves the task. */
export const UpdateTaskBody = Type.Object(
  {
    ...Type.Partial(CreateTaskBody).properties,
    workstream_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2147483647,
        description: 'Move the task to this workstream of the same challenge (last place unless position is given)',
      }),
    ),
  },
  { $id: 'UpdateTaskBody' },
);
export type UpdateTaskBody = Static<typeof UpdateTaskBody>;

export const MergeTaskBody = Type.Object(
  {
    into_task_id: Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'The task of the same challenge that takes this one in; this one is then removed',
    }),
  },
  { $id: 'MergeTaskBody' },
);
export type MergeTaskBody = Static<typeof MergeTaskBody>;
