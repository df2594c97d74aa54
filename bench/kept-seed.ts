import fs from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../src/db/column-types.ts';

/**
 * A seeded database kept between benchmark runs (`BENCH_REUSE=<folder>`, docs/performance.md): the first run seeds
 * into the folder and writes this record next to the data; a later run with the same folder, engine and scale finds
 * it and measures the same database without seeding again (the seed costs minutes, a measured endpoint seconds).
 * Tokens and invitations are not kept: each run makes its own (see `fixturesOf` in seed.ts).
 */
export type SeedRecord = {
  dialect: Dialect;
  scale: number;
  /** The database the rows were written to: the SQLite file in the folder, or the PostgreSQL scratch database. */
  databaseUrl: string;
  /** What the engine line of the report says about it (version, planner statistics after seeding). */
  engine: string;
  challengeId: number;
  rows: Record<string, number>;
  seconds: number;
  seededAt: string;
};

const RECORD_FILE = 'bench-seed.json';
/** The SQLite file a run seeds in its data folder (api.bench.ts). */
export const SQLITE_FILE = 'guild.sqlite';

/** The record of the database kept in `folder`, or null when nothing was seeded there yet. */
function readSeedRecord(folder: string): SeedRecord | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(folder, RECORD_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return JSON.parse(text) as SeedRecord;
}

/** Written only once the seed has committed, so a folder whose seed failed halfway is seeded again, not reused. */
export function writeSeedRecord(folder: string, record: SeedRecord): void {
  fs.writeFileSync(path.join(folder, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * The kept database this run may measure, or null when the folder holds none. A database of another engine or scale
 * stops the run: its figures would not be the ones asked for, and seeding over it would throw away minutes of work.
 */
export function reusableSeed(folder: string, wanted: { dialect: Dialect; scale: number }): SeedRecord | null {
  const record = readSeedRecord(folder);
  if (!record) return null;
  if (record.dialect !== wanted.dialect || record.scale !== wanted.scale) {
    throw new Error(
      `${folder} holds a ${record.dialect} database of scale ${record.scale}, not ${wanted.dialect} at scale ` +
        `${wanted.scale}: name another BENCH_REUSE folder.`,
    );
  }
  // A SQLite database is the file in the folder, wherever it was seeded: a copy of a kept folder (one per helper or
  // per tree measured) must measure and write its own file, never the one it was copied from.
  if (record.dialect === 'sqlite') return { ...record, databaseUrl: `sqlite:${path.join(folder, SQLITE_FILE)}` };
  return record;
}
