import type { Config } from '../config.ts';
import { DiskStorage, type FileStorage } from './file-storage.ts';
import { createS3Client, S3Storage } from './s3-storage.ts';

/** The store STORAGE_URL chose: an S3-compatible bucket, or the local folder (the embedded default). */
export function createStorage(config: Pick<Config, 'storageDir' | 'objectStore'>): FileStorage {
  const { objectStore } = config;
  return objectStore ? new S3Storage(objectStore, createS3Client(objectStore)) : new DiskStorage(config.storageDir);
}
