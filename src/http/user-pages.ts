import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { ReadVersionsTable } from '../db/schema.ts';
import { pageVersion } from '../modules/challenges/read-versions.repository.ts';
import type { PageDependencies, RenderedPage, UserPage } from './shared-reads.ts';

/**
 * One caller's page kept whole (issue 11; src/http/shared-reads.ts, `servePage`): the key is the caller and the URL
 * (path and query: the page, the filters and the links built from them), the version is read over what the kept body
 * depends on.
 */
export function userPage(
  db: Db,
  request: FastifyRequest,
  userId: number,
  render: () => Promise<RenderedPage>,
): UserPage {
  return {
    key: `user:${userId}|${request.url}`,
    versionOf: (dependsOn) => pageVersion(db, dependsOn),
    render,
  };
}

/** A caller's own rows of a page: the read version that counts them (migration 0034). */
export type OwnRows = { topic: ReadVersionsTable['topic']; subject: number };

/** What a rendered page depends on and their version at the time (null: keep nothing). */
export type PageVersion = { dependsOn: PageDependencies | null; version: number };

/** Of a page that keeps nothing (e.g. a contributor without a profile yet, whose own rows have no version). */
export const KEEP_NOTHING: PageVersion = { dependsOn: null, version: 0 };

/** The own rows' version, read before the page's rows (a write committing in between leaves it stale, never the body). */
export function ownVersion(db: Db, own: OwnRows): Promise<number> {
  return pageVersion(db, { ...own, challenges: [] });
}

/**
 * What a page depends on and its version: the own rows' version read before the page, and each challenge the page
 * names with the read version its rows carried (read in the page's own statement, so with the rows; null: no version
 * yet, 0).
 */
export function pageDependencies(
  own: OwnRows,
  ownRowsVersion: number,
  stamps: readonly { challenge_id: number; version: number | null }[],
): { dependsOn: PageDependencies; version: number } {
  return dependenciesOf(
    own,
    ownRowsVersion,
    stamps.map((stamp) => ({ topic: 'challenge', subject: stamp.challenge_id, version: stamp.version })),
  );
}

/** A read version as a page's statement read it with the rows it covers (null: no version yet, 0). */
export type VersionRead = { topic: ReadVersionsTable['topic']; subject: number; version: number | null };

/**
 * What a page depends on and its version, from the own rows' version read before the page and every version read
 * with the rows it shows. A subject read more than once (in several statements) counts at the lowest version read: a
 * write committing between two reads shows in one of them only, and the page is then kept under a version already
 * stale, so it is rendered again on the next request.
 */
export function dependenciesOf(
  own: OwnRows,
  ownRowsVersion: number,
  read: readonly VersionRead[],
): { dependsOn: PageDependencies; version: number } {
  const byTopic = new Map<ReadVersionsTable['topic'], Map<number, number>>();
  for (const { topic, subject, version } of read) {
    const subjects = byTopic.get(topic) ?? new Map<number, number>();
    byTopic.set(topic, subjects);
    subjects.set(subject, Math.min(version ?? 0, subjects.get(subject) ?? Number.POSITIVE_INFINITY));
  }
  let version = ownRowsVersion;
  for (const subjects of byTopic.values()) for (const subjectVersion of subjects.values()) version += subjectVersion;
  const { challenge, ...others } = Object.fromEntries(
    [...byTopic].map(([topic, subjects]) => [topic, [...subjects.keys()]]),
  );
  return {
    dependsOn: { ...own, challenges: challenge ?? [], ...(Object.keys(others).length > 0 ? { others } : {}) },
    version,
  };
}
