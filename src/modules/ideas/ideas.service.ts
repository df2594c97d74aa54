import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PageRequest } from '../../http/pagination.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { contestClosedReason } from '../challenges/challenge-contest.ts';
import { canSeeChallenge } from '../challenges/challenge-visibility.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { awardIdeaReputation } from '../reputation/reputation.ts';
import { profileRequired } from '../users/profile-errors.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
import { notifyIdeaVoted, recordIdeaEvent } from './idea-events.ts';
import { toIdea } from './ideas.mapper.ts';
import {
  countVotes,
  findChallengeForIdeas,
  findIdeaView,
  findIdeaWithChallenge,
  findVote,
  type IdeaSort,
  insertIdea,
  listChallengeIdeas,
  listVolunteerIdeas,
  lockIdeaForVoting,
  saveVote,
  updateVoteTotals,
} from './ideas.repository.ts';
import type { Idea, NewIdea } from './ideas.schemas.ts';
import { finalScore } from './ideas.scoring.ts';

type IdeasDeps = Pick<AppDeps, 'db' | 'dialect'>;
export type IdeaVote = -1 | 0 | 1;

/** A challenge the caller may see (else 404) that takes ideas (else 422). */
async function ideaChallenge(db: Db, challengeId: number, caller: AuthUser) {
  const challenge = await findChallengeForIdeas(db, challengeId);
  if (!challenge || !canSeeChallenge(challenge, await companyIdOf(db, caller))) throw AppError.notFound('Challenge');
  if (challenge.challenge_type !== 'community_discussion') {
    throw AppError.invalidState('This challenge does not accept ideas.');
  }
  return challenge;
}

export async function ideaView(db: Db, ideaId: number, caller: AuthUser): Promise<Idea> {
  const row = await findIdeaView(db, ideaId, caller.id);
  if (!row) throw AppError.notFound('Idea');
  return toIdea(row);
}

export async function listIdeasOfChallenge(
  { db }: IdeasDeps,
  caller: AuthUser,
  challengeId: number,
  sort: IdeaSort,
  page: PageRequest,
) {
  await ideaChallenge(db, challengeId, caller);
  const viewerVolunteerId = await volunteerIdOf(db, caller);
  const { rows, total } = await listChallengeIdeas(
    db,
    { challengeId, viewerUserId: caller.id, viewerVolunteerId, sort },
    page,
  );
  return { data: rows.map(toIdea), total };
}

export async function submitIdea(
  { db, dialect, queue }: Pick<AppDeps, 'db' | 'dialect' | 'queue'>,
  caller: AuthUser,
  challengeId: number,
  idea: NewIdea,
) {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) throw profileRequired('contributor', 'submitting ideas');
  const challenge = await ideaChallenge(db, challengeId, caller);
  if (challenge.status !== 'active') {
    throw AppError.invalidState('Ideas can only be submitted while the challenge is active.');
  }
  const closed = contestClosedReason(challenge, new Date());
  if (closed !== null) throw AppError.invalidState(closed);
  const ideaId = await db.transaction().execute(async (trx) => {
    const id = await insertIdea(trx, { challengeId, volunteerId, ...idea, now: new Date().toISOString() });
    await queue.enqueue(trx, 'idea.score', { ideaId: id });
    await awardIdeaReputation(trx, dialect, volunteerId, { id, challengeId });
    await recordIdeaEvent(trx, 'idea.created', id);
    return id;
  });
  return ideaView(db, ideaId, caller);
}

/** A contributor's own ideas, newest first; without a profile there are none yet. */
export async function listMyIdeas({ db }: IdeasDeps, caller: AuthUser, page: PageRequest) {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) return { data: [], total: 0 };
  const { rows, total } = await listVolunteerIdeas(db, volunteerId, caller.id, page);
  return { data: rows.map(toIdea), total };
}

/**
 * An idea the caller may read: one that is scored, or the caller's own, or on the caller's company's challenge —
 * and only while its challenge is visible to the caller. Everything else is a 404, so unscored ideas do not leak.
 * The idea's comment thread follows the same rule.
 */
export async function readableIdea(db: Db, caller: AuthUser, ideaId: number) {
  const idea = await findIdeaWithChallenge(db, ideaId);
  if (!idea) throw AppError.notFound('Idea');
  const companyId = await companyIdOf(db, caller);
  const challengeVisible = canSeeChallenge({ status: idea.challenge_status, company_id: idea.company_id }, companyId);
  const ideaVisible =
    idea.status === 'scored' ||
    idea.company_id === companyId ||
    idea.volunteer_id === (await volunteerIdOf(db, caller));
  if (!challengeVisible || !ideaVisible) throw AppError.notFound('Idea');
  return idea;
}

export async function getIdea({ db }: IdeasDeps, caller: AuthUser, ideaId: number) {
  await readableIdea(db, caller, ideaId);
  return ideaView(db, ideaId, caller);
}

/**
 * Records a vote and recounts the idea's totals from its votes, with the idea row locked so concurrent votes are
 * counted one after another and the totals always equal the votes.
 */
export async function voteOnIdea({ db, dialect }: IdeasDeps, caller: AuthUser, ideaId: number, vote: IdeaVote) {
  const volunteerId = await volunteerIdOf(db, caller);
  if (volunteerId === null) throw profileRequired('contributor', 'voting on ideas');
  const found = await findIdeaWithChallenge(db, ideaId);
  if (!found || !canSeeChallenge({ status: found.challenge_status, company_id: found.company_id }, null)) {
    throw AppError.notFound('Idea');
  }
  // Votes close with the ideas: the ranking the company judges is the one at the deadline.
  const closed = contestClosedReason(found, new Date());
  if (closed !== null) throw AppError.invalidState(closed);
  await db.transaction().execute(async (trx) => {
    const idea = await lockIdeaForVoting(trx, dialect, ideaId);
    if (!idea) throw AppError.notFound('Idea');
    if (idea.volunteer_id === volunteerId) throw AppError.invalidState('You cannot vote on your own idea.');
    if (idea.status !== 'scored' || idea.ai_score === null) {
      throw AppError.invalidState('Only ideas that have been scored can be voted on.');
    }
    const now = new Date().toISOString();
    const previous = await findVote(trx, ideaId, volunteerId);
    await saveVote(trx, ideaId, volunteerId, vote, now);
    const { up, down } = await countVotes(trx, ideaId);
    await updateVoteTotals(trx, ideaId, {
      votesUp: up,
      votesDown: down,
      finalScore: finalScore(idea.ai_score, up - down),
      now,
    });
    if (vote !== 0 && vote !== previous) await notifyIdeaVoted(trx, found, vote, { up, down });
  });
  return ideaView(db, ideaId, caller);
}
