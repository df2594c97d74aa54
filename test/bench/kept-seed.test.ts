import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { reusableSeed, type SeedRecord, SQLITE_FILE, writeSeedRecord } from '../../bench/kept-seed.ts';

const record: SeedRecord = {
  dialect: 'sqlite',
  scale: 1,
  databaseUrl: 'sqlite:/tmp/somewhere/guild.sqlite',
  engine: 'SQLite 3.53.4, no ANALYZE after seeding',
  challengeId: 42,
  rows: { challenges: 10_000 },
  seconds: 185.2,
  seededAt: '2026-11-26T11:00:00.000Z',
};

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'guild-kept-seed-'));
}

test('BENCH_REUSE: an empty folder holds nothing to reuse, so the run seeds', () => {
  assert.equal(reusableSeed(emptyFolder(), { dialect: 'sqlite', scale: 1 }), null);
});

test('BENCH_REUSE: a folder seeded earlier is reused with what the seed recorded', () => {
  const folder = emptyFolder();
  writeSeedRecord(folder, record);
  assert.deepEqual(reusableSeed(folder, { dialect: 'sqlite', scale: 1 }), {
    ...record,
    databaseUrl: `sqlite:${path.join(folder, SQLITE_FILE)}`,
  });
});

test('BENCH_REUSE: a copy of a kept SQLite folder measures its own file, not the one it was copied from', () => {
  const original = emptyFolder();
  writeSeedRecord(original, { ...record, databaseUrl: `sqlite:${path.join(original, SQLITE_FILE)}` });
  const copy = emptyFolder();
  fs.cpSync(original, copy, { recursive: true });
  assert.equal(
    reusableSeed(copy, { dialect: 'sqlite', scale: 1 })?.databaseUrl,
    `sqlite:${path.join(copy, SQLITE_FILE)}`,
  );
});

test('BENCH_REUSE: a kept PostgreSQL database is the one the seed recorded', () => {
  const folder = emptyFolder();
  const kept = {
    ...record,
    dialect: 'postgres' as const,
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/guild_bench_1',
  };
  writeSeedRecord(folder, kept);
  assert.deepEqual(reusableSeed(folder, { dialect: 'postgres', scale: 1 }), kept);
});

test('BENCH_REUSE: a kept database of another engine or scale stops the run instead of being measured', () => {
  const folder = emptyFolder();
  writeSeedRecord(folder, record);
  assert.throws(() => reusableSeed(folder, { dialect: 'postgres', scale: 1 }), /sqlite database of scale 1/);
  assert.throws(() => reusableSeed(folder, { dialect: 'sqlite', scale: 10 }), /not sqlite at scale 10/);
});
