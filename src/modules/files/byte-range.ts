import type { ByteRange } from '../../storage/file-storage.ts';

/**
 * What a `Range` request header asks of a file of `size` bytes (RFC 9110 §14): one range to send as a 206, a range
 * past the end (416), or nothing the server must honour (no header, another unit, several ranges, bad syntax), which
 * is answered with the whole file as a 200, as the RFC allows. Several ranges are not served: no client of ours asks
 * for them, and a multipart/byteranges body would buy nothing over the whole file.
 */
export type RangeRequest = { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'range'; range: ByteRange };

const WHOLE: RangeRequest = { kind: 'whole' };
const UNSATISFIABLE: RangeRequest = { kind: 'unsatisfiable' };

export function rangeRequestOf(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return WHOLE;
  const value = header.trim();
  if (value.slice(0, 6).toLowerCase() !== 'bytes=') return WHOLE;
  const spec = value.slice(6).trim();
  const dash = spec.indexOf('-');
  if (spec.includes(',') || dash < 0) return WHOLE;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();

  if (first === '') {
    // `bytes=-N`: the last N bytes.
    if (!isDigits(last)) return WHOLE;
    const length = Number(last);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  if (!isDigits(first) || (last !== '' && !isDigits(last))) return WHOLE;
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return WHOLE; // an invalid range-spec: the header is ignored
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'range', range: { start, end: Math.min(end, size - 1) } };
}

function isDigits(text: string): boolean {
  return text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');
}
