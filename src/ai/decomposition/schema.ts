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

/** A skill a task needs and why, in one line. */
export const RequiredSkill = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'The skill\'s canonical name in the skills taxonomy ("JavaScript", "PostgreSQL", "Event planning"), or, for ' +
        "a practice, method, tool or certification the brief names that the taxonomy lacks, the brief's own words " +
        'for it ("Desk-based assessment"), which matches whoever lists the same words.',
    }),
    reason: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'One line on why this task needs the skill, citing the words of the brief where it names them.',
    }),
    core: Type.Optional(
      Type.Boolean({
        description:
          "True when the task's work itself is this skill (its source names it, or it is what the work consists " +
          'of); false for a supporting skill the work also touches (the report at its end, its schedule, its ' +
          'budget). Matching invites only people who hold a core skill; left out, the skill counts as core.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PlannedTask = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'A short imperative title made from the brief\'s own words for one piece of work: "Rewrite the ten most ' +
        'important pages". One action only: two unrelated actions are two tasks.',
    }),
    description: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "What the task involves, in the brief's words, with the context a contributor needs to act on it.",
    }),
    source: Type.String({
      minLength: 1,
      maxLength: 600,
      description:
        'The excerpt of the brief this task comes from, copied word for word (a list item, a sentence or the part ' +
        'of one that asks for this work). Every task has one: no task for work the brief did not ask for.',
    }),
    required_skills: Type.Array(RequiredSkill, {
      minItems: 1,
      maxItems: 6,
      description:
        'The skills the task needs, most important first: those its source names, and those the work itself ' +
        'clearly requires, each with a one-line reason and whether it is core; at least one is core.',
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

const Workstream = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The workstream's name: the brief's own phase or section heading where it has one.",
    }),
    description: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'What the workstream delivers and which objectives it serves.',
    }),
    tasks: Type.Array(PlannedTask, {
      minItems: 2,
      maxItems: 8,
      description: "The workstream's tasks, in the order the brief gives them: 2 to 8.",
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
      description:
        "Two to five workstreams following the brief's phases or sections (or, without any, its kinds of work), " +
        'in the order the brief gives them.',
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
export type RequiredSkill = Static<typeof RequiredSkill>;
export type ExperienceLevel = PlannedTask['required_experience_level'];
