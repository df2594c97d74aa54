import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, it, mock } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';
import { BACKSTOP_PAGES, type CheckpointResult, SqliteCheckpoints } from '../../src/db/sqlite-checkpoints.ts';

/**
 * Issue 11: SQLite's WAL checkpoints run on a thread of their own once the WAL is worth it, so no commit on the
 * request path copies the WAL into the database file (docs/performance.md, "Checkpoints off the request path").
 */
const FAST = { lookEveryMs: 10, checkpointEveryMs: 10 };

function scratchFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'guild-checkpoints-')), 'guild.sqlite');
}

function openWal(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, body TEXT)');
  return db;
}

/** About `kilobytes` of new rows, each insert its own commit. */
function write(db: DatabaseSync, kilobytes: number): void {
  const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
  for (let i = 0; i < kilobytes; i++) insert.run('x'.repeat(1000));
}

function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (condition()) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 5);
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints on their own thread', () => {
  const toClose: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const close of toClose.splice(0).reverse()) await close();
  });

  it('starts no thread while the WAL stays small', async () => {
    const file = scratchFile();
    const db = openWal(file);
    const settings: number[] = [];
    const checkpoints = new SqliteCheckpoints(file, async (pages) => void settings.push(pages), {
      ...FAST,
      startAtBytes: 512 * 1024,
    });
    toClose.push(
      () => db.close(),
      () => checkpoints.close(),
    );
    write(db, 20);
    await delay(100);
    assert.equal(checkpoints.running, false);
    assert.deepEqual(settings, [], "the connection keeps SQLite's own checkpoints");
  });

  it('once the WAL is worth it, checkpoints it from the thread and moves the connection’s own checkpoint out of the way', async () => {
    const file = scratchFile();
    const db = openWal(file);
    const results: CheckpointResult[] = [];
    const checkpoints = new SqliteCheckpoints(
      file,
      async (pages) => void db.exec(`PRAGMA wal_autocheckpoint = ${pages}`),
      { ...FAST, startAtBytes: 256 * 1024, onCheckpoint: (result) => results.push(result) },
    );
    toClose.push(
      () => db.close(),
      () => checkpoints.close(),
    );
    write(db, 400);
    await until(() => checkpoints.running, 'the thread');
    await until(() => results.some((result) => result.checkpointed > 0), 'a checkpoint that copied pages');
    assert.equal(
      (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint,
      BACKSTOP_PAGES,
    );
    // Later writes are copied by the thread too: every frame of the WAL ends up in the database file.
    write(db, 200);
    const before = results.length;
    await until(
      () =>
        results
          .slice(before)
          .some((result) => result.busy === 0 && result.log > 0 && result.checkpointed === result.log),
      'the WAL checkpointed whole',
    );
    await checkpoints.close();
    assert.equal(checkpoints.running, false);
  });

  it('gives the connection its own checkpoints back when the thread stops', async () => {
    const file = scratchFile();
    // A WAL to make the thread start, beside a "database" the thread cannot open: its connection fails at once.
    fs.mkdirSync(file);
    fs.writeFileSync(`${file}-wal`, Buffer.alloc(64 * 1024));
    const settings: number[] = [];
    const warn = mock.method(console, 'warn', () => {});
    const checkpoints = new SqliteCheckpoints(file, async (pages) => void settings.push(pages), {
      ...FAST,
      startAtBytes: 1024,
    });
    toClose.push(
      () => checkpoints.close(),
      () => warn.mock.restore(),
    );
    await until(() => settings.length === 2, 'the backstop and then the default');
    assert.deepEqual(settings, [BACKSTOP_PAGES, 1000]);
    assert.equal(checkpoints.running, false);
    assert.match(String(warn.mock.calls.at(-1)?.arguments[0]), /checkpoint thread stopped/);
  });

  it('runs for a database createDatabase opens, and ends with it', async () => {
    const file = scratchFile();
    const results: CheckpointResult[] = [];
    const handle = createDatabase({
      url: `sqlite:${file}`,
      checkpoints: { ...FAST, startAtBytes: 128 * 1024, onCheckpoint: (result) => results.push(result) },
    });
    let destroyed = false;
    toClose.push(async () => {
      if (!destroyed) await handle.destroy();
    });
    await sql`create table rows (id integer primary key, body text)`.execute(handle.db);
    for (let i = 0; i < 300; i++) await sql`insert into rows (body) values (${'y'.repeat(1000)})`.execute(handle.db);
    await until(() => results.some((result) => result.checkpointed > 0), 'a checkpoint from the thread');
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    assert.equal(setting.rows[0].wal_autocheckpoint, BACKSTOP_PAGES);
    await handle.destroy();
    destroyed = true;
  });
});
