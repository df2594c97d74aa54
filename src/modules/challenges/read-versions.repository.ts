import { compiledOnce, compiledOnceForList, compiledOncePerShape, type Value } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ReadVersionsTable } from '../../db/schema.ts';
import type { PageDependencies } from '../../http/shared-reads.ts';

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

const ownVersion = compiledOnce((db, topic: ReadVersionsTable['topic'], subject: number) =>
  db
    .selectFrom('read_versions')
    .select((eb) => eb.fn.sum<number | string>('version').as('total'))
    .where('topic', '=', topic)
    .where('subject_id', '=', subject),
);

const ownAndChallengesVersion = compiledOnceForList(
  (db, challengeIds, topic: ReadVersionsTable['topic'], subject: number) =>
    db
      .selectFrom('read_versions')
      .select((eb) => eb.fn.sum<number | string>('version').as('total'))
      .where((eb) =>
        eb.or([
          eb.and([eb('topic', '=', topic), eb('subject_id', '=', subject)]),
          eb.and([eb('topic', '=', 'challenge'), eb('subject_id', 'in', challengeIds)]),
        ]),
      ),
);

type Topic = ReadVersionsTable['topic'];

/** Subjects of several topics summed (a page with versions besides its own and its challenges'), compiled per shape. */
const versionsOfTopics = compiledOncePerShape<{ total: number | string | null }>();

async function sumOfTopics(db: Db, groups: readonly (readonly [Topic, readonly number[]])[]) {
  const lengths = groups.map(([, subjects]) => subjects.length);
  const build = (inner: Db, ...values: Value[]) => {
    let at = 0;
    const parts = lengths.map((length) => {
      const part = { topic: values[at] as Topic, subjects: values.slice(at + 1, at + 1 + length) as number[] };
      at += 1 + length;
      return part;
    });
    return inner
      .selectFrom('read_versions')
      .select((eb) => eb.fn.sum<number | string>('version').as('total'))
      .where((eb) =>
        eb.or(parts.map((part) => eb.and([eb('topic', '=', part.topic), eb('subject_id', 'in', part.subjects)]))),
      );
  };
  return versionsOfTopics(
    db,
    groups.map(([topic, subjects]) => `${topic}:${subjects.length}`).join(),
    build,
    groups.flatMap(([topic, subjects]) => [topic, ...subjects]),
  );
}

/**
 * The version of one caller's page (src/http/shared-reads.ts, `PageDependencies`): its own read version and those of
 * the challenges and other subjects it names, summed, in one statement on the primary key. Versions only grow and
 * rows are never deleted, so the sum of one set moves whenever one of its versions does. Each list must be distinct.
 */
export async function pageVersion(db: Db, dependsOn: PageDependencies): Promise<number> {
  const others = Object.entries(dependsOn.others ?? {}).filter(([, subjects]) => subjects.length > 0) as [
    Topic,
    readonly number[],
  ][];
  const rows =
    others.length > 0
      ? await sumOfTopics(db, [
          [dependsOn.topic, [dependsOn.subject]],
          ...(dependsOn.challenges.length > 0 ? [['challenge', dependsOn.challenges] as const] : []),
          ...others,
        ])
      : dependsOn.challenges.length === 0
        ? await ownVersion(db, dependsOn.topic, dependsOn.subject)
        : await ownAndChallengesVersion(db, dependsOn.challenges, dependsOn.topic, dependsOn.subject);
  return Number(rows[0]?.total ?? 0);
}
