import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The embedded default is the local disk; an object store can implement the same four
 * operations. Keys are relative, slash-separated paths chosen by the application (never by the uploader).
 */
export interface FileStorage {
  /** Moves a finished local file into storage under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error: deletes are retried after failures. */
  remove(key: string): Promise<void>;
}

export class DiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  #pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return full;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.#pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(localPath, target);
    } catch (error) {
      // Temp files may sit on another device than the storage root.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fs.promises.copyFile(localPath, target);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  read(key: string): Readable {
    return fs.createReadStream(this.#pathOf(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.#pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.#pathOf(key), { force: true });
  }
}
