import { parentPort } from 'node:worker_threads';
import { UnreadableDocumentError, type UnreadableReason } from './errors.ts';
import { type DocumentKind, type RawDocument, type ReadLimits, readDocument } from './readers.ts';

/** The parsing thread: one request at a time from DocumentReader, answered with the raw text or why there is none. */
export type ParseRequest = { id: number; kind: DocumentKind; data: Uint8Array; limits: ReadLimits };

export type ParseReply =
  | ({ id: number; ok: true } & RawDocument)
  | { id: number; ok: false; reason: UnreadableReason; detail: string | null };

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread.');

port.on('message', async (request: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id: request.id, ok: true, ...(await readDocument(request.kind, request.data, request.limits)) };
  } catch (error) {
    // readDocument already turns every parser failure into a reason; this is the net under it.
    const unreadable =
      error instanceof UnreadableDocumentError ? error : new UnreadableDocumentError('damaged', String(error));
    reply = { id: request.id, ok: false, reason: unreadable.reason, detail: unreadable.detail };
  }
  port.postMessage(reply);
});
