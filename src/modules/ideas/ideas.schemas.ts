import { type Static, Type } from 'typebox';
import { Id, Nullable, PageQuery, Timestamp, UserSummary } from '../../http/schemas.ts';

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
