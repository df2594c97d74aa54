import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskStorage } from '../../src/storage/file-storage.ts';
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
