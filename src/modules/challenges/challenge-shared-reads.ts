import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { companyIdOf } from '../companies/companies.service.ts';
import { volunteerIdOf } from '../volunteers/volunteers.service.ts';
import { challengeListVersion, challengeReadStamp } from './read-versions.repository.ts';

/**
 * Keys and versions of the challenge reads whose rendered bodies each process keeps (src/http/shared-reads.ts). A
 * key names the read, its URL (path and query: the page, the filters and the links built from them) and the class
 * of viewer that is answered the same bytes; everything else a body shows is covered by the version (migration 0032)
 * or by `keptUntil`.
 */
export type SharedReadStamp = { key: string; version: number };

/**
 * The lists (`/challenges`, and a company's own `/challenges/my-challenges`, told apart by the URL) depend on the
 * viewer only through their company: its own challenges in every status join the public ones, or are the list.
 */
export async function challengeListStamp(db: Db, caller: AuthUser, url: string): Promise<SharedReadStamp> {
  const companyId = await companyIdOf(db, caller);
  return {
    key: `challenges|${companyId === null ? 'anyone' : `company:${companyId}`}|${url}`,
    version: await challengeListVersion(db),
  };
}

/**
 * Who sees the same body of one challenge's reads: its owning company (the analyses, every status), a contributor
 * with a profile on a community discussion (their own votes, and on the ideas list their own ideas in any status),
 * and anyone else (other companies and every other contributor see the same bytes). Null: no such challenge, so
 * nothing to keep (the read answers its 404).
 */
export async function challengeStamp(
  db: Db,
  caller: AuthUser,
  challengeId: number,
  url: string,
): Promise<SharedReadStamp | null> {
  const stamp = await challengeReadStamp(db, challengeId);
  if (!stamp) return null;
  let viewer = 'anyone';
  if (stamp.companyId === (await companyIdOf(db, caller))) viewer = 'owner';
  else if (stamp.challengeType === 'community_discussion' && (await volunteerIdOf(db, caller)) !== null) {
    viewer = `user:${caller.id}`;
  }
  return { key: `challenge:${challengeId}|${viewer}|${url}`, version: stamp.version };
}

/**
 * When the first of these challenges stops taking ideas by its deadline alone (its `ideas_open` turns false with no
 * write): a body showing them is kept until then.
 */
export function ideasCloseAt(challenges: readonly { ideas_open: boolean; deadline: string | null }[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const challenge of challenges) {
    if (challenge.ideas_open && challenge.deadline !== null) first = Math.min(first, Date.parse(challenge.deadline));
  }
  return first;
}
