import { Worker } from 'node:worker_threads';
import { UnreadableDocumentError } from './errors.ts';
import type { ParseReply, ParseRequest } from './parse-worker.ts';
import type { DocumentKind, RawDocument, ReadLimits } from './readers.ts';

/**
 * Runs the format parsers in a worker thread, one document at a time. A parser cannot be interrupted from outside
 * while it computes, so a file that makes it loop or swell would otherwise stall the whole process: here the thread
 * is terminated when a document overruns its time or its memory, the document is reported unreadable, and the next
 * one gets a fresh thread. The thread is kept between documents (loading pdf.js once) but does not keep the process
 * alive while idle.
 */
export type ReadRequest = { kind: DocumentKind; data: Uint8Array; limits: ReadLimits; timeoutMs: number };

type Pending = ReadRequest & {
  id: number;
  resolve(document: RawDocument): void;
  reject(error: Error): void;
};

/** Heap for one document's parse; a file that needs more is not a CV. */
const WORKER_HEAP_MB = 256;
/**
 * Memory outside the heap (ArrayBuffers: inflated streams, image data) one parse may hold. The heap cap does not
 * count it, so the thread is watched: past this it is terminated and the document reported as unpacking to too much.
 * The parsers check what they can before inflating (zip-budget.ts, pdf-budget.ts); this is the net under them.
 */
const WORKER_EXTERNAL_MB = 160;
/** How often the thread's memory is read while it parses. */
const MEMORY_POLL_MS = 10;

export class DocumentReader {
  #worker: Worker | null = null;
  #current: Pending | null = null;
  #timer: NodeJS.Timeout | null = null;
  #memoryWatch: NodeJS.Timeout | null = null;
  readonly #queue: Pending[] = [];
  #nextId = 1;

  read(request: ReadRequest): Promise<RawDocument> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...request, id: this.#nextId++, resolve, reject });
      this.#startNext();
    });
  }

  #startNext(): void {
    if (this.#current) return;
    const next = this.#queue.shift();
    if (!next) {
      this.#worker?.unref();
      return;
    }
    this.#current = next;
    const worker = this.#ensureWorker();
    worker.ref();
    this.#timer = setTimeout(() => {
      this.#finish(next, new UnreadableDocumentError('timeout', `no answer within ${next.timeoutMs} ms`));
      void this.#discardWorker();
      this.#startNext();
    }, next.timeoutMs);
    this.#watchMemory(worker, next);
    const message: ParseRequest = { id: next.id, kind: next.kind, data: next.data, limits: next.limits };
    worker.postMessage(message);
  }

  /** Reads the thread's memory while it parses `pending` (an interrupt: answered even mid-computation). */
  #watchMemory(worker: Worker, pending: Pending): void {
    // Worker heap statistics came with Node 22.16; without them only the checks before parsing and the heap cap hold.
    if (typeof worker.getHeapStatistics !== 'function') return;
    let reading = false;
    this.#memoryWatch = setInterval(async () => {
      if (reading) return;
      reading = true;
      try {
        const { external_memory: external } = await worker.getHeapStatistics();
        if (this.#current !== pending || external <= WORKER_EXTERNAL_MB * 1024 * 1024) return;
        const detail = `the parser held ${Math.round(external / 1024 / 1024)} MB outside its heap`;
        this.#finish(pending, new UnreadableDocumentError('expands_too_much', detail));
        void this.#discardWorker();
        this.#startNext();
      } catch {
        // The thread ended between two reads; its exit handler reports the document.
      } finally {
        reading = false;
      }
    }, MEMORY_POLL_MS);
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on('message', (reply: ParseReply) => {
      const current = this.#current;
      if (!current || current.id !== reply.id) return;
      if (reply.ok) this.#finish(current, null, reply);
      else this.#finish(current, new UnreadableDocumentError(reply.reason, reply.detail));
      this.#startNext();
    });
    // A thread that dies mid-document fails that document only. Running out of memory is the document's doing (it
    // is not a CV a person wrote); any other death is a fault of ours, passed on as it is so that the job retries.
    const onDeath = (failure: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      if (this.#current) this.#finish(this.#current, failure);
      this.#startNext();
    };
    worker.on('error', (error: NodeJS.ErrnoException) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      onDeath(
        outOfMemory ? new UnreadableDocumentError('damaged', `parser ran out of memory: ${error.message}`) : error,
      );
    });
    worker.on('exit', (code) => onDeath(new Error(`The document parser thread exited with code ${code}.`)));
    this.#worker = worker;
    return worker;
  }

  #finish(pending: Pending, error: Error | null, document?: RawDocument): void {
    if (this.#current !== pending) return;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#memoryWatch) clearInterval(this.#memoryWatch);
    this.#timer = null;
    this.#memoryWatch = null;
    this.#current = null;
    if (error) pending.reject(error);
    else pending.resolve({ text: document!.text, pages: document!.pages, truncatedPages: document!.truncatedPages });
  }

  async #discardWorker(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}
