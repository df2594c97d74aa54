import { type Static, Type } from 'typebox';
import { Id, Nullable, PageQuery, Timestamp, UserSummary } from '../../http/schemas.ts';

/** How `final_score` is made (src/modules/ideas/ideas.scoring.ts); present once the idea has an AI score. */
const ScoreBreakdown = Type.Object(
  {
    ai_score: Type.Number({ description: "The AI's score, 0–100" }),
    ai_weight: Type.Number({ description: "The AI score's weight in the final score (0.4)" }),
    vote_total: Type.Integer({ description: 'Votes up minus votes down' }),
    community_score: Type.Number({ description: '50 + 5 × vote_total, kept within 0–100' }),
    community_weight: Type.Number({ description: "The community score's weight in the final score (0.6)" }),
    final_score: Type.Number({ description: 'ai_weight × ai_score + community_weight × community_score, 2 decimals' }),
    formula: Type.String({ description: 'The computation in words' }),
  },
  { description: 'How final_score is made; null until the idea is scored' },
);

export const Idea = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    volunteer: UserSummary,
    title: Type.String(),
    description: Type.String(),
    status: Type.String({ description: 'pending_review | scored | rejected | error' }),
    ai_score: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
    ai_feedback: Nullable(
      Type.Object({
        summary: Type.String(),
        strengths: Type.Array(Type.String()),
        weaknesses: Type.Array(Type.String()),
        suggestions: Type.Array(Type.String()),
        scores: Type.Object({
          feasibility: Type.Number(),
          innovation: Type.Number(),
          impact: Type.Number(),
          alignment: Type.Number(),
        }),
      }),
    ),
    votes_up: Type.Integer(),
    votes_down: Type.Integer(),
    vote_total: Type.Integer(),
    my_vote: Type.Integer({ minimum: -1, maximum: 1 }),
    final_score: Nullable(Type.Number()),
    score_breakdown: Nullable(ScoreBreakdown),
    shortlisted: Type.Boolean({ description: "On the challenge's company's shortlist" }),
    winner_rank: Nullable(
      Type.Integer({ minimum: 1, description: 'The place it won (1 first) once winners are announced; else null' }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Idea' },
);
export type Idea = Static<typeof Idea>;

export const IDEA_SORTS = ['final_score', 'ai_score', 'votes', 'created_at'] as const;

/** `{challenge}` in `/challenges/{challenge}/ideas`; like `IdParams`, an invalid value is a 404. */
export const ChallengeIdeasParams = Type.Object({ challenge: Id });

export const ChallengeIdeasQuery = Type.Object({
  ...PageQuery,
  sort: Type.Optional(
    Type.Enum(IDEA_SORTS, {
      description: 'final_score (default), ai_score, votes (vote total) or created_at; each best or newest first',
    }),
  ),
});

export const NewIdea = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.String({ minLength: 100, maxLength: 2000 }),
  },
  { $id: 'NewIdea' },
);
export type NewIdea = Static<typeof NewIdea>;

export const VoteBody = Type.Object(
  {
    vote: Type.Integer({ minimum: -1, maximum: 1, description: '1 up, -1 down, 0 removes your vote' }),
  },
  { $id: 'IdeaVoteBody' },
);
