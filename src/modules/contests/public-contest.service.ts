import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { isPublicContest } from '../challenges/challenge-contest.ts';
import { toChallenge } from '../challenges/challenges.mapper.ts';
import { findChallengeWithCompany } from '../challenges/challenges.repository.ts';
import type { Challenge } from '../challenges/challenges.schemas.ts';
import { scoredIdeasOf, winningIdeasOf } from '../ideas/ideas.embed.ts';
import type { Idea } from '../ideas/ideas.schemas.ts';

/**
 * An idea as the web at large may see it: what it proposes and how it scored, its shortlist mark and place. Not its
 * author (contributors agreed to be seen by signed-in members only), nor the AI's feedback addressed to them.
 */
export type PublicIdea = Pick<
  Idea,
  | 'id'
  | 'title'
  | 'description'
  | 'status'
  | 'ai_score'
  | 'votes_up'
  | 'votes_down'
  | 'vote_total'
  | 'final_score'
  | 'score_breakdown'
  | 'shortlisted'
  | 'winner_rank'
>;

/** A public contest: the brief and the contest's terms, with its scored ideas and winners. */
export type PublicContest = Pick<
  Challenge,
  | 'id'
  | 'title'
  | 'status'
  | 'deadline'
  | 'prize'
  | 'judging_criteria'
  | 'ideas_open'
  | 'winners_announced_at'
  | 'created_at'
> & {
  company: Pick<Challenge['company'], 'company_name' | 'logo_url'>;
  /** The refined brief when the analysis wrote one, else the brief as submitted. */
  brief: string;
  ideas: PublicIdea[];
  winners: PublicIdea[];
};

function toPublicIdea(idea: Idea): PublicIdea {
  return {
    id: idea.id,
    title: idea.title,
    description: idea.description,
    status: idea.status,
    ai_score: idea.ai_score,
    votes_up: idea.votes_up,
    votes_down: idea.votes_down,
    vote_total: idea.vote_total,
    final_score: idea.final_score,
    score_breakdown: idea.score_breakdown,
    shortlisted: idea.shortlisted,
    winner_rank: idea.winner_rank,
  };
}

/**
 * The public page's read (docs/api.md, Contests): no caller, so the access check is the company's opt-in. A challenge
 * that is not a public contest is the 404 of one that does not exist, so ids reveal nothing.
 */
export async function showPublicContest(db: Db, id: number): Promise<PublicContest> {
  const row = await findChallengeWithCompany(db, id);
  const challenge = row ? toChallenge(row) : null;
  if (!challenge || !isPublicContest(challenge)) throw AppError.notFound('Challenge');
  const [ideas, winners] = await Promise.all([scoredIdeasOf(db, id, null), winningIdeasOf(db, id, null)]);
  return {
    id: challenge.id,
    title: challenge.title,
    status: challenge.status,
    deadline: challenge.deadline,
    prize: challenge.prize,
    judging_criteria: challenge.judging_criteria,
    ideas_open: challenge.ideas_open,
    winners_announced_at: challenge.winners_announced_at,
    created_at: challenge.created_at,
    company: { company_name: challenge.company.company_name, logo_url: challenge.company.logo_url },
    brief: challenge.refined_brief ?? challenge.description,
    ideas: ideas.map(toPublicIdea),
    winners: winners.map(toPublicIdea),
  };
}
