import type { Db } from '../../db/database.ts';
import { notify } from '../notifications/notify.ts';
import { recordEvent } from '../webhooks/webhook-events.ts';
import { toIdea } from './ideas.mapper.ts';
import { findIdeaParties, findIdeaView } from './ideas.repository.ts';

/**
 * `idea.created` (submitted) and `idea.scored` (scored, or rejected as spam), in the transaction of the change: the
 * idea as GET /api/ideas/{id} shows it to its author, to the webhooks of the author and the challenge's company,
 * the two who may read it in every status.
 */
export async function recordIdeaEvent(trx: Db, type: 'idea.created' | 'idea.scored', ideaId: number): Promise<void> {
  const parties = await findIdeaParties(trx, ideaId);
  if (!parties) return;
  await recordEvent(trx, {
    type,
    recipients: [parties.author_user_id, parties.company_user_id],
    data: async () => {
      const row = await findIdeaView(trx, ideaId, parties.author_user_id);
      return row && toIdea(row);
    },
  });
}

/**
 * `idea_voted` (issue 13, item 2), in the vote's transaction: the idea's author hears of a vote cast or turned the
 * other way, never of a vote taken back (0) or cast again unchanged, and never of their own (they cannot vote on
 * their idea). Votes are anonymous (an idea shows only its totals), so the notification names no voter. One per vote:
 * the type's e-mail default is the daily digest, so a popular idea fills the bell, not the inbox.
 */
export async function notifyIdeaVoted(
  trx: Db,
  idea: { id: number; title: string; challenge_id: number },
  vote: -1 | 1,
  totals: { up: number; down: number },
): Promise<void> {
  const parties = await findIdeaParties(trx, idea.id);
  if (!parties) return;
  const direction = vote === 1 ? 'an up vote' : 'a down vote';
  await notify(trx, {
    userId: parties.author_user_id,
    type: 'idea_voted',
    title: 'A vote on your idea',
    message: `Your idea "${idea.title}" got ${direction}. It now has ${totals.up} up and ${totals.down} down.`,
    actionUrl: `/challenges/${idea.challenge_id}#idea-${idea.id}`,
    data: { challenge_id: idea.challenge_id, idea_id: idea.id },
  });
}
