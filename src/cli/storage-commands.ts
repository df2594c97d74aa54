import pLimit from 'p-limit';
import { createStorage } from '../storage/create-storage.ts';
import { findOrphans, ORPHAN_GRACE_MS } from '../storage/orphan-sweep.ts';
import { lastSweep, type StoredFileRow, storedFileRows } from '../storage/stored-files.repository.ts';
import { CommandFailure } from './cli-errors.ts';
import type { Command } from './command.ts';
import { formatTable } from './jobs-commands.ts';

/** Look-ups in flight at once: an object store answers each in a round trip, so a large install needs them side by side. */
const CONCURRENT_LOOKUPS = 16;

const WHAT: Record<StoredFileRow['table'], string> = {
  volunteers: 'CV of contributor',
  companies: 'logo of company',
  submission_attachments: 'solution attachment',
};

/** Operator commands for the file store (local folder or S3 bucket, as STORAGE_URL says). */
export const storageCommands: Record<string, Command> = {
  'storage:check': {
    summary:
      'Check that the file store can be used and holds every file a row names (CVs, logos, attachments); exits 1 and lists the missing ones.',
    options: {
      orphans: {
        type: 'boolean',
        description: `Also list stored files no row names (the daily sweep removes those stored over ${ORPHAN_GRACE_MS / 3_600_000} hours ago).`,
      },
    },
    examples: ['guild storage:check', 'STORAGE_URL=s3://guild-files/prod guild storage:check --orphans'],
    async run({ db, config, print }, options) {
      const storage = await createStorage(config);
      const where = config.objectStore
        ? `s3://${config.objectStore.bucket}/${config.objectStore.prefix}`
        : config.storageDir;
      try {
        try {
          await storage.check();
        } catch (error) {
          throw new CommandFailure((error as Error).message);
        }
        const limit = pLimit(CONCURRENT_LOOKUPS);
        const lookups: Array<Promise<StoredFileRow | null>> = [];
        for await (const row of storedFileRows(db)) {
          lookups.push(limit(async () => ((await storage.exists(row.key)) ? null : row)));
        }
        const missing = (await Promise.all(lookups)).filter((row) => row !== null);
        print(
          `Checked ${lookups.length} stored file${lookups.length === 1 ? '' : 's'} in ${where}: ${missing.length} missing.`,
        );
        if (missing.length > 0) {
          const rows = missing.map((row) => [`${WHAT[row.table]} #${row.id}`, row.key]);
          for (const line of formatTable(['ROW', 'MISSING KEY'], rows)) print(line);
        }

        if (options.orphans) {
          const orphans = [];
          for await (const orphan of findOrphans(db, storage, null)) orphans.push(orphan);
          print(`${orphans.length} stored file${orphans.length === 1 ? '' : 's'} no row names.`);
          if (orphans.length > 0) {
            const rows = orphans.map((orphan) => [orphan.modifiedAt.toISOString(), orphan.key]);
            for (const line of formatTable(['STORED AT', 'ORPHAN KEY'], rows)) print(line);
          }
          const sweep = await lastSweep(db);
          print(
            sweep?.last_finished_at
              ? `The last sweep finished at ${sweep.last_finished_at} and removed ${sweep.last_removed ?? 0}; the next is due at ${sweep.next_run_at}.`
              : 'No sweep has run yet.',
          );
        }
        if (missing.length > 0) {
          throw new CommandFailure(
            `${missing.length} row${missing.length === 1 ? ' names a file' : 's name files'} the store does not hold.`,
          );
        }
      } finally {
        storage.close?.();
      }
    },
  },
};
