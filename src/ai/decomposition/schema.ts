import { type Static, Type } from 'typebox';

/** What the decomposition reads: the brief, what its analysis made of it, and its complexity level (3–4). */
export type DecompositionInput = {
  title: string;
  description: string;
  refined_brief: string;
  field: string;
  complexity_level: number;
  objectives: string[];
};

export const PlannedTask = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, description: 'A short imperative title: "Design the API".' }),
    description: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'What the task involves, in one to three sentences a contributor can act on.',
    }),
    required_skills: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 6,
      description:
        'Skills the task needs, by their canonical names in the skills taxonomy ("JavaScript", "PostgreSQL", ' +
        '"User research"), most important first.',
    }),
    required_experience_level: Type.Union(
      [Type.Literal('junior'), Type.Literal('mid'), Type.Literal('senior'), Type.Literal('expert')],
      { description: 'The experience the task needs: junior, mid, senior or expert.' },
    ),
    expected_output: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'What the contributor hands over when the task is done.',
    }),
    acceptance_criteria: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
      minItems: 1,
      maxItems: 8,
      description: "Checkable conditions for accepting the work, including the brief's success criteria it serves.",
    }),
    estimated_hours: Type.Number({
      minimum: 4,
      maximum: 40,
      description: 'Hours of focused work a contributor of the required level needs, from 4 to 40.',
    }),
    complexity_score: Type.Integer({ minimum: 1, maximum: 10, description: 'How hard the task is, from 1 to 10.' }),
  },
  { additionalProperties: false },
);

export const Workstream = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, description: 'The workstream\'s name: "Mobile app".' }),
    description: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'What the workstream delivers and which objectives it serves.',
    }),
    tasks: Type.Array(PlannedTask, {
      minItems: 2,
      maxItems: 8,
      description: "The workstream's tasks, in the order they should be done: 2 to 8.",
    }),
  },
  { additionalProperties: false },
);

export const Decomposition = Type.Object(
  {
    summary: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'Two or three sentences on how the work is split and why.',
    }),
    workstreams: Type.Array(Workstream, {
      minItems: 2,
      maxItems: 5,
      description: 'Two to five workstreams, each a coherent kind of work, in the order the work should start.',
    }),
    confidence_score: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'How sure the plan is to cover the brief, from 0 to 100.',
    }),
  },
  { additionalProperties: false, description: 'A challenge split into workstreams and tasks.' },
);

export type Decomposition = Static<typeof Decomposition>;
export type PlannedWorkstream = Static<typeof Workstream>;
export type PlannedTask = Static<typeof PlannedTask>;
export type ExperienceLevel = PlannedTask['required_experience_level'];
