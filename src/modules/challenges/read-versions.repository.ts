import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

/**
 * The versions of the shared challenge reads (`read_versions`, migration 0032): raised by database triggers, only read
 * here. A read with no row yet has version 0; rows are never deleted, so a version never goes back.
 */

const listVersion = compiledOnce((db) =>
  db.selectFrom('read_versions').select('version').where('topic', '=', 'challenge_list').where('subject_id', '=', 0),
);

export async function challengeListVersion(db: Db): Promise<number> {
  return (await listVersion(db))[0]?.version ?? 0;
}

const challengeStamp = compiledOnce((db, id: number) =>
  db
    .selectFrom('challenges')
    .leftJoin('read_versions', (join) =>
      join.on('read_versions.topic', '=', 'challenge').onRef('read_versions.subject_id', '=', 'challenges.id'),
    )
    .select(['challenges.company_id', 'challenges.challenge_type', 'read_versions.version'])
    .where('challenges.id', '=', id),
);

/**
 * A challenge's read version with what decides who sees which body of it (its company and type), in one statement so
 * that the three belong together; undefined when there is no such challenge.
 */
export async function challengeReadStamp(
  db: Db,
  id: number,
): Promise<{ companyId: number; challengeType: string | null; version: number } | undefined> {
  const row = (await challengeStamp(db, id))[0];
  if (!row) return undefined;
  return { companyId: row.company_id, challengeType: row.challenge_type, version: row.version ?? 0 };
}
