import path from 'node:path';

/**
 * Where uploads are stored (STORAGE_URL): the local folder `storageDir` when `objectStore` is null (the embedded
 * default), else an S3-compatible bucket. Parsed here rather than in config.ts so the storage settings and their
 * messages live with the adapters that use them.
 */
export type StorageSettings = Readonly<{ storageDir: string; objectStore: ObjectStoreSettings | null }>;

export type ObjectStoreSettings = Readonly<{
  bucket: string;
  /** Prepended to every key: `` or `path/` (always ending with a slash), so several installs can share a bucket. */
  prefix: string;
  /** S3_ENDPOINT: another S3-compatible service (MinIO, Ceph, R2…); null is AWS itself. */
  endpoint: string | null;
  region: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; null leaves them to the SDK's default chain. */
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> | null;
}>;

type Read = (name: string) => string | undefined;
type ReadBoolean = (name: string, fallback: boolean) => boolean;

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;
const DEFAULT_REGION = 'us-east-1';

export function parseStorageSettings(
  read: Read,
  boolean: ReadBoolean,
  dataDir: string,
  problems: string[],
): StorageSettings {
  const url = read('STORAGE_URL') ?? 'file:';
  const storageDirSetting = read('STORAGE_DIR');
  const defaultDir = path.resolve(storageDirSetting ?? path.join(dataDir, 'storage'));

  if (url.startsWith('file:')) {
    const unused = S3_SETTINGS.filter((name) => read(name) !== undefined);
    if (unused.length > 0) {
      const verb = unused.length === 1 ? 'applies' : 'apply';
      problems.push(`${unused.join(', ')} ${verb} only to an s3:// STORAGE_URL (STORAGE_URL is "${url}").`);
    }
    // `file:`, `file:/srv/guild` and `file:///srv/guild` name the folder; a relative one is taken from the cwd.
    const named = url.slice('file:'.length);
    const folder = named.startsWith('///') ? named.slice(2) : named;
    if (folder === '') return { storageDir: defaultDir, objectStore: null };
    const storageDir = path.resolve(folder);
    if (storageDirSetting !== undefined && path.resolve(storageDirSetting) !== storageDir) {
      problems.push(
        `STORAGE_DIR (${storageDirSetting}) and STORAGE_URL (${url}) name different folders: set only one of them.`,
      );
    }
    return { storageDir, objectStore: null };
  }

  if (!url.startsWith('s3://')) {
    problems.push(`STORAGE_URL must be file:, file:/path/to/folder or s3://bucket/prefix (got "${url}").`);
    return { storageDir: defaultDir, objectStore: null };
  }
  const [bucket = '', ...rest] = url.slice('s3://'.length).split('/');
  if (!isBucketName(bucket)) {
    problems.push(
      `STORAGE_URL must name a bucket of 3 to 63 lower-case letters, digits, dots and hyphens, as in s3://guild-files/prod (got "${url}").`,
    );
  }
  const prefixPath = rest.filter((segment) => segment !== '').join('/');
  if (url.includes('?') || url.includes('#')) {
    problems.push(
      `STORAGE_URL takes no query or fragment; set S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE instead (got "${url}").`,
    );
  }

  const endpoint = read('S3_ENDPOINT') ?? null;
  if (endpoint !== null && !isHttpUrl(endpoint)) {
    problems.push(`S3_ENDPOINT must be an http:// or https:// URL, e.g. http://127.0.0.1:9000 (got "${endpoint}").`);
  }

  const accessKeyId = read('AWS_ACCESS_KEY_ID');
  const secretAccessKey = read('AWS_SECRET_ACCESS_KEY');
  const sessionToken = read('AWS_SESSION_TOKEN');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together.');
  }
  if (sessionToken !== undefined && accessKeyId === undefined) {
    problems.push('AWS_SESSION_TOKEN needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.');
  }

  return {
    storageDir: defaultDir,
    objectStore: Object.freeze({
      bucket,
      prefix: prefixPath === '' ? '' : `${prefixPath}/`,
      endpoint,
      region: read('S3_REGION') ?? read('AWS_REGION') ?? DEFAULT_REGION,
      forcePathStyle: boolean('S3_FORCE_PATH_STYLE', false),
      credentials:
        accessKeyId !== undefined && secretAccessKey !== undefined
          ? Object.freeze({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) })
          : null,
    }),
  };
}

/** S3's bucket naming rules (the common subset every compatible store accepts). */
function isBucketName(name: string): boolean {
  if (name.length < 3 || name.length > 63) return false;
  const allowed = [...name].every((c) => (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '.' || c === '-');
  const alphanumeric = (c: string) => c !== '.' && c !== '-';
  return allowed && alphanumeric(name[0]) && alphanumeric(name[name.length - 1]) && !name.includes('..');
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
