import { type Static, Type } from 'typebox';
import { COMMUNITY_RULE, ROUTING_REASONING_RULE, TEAM_RULE } from '../brief/routing-rules.ts';

/** What the complexity stage reads: the brief and what its analysis made of it. */
export type ComplexityInput = {
  title: string;
  description: string;
  refined_brief: string;
  field: string;
  objectives: string[];
};

export const ComplexityAssessment = Type.Object(
  {
    complexity_level: Type.Integer({
      minimum: 1,
      maximum: 4,
      description:
        '1: an open question, a call for ideas, names, slogans or feedback; 2: a small, contained ask or ' +
        'deliverable; 3: several deliverables or kinds of work that a team must coordinate; 4: a multi-part effort ' +
        `with several components or disciplines that must be integrated. ${COMMUNITY_RULE} ${TEAM_RULE}`,
    }),
    challenge_type: Type.Union([Type.Literal('community_discussion'), Type.Literal('team_execution')], {
      description:
        'Follows the level, always: community_discussion for levels 1 and 2 (ideas from the community, voted on); ' +
        'team_execution for levels 3 and 4 (a planned team effort).',
    }),
    reasoning: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: `Two or three sentences on what in the brief sets the level. ${ROUTING_REASONING_RULE}`,
    }),
    skill_areas: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 10,
      description: 'The kinds of work the challenge needs, e.g. "Mobile apps", "Backend & APIs", "Fundraising".',
    }),
    confidence_score: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'How sure the assessment is of the level, from 0 to 100.',
    }),
  },
  { additionalProperties: false, description: 'How complex a challenge is and how it should be taken on.' },
);

export type ComplexityAssessment = Static<typeof ComplexityAssessment>;

/** Levels 1–2 are community discussions, 3–4 team execution (docs/contract.md §6.2). */
export function challengeTypeFor(level: number): ComplexityAssessment['challenge_type'] {
  return level <= 2 ? 'community_discussion' : 'team_execution';
}
