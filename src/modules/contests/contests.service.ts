import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { contestClosedReason } from '../challenges/challenge-contest.ts';
import { lockChallenge, markWinnersAnnounced } from '../challenges/challenges.repository.ts';
import type { ChallengeDetail } from '../challenges/challenges.schemas.ts';
import { ownedChallenge, showChallenge } from '../challenges/challenges.service.ts';
import { NOT_OWNER_MESSAGE } from '../challenges/challenges.state.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import {
  findChallengeIdeas,
  findContestParticipants,
  findIdeaParties,
  setShortlisted,
  setWinnerRank,
} from '../ideas/ideas.repository.ts';
import type { Idea } from '../ideas/ideas.schemas.ts';
import { ideaView, readableIdea } from '../ideas/ideas.service.ts';
import { notify } from '../notifications/notify.ts';

const WINNERS_ANNOUNCED = 'The winners of this challenge have been announced; they cannot be chosen again.';

/**
 * The owning company puts a scored idea of its challenge on its shortlist (`shortlisted` true) or takes it off.
 * Until the winners are announced; the author hears of a new place on the shortlist (`idea_shortlisted`).
 */
export async function shortlistIdea(db: Db, caller: AuthUser, ideaId: number, shortlisted: boolean): Promise<Idea> {
  const idea = await readableIdea(db, caller, ideaId);
  if (idea.company_id !== (await companyIdOf(db, caller))) throw AppError.forbidden(NOT_OWNER_MESSAGE);
  if (idea.status !== 'scored') throw AppError.invalidState('Only scored ideas can be shortlisted.');
  if (idea.winners_announced_at !== null) {
    throw AppError.invalidState('The winners of this challenge have been announced; the shortlist is final.');
  }
  const before = await ideaView(db, ideaId, caller);
  if (before.shortlisted === shortlisted) return before;
  await db.transaction().execute(async (trx) => {
    await setShortlisted(trx, ideaId, shortlisted, new Date().toISOString());
    const parties = await findIdeaParties(trx, ideaId);
    if (shortlisted && parties) {
      await notify(trx, {
        userId: parties.author_user_id,
        type: 'idea_shortlisted',
        title: 'Idea shortlisted',
        message: `Your idea "${idea.title}" is on the company's shortlist.`,
        actionUrl: `/challenges/${idea.challenge_id}#idea-${ideaId}`,
        data: { challenge_id: idea.challenge_id, idea_id: ideaId },
      });
    }
  });
  return ideaView(db, ideaId, caller);
}

const PLACES = ['first', 'second', 'third'];
const placeOf = (rank: number) => (rank <= PLACES.length ? `${PLACES[rank - 1]} place` : `place ${rank}`);

/**
 * The owning company announces the winners of its community discussion, once: `ideaIds` in order of place, scored
 * ideas of this challenge. With a deadline, only after it (everyone had until then); without one, at any time, which
 * closes ideas and votes. Every participant (authors of scored ideas and voters) is told (`contest_winners`).
 */
export async function announceWinners(
  db: Db,
  caller: AuthUser,
  challengeId: number,
  ideaIds: readonly number[],
): Promise<ChallengeDetail> {
  await db.transaction().execute(async (trx) => {
    const challenge = await ownedChallenge(trx, caller, challengeId);
    if (challenge.challenge_type !== 'community_discussion') {
      throw AppError.invalidState('Only community discussion challenges have ideas to choose winners from.');
    }
    if (!['active', 'in_progress', 'completed'].includes(challenge.status)) {
      throw AppError.invalidState('Winners can be chosen only for an active or completed challenge.');
    }
    if (challenge.winners_announced_at !== null) throw AppError.invalidState(WINNERS_ANNOUNCED);
    const now = new Date();
    if (challenge.deadline !== null && contestClosedReason(challenge, now) === null) {
      throw AppError.invalidState(
        `Winners can be chosen once ideas close at the deadline, ${challenge.deadline}. Move the deadline ` +
          'forward to close the contest earlier.',
      );
    }
    await lockChallenge(trx, challengeId);
    const ideas = new Map((await findChallengeIdeas(trx, challengeId, ideaIds)).map((idea) => [idea.id, idea]));
    const problems = ideaIds.flatMap((id) => {
      const idea = ideas.get(id);
      if (!idea) return [`Idea ${id} is not an idea of this challenge.`];
      return idea.status === 'scored' ? [] : [`Idea ${id} has not been scored; only scored ideas can win.`];
    });
    if (problems.length > 0) {
      throw new AppError('validation', problems[0], { errors: { idea_ids: problems } });
    }
    const at = now.toISOString();
    if (!(await markWinnersAnnounced(trx, challengeId, at))) throw AppError.invalidState(WINNERS_ANNOUNCED);
    for (const [index, id] of ideaIds.entries()) await setWinnerRank(trx, id, index + 1, at);

    const wonBy = new Map<number, string[]>();
    for (const [index, id] of ideaIds.entries()) {
      const parties = await findIdeaParties(trx, id);
      if (!parties) continue;
      const won = `"${ideas.get(id)!.title}" won ${placeOf(index + 1)}`;
      wonBy.set(parties.author_user_id, [...(wonBy.get(parties.author_user_id) ?? []), won]);
    }
    const prize = challenge.prize ? ` Prize: ${challenge.prize}` : '';
    for (const userId of await findContestParticipants(trx, challengeId)) {
      const won = wonBy.get(userId);
      await notify(trx, {
        userId,
        type: 'contest_winners',
        title: won ? 'Your idea won' : 'Winners announced',
        message: won
          ? `Congratulations: your idea ${won.join(' and your idea ')} in "${challenge.title}".${prize}`
          : `The winners of "${challenge.title}" have been announced. See the winning ideas on the challenge page.`,
        actionUrl: `/challenges/${challengeId}#winners`,
        data: { challenge_id: challengeId },
      });
    }
  });
  return showChallenge(db, caller, challengeId);
}
