import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, FileStorage, StoredFileInfo } from './file-storage.ts';
import type { ObjectStoreSettings } from './storage-config.ts';
import { StorageUnavailableError } from './storage-errors.ts';

/**
 * How long the client waits for a connection, and for a silent socket mid-transfer, before the request fails (and
 * the SDK retries it): a store that hangs must end in a 503, not in a request that never answers.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 30_000;
/** The readiness probe's whole budget: a probe that waits longer is a failure anyway. */
const CHECK_TIMEOUT_MS = 5_000;

export function createS3Client(settings: ObjectStoreSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // A copy: the SDK marks the credentials object it is given, and the configuration's is frozen.
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload, aws-chunked bodies)
    // is refused by several S3-compatible stores, and TLS already protects the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
  });
}

/**
 * Uploads in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix), under `prefix` + the application's key.
 * Files go up through lib-storage's `Upload`: one PUT for a small file, a multipart upload in 5 MiB parts for a large
 * one, aborted on failure so no half-stored object or orphaned part is left (S3 never shows a key before its upload
 * completed). Any failure of the store other than "no such key" is a `StorageUnavailableError` (a 503).
 */
export class S3Storage implements FileStorage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(settings: Pick<ObjectStoreSettings, 'bucket' | 'prefix'>, client: S3Client) {
    this.#client = client;
    this.#bucket = settings.bucket;
    this.#prefix = settings.prefix;
  }

  /** Where this store is, for messages: `s3://bucket/prefix`. */
  get location(): string {
    return `s3://${this.#bucket}/${this.#prefix}`;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: this.#objectKey(key), Body: fs.createReadStream(localPath) },
    });
    try {
      await upload.done();
    } catch (error) {
      throw this.#unavailable('store', key, error);
    }
    await fs.promises.rm(localPath, { force: true });
  }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    const request = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: this.#objectKey(key),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    this.#client.send(request).then(
      (response) => {
        const body = response.Body as Readable;
        // The reader went away while the store was answering: release the connection instead of piping into nothing.
        if (out.destroyed) {
          body.destroy();
          return;
        }
        body.on('error', (error) => out.destroy(this.#unavailable('read', key, error)));
        body.pipe(out);
        // A reader that stops early (a client gone) releases the connection to the store.
        out.on('close', () => body.destroy());
      },
      (error) => out.destroy(isMissing(error) ? missingKey(key, error) : this.#unavailable('read', key, error)),
    );
    return out;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.#unavailable('look up', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<void> {
    try {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
    } catch (error) {
      throw this.#unavailable('remove', key, error);
    }
  }

  async check(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`The object store ${this.location} cannot be used: ${describe(error)}`, { cause: error });
    }
  }

  async *keys(prefix = ''): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.#client },
      { Bucket: this.#bucket, Prefix: this.#objectKey(prefix, true) },
    );
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(this.#prefix.length);
      }
    } catch (error) {
      throw this.#unavailable('list', prefix, error);
    }
  }

  close(): void {
    this.#client.destroy();
  }

  #objectKey(key: string, allowEmpty = false): string {
    // The same keys the disk accepts: relative, no `.` or `..` segment, so both adapters hold the same names.
    const segments = key.split('/');
    const valid = segments.every((segment) => segment !== '.' && segment !== '..') && !key.startsWith('/');
    if (!valid || (key === '' && !allowEmpty)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return this.#prefix + key;
  }

  #unavailable(action: string, key: string, error: unknown): StorageUnavailableError {
    return new StorageUnavailableError(`Could not ${action} "${key}" in ${this.location}: ${describe(error)}`, {
      cause: error,
    });
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function missingKey(key: string, cause: unknown): Error {
  return Object.assign(new Error(`No stored file has the key ${key}.`, { cause }), { code: 'ENOENT' });
}

/** The store's error in a few words: S3's error code and message, or the network error's code. */
function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})${error.message ? `: ${error.message}` : ''}`;
  }
  const { code, message, name } = error as { code?: string; message?: string; name?: string };
  return [code ?? name, message].filter(Boolean).join(': ') || String(error);
}
