import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DiskStorage } from './file-storage.ts';
import { storeThenWrite } from './store-then-write.ts';

describe('storeThenWrite', () => {
  let dir: string;
  let storage: DiskStorage;
  let n = 0;
  const localFile = (content: string) => {
    const file = path.join(dir, 'incoming', `upload-${++n}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  const storedKeys = () =>
    (fs.existsSync(storage.root) ? fs.readdirSync(storage.root, { recursive: true }) : [])
      .map(String)
      .filter((entry) => fs.statSync(path.join(storage.root, entry)).isFile())
      .sort();

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-store-then-write-'));
    storage = new DiskStorage(path.join(dir, 'storage'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores the files before the write runs, and keeps them when it succeeds', async () => {
    const files = [
      { key: 'attachments/1/a', localPath: localFile('a') },
      { key: 'attachments/1/b', localPath: localFile('b') },
    ];
    const result = await storeThenWrite(storage, files, async () => {
      // The write sees the files in place: a row never names a file that is not there yet.
      assert.deepEqual(storedKeys(), ['attachments/1/a', 'attachments/1/b']);
      return 'row written';
    });
    assert.equal(result, 'row written');
    assert.deepEqual(storedKeys(), ['attachments/1/a', 'attachments/1/b']);
  });

  it('removes every stored file when the write fails, and rethrows its error', async () => {
    const files = [
      { key: 'cvs/7/new.pdf', localPath: localFile('cv') },
      { key: 'cvs/7/other.pdf', localPath: localFile('cv 2') },
    ];
    const failure = new Error('transaction rolled back');
    await assert.rejects(
      storeThenWrite(storage, files, async () => {
        throw failure;
      }),
      (error) => error === failure,
    );
    assert.deepEqual(storedKeys(), []);
  });

  it('removes the files stored so far when storing a later one fails, and never writes', async () => {
    const files = [
      { key: 'attachments/2/first', localPath: localFile('first') },
      { key: 'attachments/2/second', localPath: path.join(dir, 'incoming', 'gone') },
    ];
    let wrote = false;
    await assert.rejects(
      storeThenWrite(storage, files, async () => {
        wrote = true;
      }),
      { code: 'ENOENT' },
    );
    assert.equal(wrote, false);
    assert.deepEqual(storedKeys(), []);
  });

  it('logs a file it could not remove instead of hiding the write error behind it', async () => {
    class StuckDisk extends DiskStorage {
      override async remove(): Promise<void> {
        throw new Error('disk gone');
      }
    }
    const stuck = new StuckDisk(storage.root);
    const warnings: object[] = [];
    const log = { warn: (details: object) => warnings.push(details) };
    const files = [{ key: 'logos/new.png', localPath: localFile('png') }];
    await assert.rejects(
      storeThenWrite(
        stuck,
        files,
        async () => {
          throw new Error('unique violation');
        },
        log,
      ),
      /unique violation/,
    );
    assert.deepEqual(
      warnings.map((warning) => (warning as { storageKey: string }).storageKey),
      ['logos/new.png'],
    );
  });

  it('with no files it is the write alone', async () => {
    assert.equal(await storeThenWrite(storage, [], async () => 42), 42);
    assert.deepEqual(storedKeys(), []);
  });
});
