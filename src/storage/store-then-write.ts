import { type FileStorage, removeQuietly, type WarningLogger } from './file-storage.ts';

/** A file to move into storage: the key it is stored under and the local (temp) file it comes from. */
export type FileToStore = { key: string; localPath: string };

const SILENT: WarningLogger = { warn() {} };

/**
 * The order every upload follows (docs/development.md, rule 8 of a module): store the files, then run `write` — the
 * database write that names them — and if storing or writing fails, remove what was stored and rethrow, so that no
 * request leaves a file that no row names. Removal failures are logged to `log` (an orphan to clean up), never
 * thrown over the error that caused them. A file the write replaced is the caller's to remove once `write`
 * returned, i.e. after its transaction committed.
 */
export async function storeThenWrite<T>(
  storage: FileStorage,
  files: readonly FileToStore[],
  write: () => Promise<T>,
  log: WarningLogger = SILENT,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await storage.putFile(file.key, file.localPath);
      stored.push(file.key);
    }
    return await write();
  } catch (error) {
    await Promise.all(stored.map((key) => removeQuietly(storage, key, log)));
    throw error;
  }
}
