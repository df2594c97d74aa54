import type { Db } from '../../src/db/database.ts';
import { createChallenge, createCompany, createVolunteer } from './factories.ts';

/** A challenge that takes ideas: a community discussion (complexity 1), active by the factory's default. */
export const COMMUNITY = { challenge_type: 'community_discussion', complexity_level: 1 };

/**
 * The people of the idea tests: the company that owns an active community challenge, another company, an author
 * of ideas and another contributor who reads (and votes on) them.
 */
export async function ideasCast(db: Db) {
  const owner = await createCompany(db);
  const otherCompany = await createCompany(db);
  const author = await createVolunteer(db);
  const reader = await createVolunteer(db);
  const community = await createChallenge(db, owner.company.id, COMMUNITY);
  return { owner, otherCompany, author, reader, community };
}

export type IdeasCast = Awaited<ReturnType<typeof ideasCast>>;
