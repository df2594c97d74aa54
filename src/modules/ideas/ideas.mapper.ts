import type { IdeaRow } from '../../db/schema.ts';
import { parseJson } from '../../shared/json.ts';
import type { Idea } from './ideas.schemas.ts';
import { scoreBreakdown } from './ideas.scoring.ts';

/** An idea row as the repository reads it: with its author's name and the viewer's own vote (null when none). */
export type IdeaViewRow = IdeaRow & { author_name: string; my_vote: number | null };

export function toIdea(row: IdeaViewRow): Idea {
  return {
    id: row.id,
    challenge_id: row.challenge_id,
    volunteer: { id: row.volunteer_id, name: row.author_name },
    title: row.title,
    description: row.description,
    status: row.status,
    ai_score: row.ai_score,
    ai_feedback: parseJson<Idea['ai_feedback']>(row.ai_feedback, null),
    votes_up: row.votes_up,
    votes_down: row.votes_down,
    vote_total: row.vote_total,
    my_vote: row.my_vote ?? 0,
    final_score: row.final_score,
    score_breakdown:
      row.status === 'scored' && row.ai_score !== null ? scoreBreakdown(row.ai_score, row.vote_total) : null,
    shortlisted: row.shortlisted_at !== null,
    winner_rank: row.winner_rank,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
