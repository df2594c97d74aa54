import { CompiledQuery } from 'kysely';
import { compiledOnce, compiledOnceForList, compiledOncePerShape, type Value } from '../../db/compiled-once.ts';
import { type Db, isPostgres } from '../../db/database.ts';
import { oneBatchAtATime } from '../../db/one-batch-at-a-time.ts';
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
  const batched = batchedOn(db);
  if (batched) return batched.sumOf([['challenge_list', 0]]);
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

type ChallengeReadStamp = { companyId: number; challengeType: string | null; version: number };

/**
 * A challenge's read version with what decides who sees which body of it (its company and type), in one statement so
 * that the three belong together; undefined when there is no such challenge.
 */
export async function challengeReadStamp(db: Db, id: number): Promise<ChallengeReadStamp | undefined> {
  const batched = batchedOn(db);
  if (batched) return batched.stampOf(id);
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
  const batched = batchedOn(db);
  if (batched) {
    const versions: [Topic, number][] = [[dependsOn.topic, dependsOn.subject]];
    for (const id of dependsOn.challenges) versions.push(['challenge', id]);
    for (const [topic, subjects] of Object.entries(dependsOn.others ?? {}) as [Topic, readonly number[]][]) {
      for (const subject of subjects) versions.push([topic, subject]);
    }
    return batched.sumOf(versions);
  }
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

/**
 * PostgreSQL: the version checks of concurrent requests go to the database together, one statement per batch
 * (src/db/one-batch-at-a-time.ts). Each check is one round trip there and nearly all a kept read costs; SQLite answers
 * in the process, so it keeps the statements above. Inside a transaction a check reads what that transaction sees,
 * so it is not batched with others.
 */
type BatchedChecks = {
  /** The sum of these read versions (distinct; a version with no row counts 0). */
  sumOf: (versions: readonly (readonly [Topic, number])[]) => Promise<number>;
  stampOf: (challengeId: number) => Promise<ChallengeReadStamp | undefined>;
};

const batchedChecks = new WeakMap<Db, BatchedChecks>();

function batchedOn(db: Db): BatchedChecks | undefined {
  if (db.isTransaction || !isPostgres(db)) return undefined;
  let checks = batchedChecks.get(db);
  if (!checks) {
    checks = {
      sumOf: oneBatchAtATime((sets) => sumsOf(db, sets)),
      stampOf: oneBatchAtATime((ids) => stampsOf(db, ids)),
    };
    batchedChecks.set(db, checks);
  }
  return checks;
}

/** Every set's versions, tagged with the set's place, joined to their rows on the primary key and summed per set. */
const SUMS = `select w.place, coalesce(sum(r.version), 0) as total
  from unnest($1::int4[], $2::text[], $3::int8[]) as w(place, topic, subject_id)
  left join read_versions r on r.topic = w.topic and r.subject_id = w.subject_id
  group by w.place`;

async function sumsOf(db: Db, sets: readonly (readonly (readonly [Topic, number])[])[]): Promise<number[]> {
  const places: number[] = [];
  const topics: string[] = [];
  const subjects: number[] = [];
  sets.forEach((versions, place) => {
    for (const [topic, subject] of versions) {
      places.push(place);
      topics.push(topic);
      subjects.push(subject);
    }
  });
  const { rows } = await db.executeQuery<{ place: number; total: string }>(
    CompiledQuery.raw(SUMS, [places, topics, subjects]),
  );
  const totals = sets.map(() => 0);
  for (const row of rows) totals[row.place] = Number(row.total);
  return totals;
}

const STAMPS = `select c.id, c.company_id, c.challenge_type, r.version
  from challenges c
  left join read_versions r on r.topic = 'challenge' and r.subject_id = c.id
  where c.id = any($1::int8[])`;

async function stampsOf(db: Db, ids: readonly number[]): Promise<(ChallengeReadStamp | undefined)[]> {
  const { rows } = await db.executeQuery<{
    id: number;
    company_id: number;
    challenge_type: string | null;
    version: number | null;
  }>(CompiledQuery.raw(STAMPS, [ids]));
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { companyId: row.company_id, challengeType: row.challenge_type, version: row.version ?? 0 },
    ]),
  );
  return ids.map((id) => byId.get(id));
}
