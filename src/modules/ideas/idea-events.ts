import type { Db } from '../../db/database.ts';
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
