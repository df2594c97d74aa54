import type { Config } from '../config.ts';
import { DiskStorage, type FileStorage } from './file-storage.ts';

/**
 * The store STORAGE_URL chose: an S3-compatible bucket, or the local folder (the embedded default). The S3 adapter is
 * imported only when chosen: its SDK costs a process about 70 MB of memory.
 */
export async function createStorage(config: Pick<Config, 'storageDir' | 'objectStore'>): Promise<FileStorage> {
  const { objectStore } = config;
  if (!objectStore) return new DiskStorage(config.storageDir);
  const { createS3Client, S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(objectStore, createS3Client(objectStore));
}
