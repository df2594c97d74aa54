import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FileStorage } from '../../src/storage/file-storage.ts';

/** One adapter under test: a fresh, empty store per test, and the store made unusable for the failure cases. */
export type StorageUnderTest = {
  name: string;
  /** Called once before the suite (start a server) and once after it. */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A store with nothing in it, used by one test. */
  fresh(): Promise<FileStorage>;
  /** A store of the same kind that cannot be used (a folder that cannot be written, a server nobody listens on). */
  broken(): Promise<FileStorage>;
};

/**
 * The behaviour every `FileStorage` adapter must have: the same tests run on the disk and on S3
 * (test/storage/storage-contract.test.ts), so the application cannot tell which one it was given.
 */
export function storageContract(adapter: StorageUnderTest): void {
  describe(`FileStorage contract: ${adapter.name}`, () => {
    let dir: string;
    let storage: FileStorage;
    let n = 0;
    const localFile = (content: string | Buffer) => {
      const file = path.join(dir, `upload-${++n}`);
      fs.writeFileSync(file, content);
      return file;
    };
    const allKeys = async (prefix?: string) => {
      const keys: string[] = [];
      for await (const key of storage.keys(prefix)) keys.push(key);
      return keys.sort();
    };

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-contract-'));
      await adapter.setUp();
    });
    after(async () => {
      await adapter.tearDown();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      storage = await adapter.fresh();
    });

    it('stores a local file under its key, consuming the local file, and reads the bytes back', async () => {
      const local = localFile('hello');
      await storage.putFile('cvs/7/abc.pdf', local);
      assert.equal(fs.existsSync(local), false, 'the temp file is gone once stored');
      assert.equal(await storage.exists('cvs/7/abc.pdf'), true);
      assert.equal(await text(storage.read('cvs/7/abc.pdf')), 'hello');
    });

    it('keeps binary content byte for byte', async () => {
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
      await storage.putFile('attachments/1/bin', localFile(bytes));
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read('attachments/1/bin')) chunks.push(chunk as Buffer);
      assert.deepEqual(Buffer.concat(chunks), bytes);
    });

    it('stores a file larger than one multipart part whole', async () => {
      // 6 MiB: above lib-storage's 5 MiB part size, so the S3 adapter sends it as a multipart upload.
      const bytes = Buffer.alloc(6 * 1024 * 1024 + 123, 'guild');
      await storage.putFile('attachments/2/large', localFile(bytes));
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read('attachments/2/large')) chunks.push(chunk as Buffer);
      assert.ok(Buffer.concat(chunks).equals(bytes));
      assert.equal((await storage.stat('attachments/2/large'))?.size, bytes.length);
    });

    it('reads one byte range, ends included', async () => {
      await storage.putFile('attachments/1/digits', localFile('0123456789'));
      assert.equal(await text(storage.read('attachments/1/digits', { start: 2, end: 5 })), '2345');
      assert.equal(await text(storage.read('attachments/1/digits', { start: 9, end: 9 })), '9');
      assert.equal(await text(storage.read('attachments/1/digits', { start: 0, end: 9 })), '0123456789');
    });

    it('gives a stored file its size and time of storing, and null for a missing key', async () => {
      const before = Date.now();
      await storage.putFile('cvs/3/c.pdf', localFile('twelve bytes'));
      const info = await storage.stat('cvs/3/c.pdf');
      assert.equal(info?.size, 12);
      // S3 keeps whole seconds; a temp file's time is when it was written, just before.
      assert.ok(info.modifiedAt.getTime() >= before - 60_000 && info.modifiedAt.getTime() <= Date.now() + 1000);
      assert.equal(await storage.stat('cvs/3/missing.pdf'), null);
    });

    it('replaces what a key held when stored again', async () => {
      await storage.putFile('logos/a.png', localFile('first'));
      await storage.putFile('logos/a.png', localFile('second'));
      assert.equal(await text(storage.read('logos/a.png')), 'second');
    });

    it('says whether a key holds a file: a missing key and a folder-like prefix hold none', async () => {
      await storage.putFile('cvs/1/a.pdf', localFile('a'));
      assert.equal(await storage.exists('cvs/1/a.pdf'), true);
      assert.equal(await storage.exists('cvs/1/b.pdf'), false);
      assert.equal(await storage.exists('cvs/1'), false);
    });

    it('reading a missing key fails on the stream rather than yielding nothing', async () => {
      await assert.rejects(text(storage.read('cvs/404/none.pdf')));
    });

    it('removes a file, and removing a missing key is not an error', async () => {
      await storage.putFile('cvs/1/a.pdf', localFile('a'));
      await storage.remove('cvs/1/a.pdf');
      assert.equal(await storage.exists('cvs/1/a.pdf'), false);
      await storage.remove('cvs/1/a.pdf');
      await storage.remove('never/stored');
    });

    it('lists every key, or those under a prefix, and nothing once removed', async () => {
      assert.deepEqual(await allKeys(), []);
      for (const key of ['cvs/1/a.pdf', 'cvs/12/b.docx', 'logos/c.png', 'attachments/3/4/d'])
        await storage.putFile(key, localFile(key));
      assert.deepEqual(await allKeys(), ['attachments/3/4/d', 'cvs/1/a.pdf', 'cvs/12/b.docx', 'logos/c.png']);
      assert.deepEqual(await allKeys('cvs/'), ['cvs/1/a.pdf', 'cvs/12/b.docx']);
      assert.deepEqual(await allKeys('cvs/1'), ['cvs/1/a.pdf', 'cvs/12/b.docx'], 'a prefix, not a folder');
      assert.deepEqual(await allKeys('cvs/1/'), ['cvs/1/a.pdf']);
      assert.deepEqual(await allKeys('nothing/'), []);
      await storage.remove('logos/c.png');
      assert.deepEqual(await allKeys('logos/'), []);
    });

    it('check() resolves on a usable store', async () => {
      await storage.check();
    });

    it('check() throws an Error saying what failed on an unusable store', async () => {
      const broken = await adapter.broken();
      await assert.rejects(broken.check(), (error: Error) => {
        assert.ok(error instanceof Error);
        assert.match(error.message, /\S{10,}/, 'a message that says something');
        return true;
      });
    });
  });
}
