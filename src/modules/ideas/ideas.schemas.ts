import { type Static, Type } from 'typebox';
import { Nullable, Timestamp, UserSummary } from '../../http/schemas.ts';

export const Idea = Type.Object({
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
});
export type Idea = Static<typeof Idea>;
