import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { DiskStorage } from '../../src/storage/file-storage.ts';
import { createS3Client, S3Storage } from '../../src/storage/s3-storage.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { storageContract } from './storage-contract.ts';

let diskRoot = '';
storageContract({
  name: 'disk',
  async setUp() {
    diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-disk-contract-'));
  },
  async tearDown() {
    fs.rmSync(diskRoot, { recursive: true, force: true });
  },
  async fresh() {
    return new DiskStorage(fs.mkdtempSync(path.join(diskRoot, 'store-')));
  },
  async broken() {
    // The root's place is taken by a plain file: the folder can be neither created nor used.
    const file = path.join(diskRoot, `not-a-folder-${Date.now()}`);
    fs.writeFileSync(file, '');
    return new DiskStorage(path.join(file, 'storage'));
  },
});

let s3: S3TestServer;
let bucketCount = 0;
const s3Settings = (bucket: string, endpoint: string) =>
  loadConfig({ ...s3.env, STORAGE_URL: `s3://${bucket}/guild`, S3_ENDPOINT: endpoint }).objectStore!;
storageContract({
  name: 's3 (s3rver)',
  async setUp() {
    s3 = await startS3Server();
  },
  async tearDown() {
    await s3.stop();
  },
  async fresh() {
    // A bucket per test, so each starts empty.
    const bucket = `contract-${++bucketCount}`;
    await s3.createBucket(bucket);
    const settings = s3Settings(bucket, s3.endpoint);
    return new S3Storage(settings, createS3Client(settings));
  },
  async broken() {
    // A closed proxy in front of the server: a port nobody listens on, so connections are refused.
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
    await proxy.close();
    const settings = s3Settings('contract-broken', `http://127.0.0.1:${proxy.port}`);
    return new S3Storage(settings, createS3Client(settings));
  },
});

describe('S3Storage prefixes', () => {
  it('keeps installs that share a bucket apart: s3://b/app and s3://b/app-2 see only their own keys', async () => {
    const server = await startS3Server({ bucket: 'shared' });
    const storeAt = (prefix: string) => {
      const settings = loadConfig(server.envWithPrefix(prefix)).objectStore!;
      return new S3Storage(settings, createS3Client(settings));
    };
    const [first, second] = [storeAt('app'), storeAt('app-2')];
    try {
      const local = (name: string) => {
        const file = path.join(server.directory, '..', `${name}-${process.pid}`);
        fs.writeFileSync(file, name);
        return file;
      };
      await first.putFile('cvs/1/a.pdf', local('first'));
      await second.putFile('logos/b.png', local('second'));
      const keysOf = async (storage: S3Storage) => {
        const keys: string[] = [];
        for await (const key of storage.keys()) keys.push(key);
        return keys;
      };
      assert.deepEqual(await keysOf(first), ['cvs/1/a.pdf']);
      assert.deepEqual(await keysOf(second), ['logos/b.png']);
      assert.equal(await second.exists('cvs/1/a.pdf'), false);
      assert.equal(await first.exists('logos/b.png'), false);
    } finally {
      first.close();
      second.close();
      await server.stop();
    }
  });
});
