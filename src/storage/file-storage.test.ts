import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { DiskStorage, removeQuietly } from './file-storage.ts';

describe('DiskStorage', () => {
  let dir: string;
  let storage: DiskStorage;
  let n = 0;
  const localFile = (content: string) => {
    const file = path.join(dir, 'incoming', `upload-${++n}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-storage-'));
    storage = new DiskStorage(path.join(dir, 'storage'));
  });
  afterEach(() => {
    mock.restoreAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves a local file under its key, creating folders, and reads it back', async () => {
    const local = localFile('hello');
    await storage.putFile('cvs/7/abc.pdf', local);
    assert.equal(fs.existsSync(local), false, 'the local file was moved, not copied');
    assert.equal(await storage.exists('cvs/7/abc.pdf'), true);
    assert.equal(await text(storage.read('cvs/7/abc.pdf')), 'hello');
  });

  it('copies across devices when a rename is impossible, leaving no partial file', async () => {
    const rename = fs.promises.rename;
    mock.method(fs.promises, 'rename', async (from: fs.PathLike, to: fs.PathLike) => {
      if (String(from).includes(`${path.sep}incoming${path.sep}`)) {
        throw Object.assign(new Error('cross-device link not permitted'), { code: 'EXDEV' });
      }
      return rename(from, to);
    });
    const local = localFile('across');
    await storage.putFile('logos/a.png', local);
    assert.equal(await text(storage.read('logos/a.png')), 'across');
    assert.equal(fs.existsSync(local), false);
    assert.deepEqual(fs.readdirSync(path.join(storage.root, 'logos')), ['a.png']);
  });

  it('passes other move failures on', async () => {
    await assert.rejects(storage.putFile('x/y.pdf', path.join(dir, 'does-not-exist')), { code: 'ENOENT' });
  });

  it('says whether a key holds a file; folders and paths through files hold none', async () => {
    await storage.putFile('cvs/1/a.pdf', localFile('a'));
    assert.equal(await storage.exists('cvs/1/a.pdf'), true);
    assert.equal(await storage.exists('cvs/1/b.pdf'), false);
    assert.equal(await storage.exists('cvs/1'), false);
    assert.equal(await storage.exists('cvs/1/a.pdf/inner'), false);
  });

  it('removes a file, and removing a missing key is not an error', async () => {
    await storage.putFile('cvs/1/a.pdf', localFile('a'));
    await storage.remove('cvs/1/a.pdf');
    assert.equal(await storage.exists('cvs/1/a.pdf'), false);
    await storage.remove('cvs/1/a.pdf');
  });

  it('refuses keys that leave the storage root', async () => {
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', 'logos/../../secret.txt', '/etc/passwd', '', '.']) {
      assert.throws(() => storage.read(key), /escapes the storage root/, key);
      await assert.rejects(storage.exists(key), /escapes the storage root/, key);
      await assert.rejects(storage.remove(key), /escapes the storage root/, key);
      await assert.rejects(storage.putFile(key, localFile('x')), /escapes the storage root/, key);
    }
    await assert.rejects(storage.keys('../')[Symbol.asyncIterator]().next(), /escapes the storage root/);
    assert.equal(fs.readFileSync(path.join(dir, 'secret.txt'), 'utf8'), 'secret');
  });

  it('works from a relative root', async () => {
    const relative = new DiskStorage(path.relative(process.cwd(), path.join(dir, 'relative')));
    assert.ok(path.isAbsolute(relative.root));
    await relative.putFile('logos/b.gif', localFile('gif'));
    assert.equal(await relative.exists('logos/b.gif'), true);
  });

  it('removeQuietly deletes, and logs instead of throwing when the delete fails', async () => {
    await storage.putFile('logos/old.png', localFile('old'));
    const warnings: object[] = [];
    const log = { warn: (details: object) => warnings.push(details) };
    await removeQuietly(storage, 'logos/old.png', log);
    assert.equal(await storage.exists('logos/old.png'), false);
    assert.deepEqual(warnings, []);

    class BrokenDisk extends DiskStorage {
      override async remove(): Promise<void> {
        throw new Error('disk gone');
      }
    }
    await removeQuietly(new BrokenDisk(storage.root), 'logos/other.png', log);
    assert.equal(warnings.length, 1);
    assert.deepEqual((warnings[0] as { storageKey: string }).storageKey, 'logos/other.png');
  });
});
