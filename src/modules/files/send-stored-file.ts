import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { rangeRequestOf } from './byte-range.ts';

/** A stored file as a download: where it is, what it is, and how clients may keep it. */
export type StoredFileDownload = {
  key: string;
  contentType: string;
  /** Sent as `Content-Disposition: attachment` with this name; absent for files shown inline (logos). */
  fileName?: string;
  cacheControl: string;
  /** The resource named in the 404 when the row names a file the store does not hold ("Logo not found."). */
  resource: string;
};

/**
 * Streams a stored file from either adapter, never buffering it: the store is asked for the size first, so the
 * status and headers are right before a byte is sent, then the body is piped from the store. Single byte ranges are
 * honoured (206 with Content-Range, 416 past the end, `Accept-Ranges: bytes` always), so a browser or a download
 * manager can resume a large attachment. A failing store is a 503 (StorageUnavailableError) before the headers;
 * one failing mid-body cuts the response, which the client sees as an incomplete download.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFileDownload,
): Promise<FastifyReply> {
  const info = await storage.stat(file.key);
  if (!info) throw AppError.notFound(file.resource);
  reply.header('cache-control', file.cacheControl).header('accept-ranges', 'bytes');

  // If-Range asks for the range only if the file is unchanged; without validators to compare, send it whole.
  const asked = request.headers['if-range'] === undefined ? request.headers.range : undefined;
  const wanted = rangeRequestOf(asked, info.size);
  if (wanted.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${info.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message: `The requested range is outside the file, which has ${info.size} bytes.` });
  }
  // The file's own headers only on answers that carry (part of) the file: a 416 is a JSON error, not a download.
  reply.header('content-type', file.contentType);
  if (file.fileName !== undefined) reply.header('content-disposition', contentDisposition(file.fileName));
  if (wanted.kind === 'range') {
    const { start, end } = wanted.range;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${info.size}`)
      .header('content-length', end - start + 1)
      .send(storage.read(file.key, wanted.range));
  }
  return reply.header('content-length', info.size).send(storage.read(file.key));
}

/** `filename="…"` for any name: quotes and non-ASCII go in the RFC 5987 `filename*` form, with an ASCII fallback. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
