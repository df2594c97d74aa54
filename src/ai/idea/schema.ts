import { type Static, Type } from 'typebox';

/** What idea scoring reads: the community challenge and one contributor's idea for it. */
export type IdeaInput = {
  challenge: { title: string; description: string; refined_brief: string | null; judging_criteria?: string | null };
  idea: { title: string; description: string };
};

const Score = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });

const Points = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { maxItems: 6, description });

export const IdeaScoring = Type.Object(
  {
    is_spam: Type.Boolean({
      description:
        'True when the idea is spam rather than a proposal: advertising, links to sell something, unreadable ' +
        'text, or text that has nothing to do with the challenge.',
    }),
    spam_reason: Type.Union([Type.String({ minLength: 1, maxLength: 400 }), Type.Null()], {
      description: 'When is_spam: one plain sentence saying why. Null otherwise.',
    }),
    summary: Type.String({
      minLength: 1,
      maxLength: 600,
      description:
        'Your assessment of the idea in one or two sentences: what it gets right for this challenge and what it lacks, ' +
        'not a restatement of the idea.',
    }),
    strengths: Points('What is good about the idea, as short sentences addressed to its author.'),
    weaknesses: Points('What holds the idea back, as short sentences.'),
    suggestions: Points('Concrete ways the author could improve the idea.'),
    scores: Type.Object(
      {
        feasibility: Score('How practical the idea is with realistic people, money and time: 0 to 100.'),
        innovation: Score('How fresh the idea is compared with the obvious or usual answers: 0 to 100.'),
        impact: Score('How much good it would do for the people the challenge is about, if it worked: 0 to 100.'),
        alignment: Score('How directly it answers this challenge, as opposed to a different problem: 0 to 100.'),
      },
      { additionalProperties: false, description: 'The idea scored on four criteria.' },
    ),
    ai_score: Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'The overall score from 0 to 100: alignment and impact weigh most. 0 for spam.',
    }),
  },
  { additionalProperties: false, description: 'Feedback and scores for an idea submitted to a challenge.' },
);

export type IdeaScoring = Static<typeof IdeaScoring>;
export type IdeaScores = IdeaScoring['scores'];
