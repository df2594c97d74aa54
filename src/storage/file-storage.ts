import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The embedded default is the local disk; an object store implements the same
 * operations. Keys are relative, slash-separated paths chosen by the application (never by the uploader).
 */
export interface FileStorage {
  /** Moves a finished local file into storage under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  /** The file's bytes, or those of one range; a missing key fails the stream (code `ENOENT`). */
  read(key: string, range?: ByteRange): Readable;
  /** Size and last change of a stored file, or null when the key holds none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error: deletes are retried after failures. */
  remove(key: string): Promise<void>;
  /**
   * Resolves when the store can be used now (readiness, `guild storage:check`); otherwise throws an Error whose
   * message says what failed. Cheap enough to call on every readiness probe: it stores nothing.
   */
  check(): Promise<void>;
  /** Every stored key that starts with `prefix` (all keys without one), in no particular order. */
  keys(prefix?: string): AsyncIterable<string>;
  /** Releases open connections (the object store's); the store is not used afterwards. */
  close?(): void;
}

/** Bytes `start` to `end` of a file, both included (as HTTP's Range header counts them). */
export type ByteRange = Readonly<{ start: number; end: number }>;

export type StoredFileInfo = Readonly<{ size: number; modifiedAt: Date }>;

/** Modes of what the service creates under its data directory: readable by the service's user only. */
const OWNER_ONLY_DIRECTORY = 0o700;
const OWNER_ONLY_FILE = 0o600;

export class DiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    // Resolved once, so the escape check below compares absolute paths even when given a relative root.
    this.root = path.resolve(root);
  }

  #pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return full;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.#pathOf(key);
    // Owner-only (issue 10, low list): uploaded CVs and attachments are personal data, and other users of the host
    // have no business reading them. Folders this creates are 0700; every stored file ends up 0600, whatever mode
    // the file it came from had.
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    try {
      await fs.promises.chmod(localPath, OWNER_ONLY_FILE);
      await fs.promises.rename(localPath, target);
    } catch (error) {
      // Temp files may sit on another device than the storage root. Copy beside the target and rename, so a reader
      // never sees a half-copied file under the key.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
      try {
        await fs.promises.copyFile(localPath, partial);
        await fs.promises.chmod(partial, OWNER_ONLY_FILE);
        await fs.promises.rename(partial, target);
      } finally {
        await fs.promises.rm(partial, { force: true });
      }
      await fs.promises.rm(localPath, { force: true });
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return fs.createReadStream(this.#pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const stats = await fs.promises.stat(this.#pathOf(key));
      return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.#pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    try {
      // The folder is created on first use, as putFile would; a folder that exists but cannot be written is the
      // failure an operator must hear about (a read-only or unmounted volume).
      await fs.promises.mkdir(this.root, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
      await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    } catch (error) {
      throw new Error(`The storage folder ${this.root} cannot be used: ${(error as Error).message}`, { cause: error });
    }
  }

  async *keys(prefix = ''): AsyncIterable<string> {
    // Walk only the folder the prefix names (`cvs/7/a` → `cvs/7`), then keep the keys that start with it.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder === '' ? this.root : this.#pathOf(folder);
    for await (const key of walkFiles(start, folder)) if (key.startsWith(prefix)) yield key;
  }
}

/** The files under `directory` as keys (`base/…`, slash-separated); a missing folder holds none. */
async function* walkFiles(directory: string, base: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(directory, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of entries) {
    const key = base === '' ? entry.name : `${base}/${entry.name}`;
    if (entry.isDirectory()) yield* walkFiles(path.join(directory, entry.name), key);
    else if (entry.isFile()) yield key;
  }
}

export type WarningLogger = { warn(details: object, message: string): void };

/**
 * Deletes a stored file that no committed row names any more (replaced, or stored for a write that rolled back).
 * The request's outcome is already decided by then, so a failure is logged, leaving an orphan to clean up, rather
 * than turned into an error for a change that did happen.
 */
export async function removeQuietly(storage: FileStorage, key: string, log: WarningLogger): Promise<void> {
  try {
    await storage.remove(key);
  } catch (error) {
    log.warn({ err: error, storageKey: key }, 'could not remove a stored file');
  }
}
