import { type Static, Type } from 'typebox';
import { REJECTION_REASON_RULE, REJECTION_RULES } from './routing-rules.ts';

/**
 * What the brief analysis answers. Every field is described: a model receives these descriptions as its instructions,
 * and the offline analyzer answers in the same shape. An answer is stored only once it validates against this.
 */
export type BriefInput = { title: string; description: string };

const Sentences = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 12, description });

export const BriefAnalysis = Type.Object(
  {
    workable: Type.Boolean({
      description: `Whether the brief is a real challenge a team or community can act on. ${REJECTION_RULES}`,
    }),
    rejection_reason: Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()], {
      description: `When not workable: one or two plain sentences to the company. ${REJECTION_REASON_RULE} Null when workable.`,
    }),
    refined_brief: Type.String({
      minLength: 1,
      maxLength: 5000,
      description:
        'The brief restated clearly for contributors: the goal, then what is to be delivered, the constraints, how ' +
        'success is judged and who it is for. Only what the brief says or plainly implies; no invented facts.',
    }),
    field: Type.String({
      minLength: 1,
      maxLength: 50,
      description:
        'The main field of work, one lower-case word: software, data, design, marketing, communications, ' +
        'operations, finance, legal, hr, product, research, education, health, sustainability, or general.',
    }),
    score: Type.Integer({
      minimum: 1,
      maximum: 10,
      description: 'How clear, well-scoped and detailed the brief is, from 1 (unusable) to 10 (ready to plan).',
    }),
    summary: Type.String({
      minLength: 1,
      maxLength: 600,
      description: 'One or two sentences saying what the challenge is about.',
    }),
    objectives: Sentences('What the company wants achieved or delivered, one per item, as short sentences.'),
    constraints: Sentences('Limits the work must respect: deadlines, budget, technology, rules, resources.'),
    success_criteria: Sentences('How the company will judge success: measurable where the brief allows.'),
    stakeholders: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 10,
      description: 'The people or groups affected by or involved in the work, e.g. "Warehouse staff", "Donors".',
    }),
    risks: Sentences('What could make the work fail or go late, stated or plainly implied by the brief.'),
    recommended_approach: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'How to go about the work, in two to four sentences.',
    }),
    confidence_score: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'How sure the analysis is of this reading of the brief, from 0 to 100.',
    }),
  },
  { additionalProperties: false, description: 'An analysis of a company brief.' },
);

export type BriefAnalysis = Static<typeof BriefAnalysis>;
