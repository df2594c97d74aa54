import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints on a thread of their own. Left to itself, SQLite copies the WAL into the database file
 * inside the commit that takes the WAL past 1,000 pages: on the bench's declines one commit in about seventy took
 * 7–26 ms instead of 0.08, and the event loop, with every request in flight, waited that long (docs/performance.md,
 * "Checkpoints off the request path"). Once this process's database has a WAL worth checkpointing (`startAtBytes`,
 * looked at every `lookEveryMs`; a small or idle database never starts a thread), a thread with its own connection
 * runs a passive checkpoint every `checkpointEveryMs`, which never waits for a reader or a writer, and the
 * connection's own automatic checkpoint is moved out to `BACKSTOP_PAGES`, where it only acts if the thread stops.
 */
export type CheckpointOptions = {
  startAtBytes?: number;
  lookEveryMs?: number;
  checkpointEveryMs?: number;
  /** Hears each checkpoint the thread ran (tests). */
  onCheckpoint?: (result: CheckpointResult) => void;
};

/** What one `PRAGMA wal_checkpoint(PASSIVE)` did: whether it was kept from finishing, WAL frames, frames copied. */
export type CheckpointResult = { busy: number; log: number; checkpointed: number };
type CheckpointMessage = { result: CheckpointResult } | { error: string };

/**
 * The thread: its own connection to the file, a passive checkpoint every `everyMs` (it copies what it can without
 * waiting for a reader or the write lock), each result sent back only when someone listens (`report`; otherwise five
 * messages a second would wake the event loop for nothing), an error always; 'close' closes the connection and ends
 * the thread.
 * Plain JavaScript on purpose: a .ts file would load Node's type stripper into the thread, 29 MB of RSS instead of 19.
 * The page cache is kept small: a checkpoint copies from the WAL file to the database file without it.
 */
const THREAD_CODE = `
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA cache_size = -256');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    const result = checkpoint.get();
    if (workerData.report) parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * A WAL this large has been written past the most the migrations of a new database write (2.2 MB), and is near where
 * SQLite checkpoints by itself (1,000 frames, 4.1 MB, after which it writes the WAL from its start again, so the
 * file does not grow past that): the process writes enough to meet those checkpoints, and a test's database does not.
 */
const START_AT_BYTES = 3 * 1024 * 1024;
/** SQLite's own default, which the connection keeps until the thread runs. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** 40 MB of WAL at 4 KB pages: reached only if the thread has stopped or cannot keep up. */
export const BACKSTOP_PAGES = 10_000;

export class SqliteCheckpoints {
  readonly #file: string;
  readonly #setAutocheckpoint: (pages: number) => Promise<void>;
  readonly #options: Required<Omit<CheckpointOptions, 'onCheckpoint'>> & Pick<CheckpointOptions, 'onCheckpoint'>;
  readonly #looking: NodeJS.Timeout;
  #thread: Worker | null = null;
  #closed = false;

  /** `setAutocheckpoint` sets `wal_autocheckpoint` on the connection the application writes through. */
  constructor(file: string, setAutocheckpoint: (pages: number) => Promise<void>, options: CheckpointOptions = {}) {
    this.#file = file;
    this.#setAutocheckpoint = setAutocheckpoint;
    this.#options = {
      startAtBytes: options.startAtBytes ?? START_AT_BYTES,
      lookEveryMs: options.lookEveryMs ?? 1000,
      checkpointEveryMs: options.checkpointEveryMs ?? 200,
      onCheckpoint: options.onCheckpoint,
    };
    this.#looking = setInterval(() => void this.#startIfWorthIt(), this.#options.lookEveryMs).unref();
  }

  /** Whether the thread runs (tests). */
  get running(): boolean {
    return this.#thread !== null;
  }

  async #startIfWorthIt(): Promise<void> {
    const size = fs.statSync(`${this.#file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (this.#closed || this.#thread || size < this.#options.startAtBytes) return;
    clearInterval(this.#looking);
    const thread = new Worker(THREAD_CODE, {
      eval: true,
      workerData: {
        file: this.#file,
        everyMs: this.#options.checkpointEveryMs,
        report: this.#options.onCheckpoint !== undefined,
      },
      // It holds one statement: a heap of a few MB, not the tens V8 would let a thread's young generation reach.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    thread.unref();
    this.#thread = thread;
    thread.on('message', (message: CheckpointMessage) => {
      if ('result' in message) this.#options.onCheckpoint?.(message.result);
      else console.warn(`SQLite checkpoint thread: ${message.error}`);
    });
    thread.on('error', (error) => {
      console.warn(`SQLite checkpoint thread stopped (${error.message}); the connection checkpoints again itself.`);
      this.#thread = null;
      void this.#setAutocheckpoint(DEFAULT_AUTOCHECKPOINT_PAGES).catch(() => {});
    });
    await this.#setAutocheckpoint(BACKSTOP_PAGES);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#looking);
    const thread = this.#thread;
    this.#thread = null;
    if (!thread) return;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    thread.postMessage('close');
    await exited;
  }
}
