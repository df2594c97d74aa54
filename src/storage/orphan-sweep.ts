import type { Db } from '../db/database.ts';
import type { FileStorage } from './file-storage.ts';
import { claimDueSweep, namedKeys, recordSweep } from './stored-files.repository.ts';

/**
 * A file no row names is an orphan: left by a process that died between storing a file and writing its row (or
 * before removing a replaced one), or by a removal that failed. Requests never leave one otherwise (store, then write,
 * then compensate: store-then-write.ts). The sweep removes orphans older than ORPHAN_GRACE_MS, so a file stored for
 * a write still in progress is never taken: keys are random and new for every upload, so a row that names a file
 * always comes within one request of storing it.
 */
export const ORPHAN_GRACE_MS = 24 * 3600 * 1000;
/** One sweep per this period across all processes (the `storage_sweeps` row says when the next is due). */
export const SWEEP_INTERVAL_MS = 24 * 3600 * 1000;
const BATCH = 500;

export type Orphan = { key: string; modifiedAt: Date };

/** Stored files no row names, stored before `storedBefore` (any time, when null). */
export async function* findOrphans(db: Db, storage: FileStorage, storedBefore: Date | null): AsyncGenerator<Orphan> {
  let batch: string[] = [];
  const orphansIn = async function* (keys: string[]): AsyncGenerator<Orphan> {
    const named = await namedKeys(db, keys);
    for (const key of keys) {
      if (named.has(key)) continue;
      const info = await storage.stat(key);
      if (info && (storedBefore === null || info.modifiedAt < storedBefore)) yield { key, modifiedAt: info.modifiedAt };
    }
  };
  for await (const key of storage.keys()) {
    batch.push(key);
    if (batch.length === BATCH) {
      yield* orphansIn(batch);
      batch = [];
    }
  }
  yield* orphansIn(batch);
}

/** Removes the orphans older than the grace period and records the sweep; returns how many it removed. */
export async function sweepOrphans(deps: { db: Db; storage: FileStorage }, now = new Date()): Promise<number> {
  let removed = 0;
  for await (const orphan of findOrphans(deps.db, deps.storage, new Date(now.getTime() - ORPHAN_GRACE_MS))) {
    await deps.storage.remove(orphan.key);
    removed++;
  }
  await recordSweep(deps.db, new Date().toISOString(), removed);
  return removed;
}

/**
 * The `storage.sweep-orphans` job: every worker process queues it every 15 minutes (PERIODIC_JOBS), and the
 * run that moves the schedule row's `next_run_at` a period on sweeps; the others end after that one UPDATE. So one
 * sweep per period runs across all processes, however many queue it. Returns how many it removed, or null when no
 * sweep was due. A sweep that fails half-way is not retried before the next period: its orphans only wait longer.
 */
export async function runDueSweep(deps: { db: Db; storage: FileStorage }, now = new Date()): Promise<number | null> {
  const next = new Date(now.getTime() + SWEEP_INTERVAL_MS).toISOString();
  if (!(await claimDueSweep(deps.db, now.toISOString(), next))) return null;
  return sweepOrphans(deps, now);
}
